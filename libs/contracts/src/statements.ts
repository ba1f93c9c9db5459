import { isDateOnly } from '@avpass/domain';
import { z } from 'zod';
import { languageSchema } from './languages';
import { uuidParam } from './common';
import { SORT_ORDERS, type SortOrder } from './vouchers/lists';
import { numberInput, pageLimit } from './validation';

/**
 * Partner statements (issue 39): what a partner honoured, what the club owes it and what it owes the
 * club, for a calendar month in BUSINESS_TIMEZONE (or any range, as a live preview). Every amount is
 * integer cents. The figures are sums over the statements service's ledger (`statement_entries`), one
 * row per economic event the other services publish: a redemption or its cancel (vouchers), a charge
 * to an athlete credit or its void (credits), a usage report on merchandise allocated to the partner
 * (inventory).
 */

/** The longest range a preview covers: a year and a day (a leap year's statement of a whole year). */
export const MAX_PREVIEW_DAYS = 367;
export const PREVIEW_RANGE_MESSAGE = 'from must be on or before to';
export const PREVIEW_LENGTH_MESSAGE = `A preview covers at most ${MAX_PREVIEW_DAYS} days`;

const dayField = (name: 'from' | 'to') =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    .trim()
    .refine(isDateOnly, `${name} must be a date (YYYY-MM-DD)`);

const DAY_MS = 86_400_000;
/** Days from `from` through `to`, both 'YYYY-MM-DD' (calendar arithmetic: DST does not matter). */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * GET /api/statements/preview?partnerId=&from=&to=: the live figures of the business days `from`
 * through `to`. The administrator names the partner; a company previews its own (partnerId optional).
 */
export const statementPreviewQuerySchema = z
  .object({
    partnerId: uuidParam.optional(),
    from: dayField('from'),
    to: dayField('to'),
  })
  .superRefine((q, ctx) => {
    if (!isDateOnly(q.from) || !isDateOnly(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: PREVIEW_RANGE_MESSAGE });
    else if (daysInRange(q.from, q.to) > MAX_PREVIEW_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: PREVIEW_LENGTH_MESSAGE });
  });
export type StatementPreviewQuery = z.infer<typeof statementPreviewQuerySchema>;

const cents = z.number().int();

/** Vouchers honoured, by voucher or batch (`subjectId`): what was sold, given, and who funds it. */
export const voucherLineSchema = z.object({
  subjectId: z.string().uuid(),
  /** 'batch' or 'voucher': what subjectId names. */
  subjectType: z.enum(['batch', 'voucher']),
  label: z.string(),
  redemptions: z.number().int(),
  salesCents: cents,
  discountCents: cents,
  clubFundedCents: cents,
  partnerFundedCents: cents,
  /** Club-funded percentage redemptions without a sale amount: counted 0, for the shop to ask about. */
  withoutSaleAmount: z.number().int(),
});
export type VoucherLine = z.infer<typeof voucherLineSchema>;

/** Merchandise reported used at the partner, by item: units × the partner price. */
export const merchandiseLineSchema = z.object({
  subjectId: z.string().uuid(),
  label: z.string(),
  units: z.number().int(),
  amountCents: cents,
});
export type MerchandiseLine = z.infer<typeof merchandiseLineSchema>;

export const statementTotalsSchema = z.object({
  /** Club-funded discounts plus athlete credit charges (less voids and late cancels). */
  clubOwesCents: cents,
  /** Merchandise used at the partner price. */
  partnerOwesCents: cents,
  /** clubOwesCents - partnerOwesCents: positive, the club pays the partner. */
  netCents: cents,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

/** The most lines a section answers at once; `more` says how many it left out (the PDF and CSV have all). */
export const PREVIEW_LINES = 200;

export const statementPreviewSchema = z.object({
  partnerId: z.string().uuid(),
  from: z.string(),
  to: z.string(),
  vouchers: z.object({
    lines: z.array(voucherLineSchema),
    more: z.number().int(),
    redemptions: z.number().int(),
    salesCents: cents,
    discountCents: cents,
    clubFundedCents: cents,
    partnerFundedCents: cents,
    withoutSaleAmount: z.number().int(),
  }),
  /** Cancels of redemptions made before `from`: they change what an earlier statement counted. */
  adjustments: z.object({
    lines: z.array(voucherLineSchema),
    more: z.number().int(),
    redemptions: z.number().int(),
    clubFundedCents: cents,
  }),
  credits: z.object({
    charges: z.number().int(),
    chargedCents: cents,
    voids: z.number().int(),
    voidedCents: cents,
    /** chargedCents - voidedCents: what the club owes for them. */
    netCents: cents,
  }),
  merchandise: z.object({
    lines: z.array(merchandiseLineSchema),
    more: z.number().int(),
    units: z.number().int(),
    amountCents: cents,
  }),
  totals: statementTotalsSchema,
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

/** 'YYYY-MM': a calendar month in BUSINESS_TIMEZONE. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const PERIOD_MESSAGE = 'period must be a month (YYYY-MM)';
export const periodField = z
  .string({ error: PERIOD_MESSAGE })
  .trim()
  .regex(PERIOD_PATTERN, PERIOD_MESSAGE)
  .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, PERIOD_MESSAGE);

/**
 * A statement's life (each step audited): issued (frozen lines) → approved by the partner, or disputed;
 * a disputed one is resolved by the administrator into a new revision (the old one is kept, superseded)
 * → paid (date and reference). The draft is the live preview, not a row.
 */
export const STATEMENT_STATUSES = ['issued', 'approved', 'disputed', 'superseded', 'paid'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_SECTIONS = [
  'vouchers',
  'adjustments',
  'credits',
  'merchandise',
  'resolution',
] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];

export const statementSchema = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  /** The partner's name now (a deleted partner: "Partner" and its short id). */
  partnerName: z.string(),
  /**
   * The partner's legal name now, its name when it has none (added with the payout export: absent from
   * a statements service that predates it).
   */
  partnerLegalName: z.string().optional(),
  period: z.string(),
  revision: z.number().int().positive(),
  status: z.enum(STATEMENT_STATUSES),
  clubOwesCents: cents,
  partnerOwesCents: cents,
  netCents: cents,
  lineCount: z.number().int(),
  issuedAt: z.string(),
  approvedAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  disputedLineIds: z.array(z.string().uuid()),
  resolution: z.string().nullable(),
  supersedesId: z.string().uuid().nullable(),
  paidAt: z.string().nullable(),
  paidReference: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

/** One frozen line: a voucher or batch, a credit, an item, or an adjustment the administrator made. */
export const statementLineSchema = z.object({
  id: z.string().uuid(),
  section: z.enum(STATEMENT_SECTIONS),
  subjectType: z.string(),
  subjectId: z.string().uuid().nullable(),
  label: z.string(),
  /** Redemptions, charges or units (net of reversals). */
  quantity: z.number().int(),
  /** Cancels or voids among them. */
  reversals: z.number().int(),
  salesCents: cents,
  discountCents: cents,
  partnerFundedCents: cents,
  clubOwesCents: cents,
  partnerOwesCents: cents,
  withoutSaleAmount: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** GET /api/statements/{id}: the statement and a page of its lines (in section order; `cursor` for more). */
export const statementDetailSchema = statementSchema.extend({
  lines: z.array(statementLineSchema),
  nextCursor: z.string().nullable(),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

const limitField = pageLimit(200).default(50);
/** An amount of an adjustment, in whole cents (negative: less is owed). */
const adjustmentCents = (label: string) =>
  numberInput(label, { kind: 'a whole number of cents' })
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number of cents`)
        .min(-100_000_000, `${label} must be at least -$1,000,000`)
        .max(100_000_000, `${label} must be at most $1,000,000`),
    )
    .default(0);
const cursorField = z.string().max(400, 'cursor must be at most 400 characters').optional();

export const statementDetailQuerySchema = z.object({ id: uuidParam, cursor: cursorField, limit: limitField });

/**
 * The sorts of the statements tables: `issuedAt` (the default, newest first), `status` (A–Z),
 * `clubOwes`, `partnerOwes` and `net` (most first). Each is an index of `statements`, within a period
 * and across them (statements migration 0006), paged by keyset. The partner's name is not a sort: it
 * is the partners service's, not a column of a statement.
 */
export const STATEMENT_SORTS = ['issuedAt', 'status', 'clubOwes', 'partnerOwes', 'net'] as const;
export type StatementSort = (typeof STATEMENT_SORTS)[number];
export const STATEMENT_SORT_DEFAULT_ORDER: Readonly<Record<StatementSort, SortOrder>> = {
  issuedAt: 'desc',
  status: 'asc',
  clubOwes: 'desc',
  partnerOwes: 'desc',
  net: 'desc',
};

/**
 * GET /api/statements: newest first, or by `sort` / `order`; the administrator every partner's (or
 * one's), a company its own.
 */
export const statementListQuerySchema = z.object({
  period: periodField.optional(),
  status: z.enum(STATEMENT_STATUSES, `status must be one of ${STATEMENT_STATUSES.join(', ')}`).optional(),
  partnerId: uuidParam.optional(),
  sort: z.enum(STATEMENT_SORTS, `sort must be one of ${STATEMENT_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  cursor: cursorField,
  limit: limitField,
});
export const statementPageSchema = z.object({
  items: z.array(statementSchema),
  nextCursor: z.string().nullable(),
});
export type StatementPage = z.infer<typeof statementPageSchema>;

const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1-200 visible ASCII characters')
  .optional();

/** POST /api/statements/issue {period}: every partner's statement of a finished month, once. */
export const issueStatementsRequestSchema = z.object({ period: periodField, idempotencyKey });
export const issueStatementsResponseSchema = z.object({
  period: z.string(),
  /** Statements issued by this call. */
  issued: z.number().int(),
  /** Partners whose statement of the period existed already. */
  alreadyIssued: z.number().int(),
  /** True: still issuing after STATEMENTS_ISSUE_ANSWER_MS (the counts so far); statements keep appearing. */
  running: z.boolean().optional(),
});
export type IssueStatementsResponse = z.infer<typeof issueStatementsResponseSchema>;

const reasonField = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(1000, 'The reason must be at most 1000 characters');

export const approveStatementRequestSchema = z.object({ id: uuidParam });
/** GET /api/statements/{id}/pdf: `?language=es` (else the browser's Accept-Language) writes it in Spanish. */
export const statementPdfRequestSchema = approveStatementRequestSchema.extend({
  language: languageSchema.optional(),
});
/** POST /api/statements/{id}/dispute: a reason, and optionally the lines it is about. */
export const disputeStatementRequestSchema = z.object({
  id: uuidParam,
  reason: reasonField,
  lineIds: z.array(uuidParam).max(200, 'At most 200 lines').optional(),
});
/** One adjustment of a resolution: what the club or the partner owes more (negative: less). */
export const adjustmentSchema = z
  .object({
    label: z
      .string({ error: 'Each adjustment needs a description' })
      .trim()
      .min(1, 'Each adjustment needs a description')
      .max(200, 'A description must be at most 200 characters'),
    clubOwesCents: adjustmentCents('Club owes'),
    partnerOwesCents: adjustmentCents('Partner owes'),
  })
  .refine((a) => a.clubOwesCents !== 0 || a.partnerOwesCents !== 0, 'An adjustment must change an amount');
/** POST /api/statements/{id}/resolve: a new revision with the adjustments (none: as it stands). */
export const resolveStatementRequestSchema = z.object({
  id: uuidParam,
  reason: reasonField,
  adjustments: z.array(adjustmentSchema).max(50, 'At most 50 adjustments').default([]),
});
/** POST /api/statements/{id}/paid. */
export const markStatementPaidRequestSchema = z.object({
  id: uuidParam,
  paidAt: z
    .string({ error: 'paidAt is required (YYYY-MM-DD)' })
    .trim()
    .refine(isDateOnly, 'paidAt must be a date (YYYY-MM-DD)'),
  reference: z
    .string({ error: 'A payment reference is required' })
    .trim()
    .min(1, 'A payment reference is required')
    .max(200, 'The reference must be at most 200 characters'),
  /** The caller's Idempotency-Key (header): a retry answers the first payment, another body is a 409. */
  idempotencyKey,
});

/** The refusals of a move the statement's state does not allow (409). */
export const STATEMENT_REFUSALS = {
  periodNotOver: (period: string) => `${period} is not over yet: a statement is issued after the month ends`,
  notIssued: (status: StatementStatus) =>
    `This statement is ${status}: only an issued statement can be approved or disputed`,
  notDisputed: (status: StatementStatus) =>
    `This statement is ${status}: only a disputed statement can be resolved`,
  notPayable: (status: StatementStatus) =>
    `This statement is ${status}: only an issued or approved statement can be marked paid`,
  foreignLine: 'A disputed line is not on this statement',
  superseded: 'This statement was superseded by a new revision: re-send that one',
} as const;

/** A file name that says whose statement of which month (ASCII letters, digits and hyphens). */
export function statementFileName(
  partnerName: string,
  statement: Pick<Statement, 'period' | 'revision'>,
  ext: string,
) {
  const slug = partnerName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60);
  const revision = statement.revision > 1 ? `-rev${statement.revision}` : '';
  return `avpass-statement-${slug || 'partner'}-${statement.period}${revision}.${ext}`;
}

/** One e-mail of a statement to one of the partner's staff, as the administrator's screen shows it. */
export const statementDeliverySchema = z.object({
  recipient: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  /** Why the last attempt failed (the SMTP server's answer), or null. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const statementDeliveriesSchema = z.object({ items: z.array(statementDeliverySchema) });
export type StatementDeliveries = z.infer<typeof statementDeliveriesSchema>;
/** POST /api/statements/{id}/resend: failed mails sent again, and staff added since mailed. */
export const resendStatementResponseSchema = z.object({
  retried: z.number().int(),
  recorded: z.number().int(),
});

/** POST /api/statements/resend {period} (the administrator): every failed e-mail of the month again. */
export const resendFailedRequestSchema = z.object({ period: periodField });
export const resendFailedResponseSchema = z.object({
  period: z.string(),
  /** Failed e-mails queued again. */
  retried: z.number().int(),
  /** Statements they belong to. */
  statements: z.number().int(),
});
export type ResendFailedResponse = z.infer<typeof resendFailedResponseSchema>;

/** GET /api/statements/totals?period=: the month's current statements summed, and how many in each state. */
export const statementTotalsQuerySchema = z.object({ period: periodField });
export const periodTotalsSchema = statementTotalsSchema.extend({
  period: z.string(),
  statements: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;
