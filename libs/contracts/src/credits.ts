import { z } from 'zod';
import { optionalText, uploadUrl, uuidParam } from './common';
import { isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from './text';
import { numberInput, pageLimit } from './validation';
import {
  DATE_ONLY_PATTERN,
  idempotencyKeyField as idempotencyKey,
  listQuerySchema,
  SORT_ORDERS,
  type ListQuery,
  type SortOrder,
} from './vouchers';

/** Spec section 3: athlete_credits.athleteRole and credit_transactions' type and category. */
export const ATHLETE_ROLES = ['athlete', 'trainer', 'coach'] as const;
export const TRANSACTION_TYPES = ['purchase', 'service', 'equipment', 'other'] as const;
export const TRANSACTION_CATEGORIES = ['shoes', 'equipment', 'apparel', 'services', 'other'] as const;
/** Spec section 9: credit duration default 12 months; transaction category default equipment. */
export const DEFAULT_CREDIT_DURATION_MONTHS = 12;
export const DEFAULT_TRANSACTION_CATEGORY = 'equipment';
/** One allocation or one purchase is at most $1,000,000.00 (integer cents fit comfortably in int4). */
export const MAX_CREDIT_CENTS = 100_000_000;

/** Spec section 5 messages. */
export const CREDIT_MESSAGES = {
  athleteNameRequired: 'Athlete name is required',
  descriptionRequired: 'Description is required',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  amountWholeCents: 'Amount must be a whole number of cents',
  amountTooLarge: 'Amount must be at most $1,000,000.00',
  totalRequired: 'Total amount is required',
  totalPositive: 'Total amount must be a positive number',
  durationRequired: 'Duration is required',
  durationRange: 'Duration must be a whole number of months from 1 to 120',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  startBeforeEnd: 'Start date must be before the end date',
  reasonRequired: 'A reason is required to void a transaction',
  athleteNotFound: 'Athlete not found or has no active credits',
  memberNotFound: 'Member not found: they may have been erased or merged into another',
} as const;

/** Why a transaction was refused (409), in the words the till shows. */
export const CREDIT_REFUSALS = {
  expired: 'This credit has expired',
  inactive: 'This credit is no longer active',
  insufficient: 'Insufficient balance: this purchase would take the credit below zero',
  alreadyVoided: 'This transaction was already voided; nothing changed',
} as const;

const requiredText = (message: string, max = 500) =>
  z
    .string({ error: message })
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

/** An amount in cents: a positive whole number (the client converts dollars with dollarsToCents). */
export const centsField = (required: string = CREDIT_MESSAGES.amountRequired, label = 'Amount') =>
  numberInput(label, { required, kind: 'a number of cents' }).pipe(
    z
      .number()
      .int(CREDIT_MESSAGES.amountWholeCents)
      .positive(CREDIT_MESSAGES.amountPositive)
      .max(MAX_CREDIT_CENTS, CREDIT_MESSAGES.amountTooLarge),
  );

const dateField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(DATE_ONLY_PATTERN, 'Must be a date (YYYY-MM-DD)')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      const year = Number(v.slice(0, 4));
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && year >= 2000 && year <= 2100;
    }, 'Must be a real calendar date between 2000 and 2100');

/** POST /api/athlete-credits. monthlyAmount is computed by the service (sent values are ignored). */
export const createCreditRequestSchema = z
  .object({
    athleteName: requiredText(CREDIT_MESSAGES.athleteNameRequired, 200),
    athleteRole: z.enum(ATHLETE_ROLES, 'Role must be athlete, trainer or coach').default('athlete'),
    athleteImage: uploadUrl().nullish(),
    totalAmount: centsField(CREDIT_MESSAGES.totalRequired, 'Total amount'),
    monthlyAmount: z.unknown().optional(),
    duration: numberInput('Duration', { kind: 'a number of months' })
      .pipe(
        z
          .number()
          .int(CREDIT_MESSAGES.durationRange)
          .min(1, CREDIT_MESSAGES.durationRange)
          .max(120, CREDIT_MESSAGES.durationRange),
      )
      .default(DEFAULT_CREDIT_DURATION_MONTHS),
    startDate: dateField(CREDIT_MESSAGES.startRequired),
    endDate: dateField(CREDIT_MESSAGES.endRequired),
    notes: optionalText(2000),
    partnerId: uuidParam.nullish(),
    /**
     * The member this credit is for (issue 41, decision 336): optional, as an older client omits it; a
     * member the members service does not know (or erased) is a 400 on `memberId`.
     */
    memberId: z.string('memberId must be a member id').uuid('memberId must be a member id').nullish(),
    /** Ignored: the partner's name is read from the partners service. */
    partnerName: z.unknown().optional(),
    idempotencyKey,
  })
  .refine((v) => v.startDate < v.endDate, { path: ['endDate'], message: CREDIT_MESSAGES.startBeforeEnd })
  .transform(({ monthlyAmount: _m, partnerName: _p, ...rest }) => rest);
export type CreateCreditRequest = z.input<typeof createCreditRequestSchema>;

export const creditStatusSchema = z.enum(['active', 'expired', 'inactive']);
export type CreditStatus = z.infer<typeof creditStatusSchema>;

export const athleteCreditSchema = z.object({
  id: z.string().uuid(),
  athleteName: z.string(),
  athleteImage: z.string().nullable(),
  athleteRole: z.enum(ATHLETE_ROLES),
  totalAmount: z.number().int(),
  monthlyAmount: z.number().int(),
  duration: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  currentBalance: z.number().int(),
  usedAmount: z.number().int(),
  notes: z.string().nullable(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  /** The linked member (decision 336); answered to the administrator only (absent for a partner). */
  memberId: z.string().uuid().nullable().optional(),
  isActive: z.boolean(),
  /** Active while endDate (through its end in BUSINESS_TIMEZONE) has not passed; inactive once deactivated. */
  status: creditStatusSchema,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AthleteCredit = z.infer<typeof athleteCreditSchema>;

export const creditTransactionSchema = z.object({
  id: z.string().uuid(),
  creditId: z.string().uuid(),
  athleteName: z.string(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  transactionType: z.enum(TRANSACTION_TYPES),
  amount: z.number().int(),
  description: z.string(),
  category: z.enum(TRANSACTION_CATEGORIES),
  reference: z.string().nullable(),
  balanceAfter: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

const transactionFields = {
  amount: centsField(),
  description: requiredText(CREDIT_MESSAGES.descriptionRequired, 500),
  category: z
    .enum(TRANSACTION_CATEGORIES, 'Category must be shoes, equipment, apparel, services or other')
    .default(DEFAULT_TRANSACTION_CATEGORY),
  reference: optionalText(200),
  notes: optionalText(2000),
  idempotencyKey,
};

/** POST /api/credit-transactions (the administrator's ledger). */
export const recordLedgerTransactionRequestSchema = z.object({
  creditId: uuidParam,
  transactionType: z
    .enum(TRANSACTION_TYPES, 'Type must be purchase, service, equipment or other')
    .default('purchase'),
  ...transactionFields,
});
export type RecordLedgerTransactionRequest = z.input<typeof recordLedgerTransactionRequestSchema>;

/**
 * POST /api/credits/{id}/transactions (the partner's till). partnerId and partnerName in the body are
 * ignored: they come from the session
 * (docs/decisions/0058-the-tills-partner-comes-from-the-session-not-the-body.md).
 */
export const recordCreditTransactionRequestSchema = z
  .object({
    id: uuidParam,
    transactionType: z
      .enum(TRANSACTION_TYPES, 'Type must be purchase, service, equipment or other')
      .default('purchase'),
    partnerId: z.unknown().optional(),
    partnerName: z.unknown().optional(),
    ...transactionFields,
  })
  .transform(({ partnerId: _i, partnerName: _n, ...rest }) => rest);
export type RecordCreditTransactionRequest = z.input<typeof recordCreditTransactionRequestSchema>;

export const recordTransactionResponseSchema = z.object({
  message: z.string(),
  transaction: creditTransactionSchema,
  credit: athleteCreditSchema,
});

/** POST /api/credit-transactions/{id}/void {reason}. */
export const voidTransactionRequestSchema = z.object({
  id: uuidParam,
  reason: z
    .string({ error: CREDIT_MESSAGES.reasonRequired })
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .trim()
    .min(1, CREDIT_MESSAGES.reasonRequired)
    .max(500, 'Must be at most 500 characters'),
  idempotencyKey,
});
export const voidTransactionResponseSchema = recordTransactionResponseSchema;

export const deleteCreditResponseSchema = z.object({
  message: z.string(),
  /** 'deleted' when it had no transactions; 'deactivated' when its ledger must be kept. */
  outcome: z.enum(['deleted', 'deactivated']),
});

/**
 * The credits tables' sorts (issue 27): `createdAt` (the default, newest first), `athleteName` (A–Z
 * first, case-insensitive) and `endDate` (soonest first). Each is served by an index of active credits
 * (credits migrations 20261125, 20261208, 20261209) and keyset-paged. The balance is not a sort: a
 * charge updates it, and an index on it would make every charge write to every index of the table.
 */
export const CREDIT_SORTS = ['createdAt', 'athleteName', 'endDate'] as const;
export type CreditSort = (typeof CREDIT_SORTS)[number];
export const CREDIT_SORT_DEFAULT_ORDER: Readonly<Record<CreditSort, SortOrder>> = {
  createdAt: 'desc',
  athleteName: 'asc',
  endDate: 'asc',
};
/** The statuses a credits list shows (it lists active, not deactivated, credits): `active` or `expired`. */
export const CREDIT_LIST_STATUSES = ['active', 'expired'] as const;
export type CreditListStatus = (typeof CREDIT_LIST_STATUSES)[number];

/**
 * Lists: the voucher lists' paging and search (athlete name, or role), plus `sort`, `order`, `status`
 * (`active`/`expired` in the business time zone) and `partnerId` (the credits tied to that partner).
 * All optional: without them the list is what it was (newest first, unfiltered).
 */
export const creditListQuerySchema = listQuerySchema.extend({
  sort: z.enum(CREDIT_SORTS, `sort must be one of ${CREDIT_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(CREDIT_LIST_STATUSES, `status must be one of ${CREDIT_LIST_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface CreditListQuery extends ListQuery {
  sort?: CreditSort;
  order?: SortOrder;
  status?: CreditListStatus;
  partnerId?: string;
}
/** The ledger's statuses, as its chips show them: `completed` or `voided`. */
export const TRANSACTION_LIST_STATUSES = ['completed', 'voided'] as const;
export type TransactionListStatus = (typeof TRANSACTION_LIST_STATUSES)[number];

/**
 * The ledgers (GET /api/credit-transactions, /api/credits/partner-transactions): paging, search and
 * `creditId`, plus `sort` (only `createdAt`: the time is what a ledger is read by), `order` (`desc`,
 * newest first, the default; `asc`), `status` (completed | voided) and `partnerId`. All optional.
 */
export const transactionListQuerySchema = listQuerySchema.extend({
  creditId: uuidParam.optional(),
  sort: z.enum(['createdAt'], 'sort must be createdAt').optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z
    .enum(TRANSACTION_LIST_STATUSES, `status must be one of ${TRANSACTION_LIST_STATUSES.join(', ')}`)
    .optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface TransactionListQuery extends ListQuery {
  creditId?: string;
  sort?: 'createdAt';
  order?: SortOrder;
  status?: TransactionListStatus;
  partnerId?: string;
}

/** Most athletes one type-ahead call answers. */
export const SPENDABLE_ATHLETES_MAX_LIMIT = 50;

/**
 * GET /api/credits/spendable-athletes?search=&limit=&cursor=: the type-ahead of the partner's
 * "Athlete name" (issue 27), by athlete name A-Z, keyset-paged.
 */
export const spendableAthletesQuerySchema = z.object({
  search: safeText().trim().max(100, 'search must be at most 100 characters').optional(),
  limit: pageLimit(SPENDABLE_ATHLETES_MAX_LIMIT).default(10),
  /** The previous answer's `nextCursor`. */
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
});
export interface SpendableAthletesQuery {
  search?: string;
  limit?: number;
  cursor?: string;
}

/**
 * The credits the actor may process (a company: its own and those tied to no partner) that can be
 * spent now: active, balance above zero, not past the end date.
 */
export const spendableAthletesPageSchema = z.object({
  items: z.array(athleteCreditSchema),
  nextCursor: z.string().nullable(),
});
export type SpendableAthletesPage = z.infer<typeof spendableAthletesPageSchema>;

/** GET /api/credits/partner-summary: the Partner Credits cards, from counters. */
export const creditSummarySchema = z.object({
  activeAthletes: z.number().int(),
  todayTransactions: z.number().int(),
  monthSales: z.number().int(),
  pending: z.number().int(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

/** A page of a member's credits unless `limit` says otherwise (newest first); `total` says how many there are. */
export const MEMBER_CREDITS_MAX = 50;

/**
 * credits.members.balance.v1: a member's athlete credits (decision 336); `cursor` (the previous
 * answer's `nextCursor`) asks for the next page, `limit` its size (optional: added fields, decision 269).
 */
export const memberCreditsRequestSchema = z.object({
  memberId: uuidParam,
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
  limit: pageLimit(200).default(MEMBER_CREDITS_MAX),
});

/**
 * The member's linked credits that are not deactivated, newest first, a page at a time (keyset: the
 * next page's `nextCursor`, null at the end), and `balanceCents`, the remaining balance of those still
 * active (not past their end date) in integer cents: null when the member has no credit at all.
 */
export const memberCreditsSchema = z.object({
  balanceCents: z.number().int().nullable(),
  total: z.number().int().nonnegative(),
  credits: z.array(athleteCreditSchema),
  nextCursor: z.string().nullable().optional(),
});
export type MemberCredits = z.infer<typeof memberCreditsSchema>;
