import {
  DEFAULT_PARTNER_TYPE,
  DISCOUNT_TYPES,
  EXCLUSIVE_TYPES,
  MAX_FINITE_USAGE_LIMIT,
  PARTNER_TYPES,
  TRAINER_ROLES,
  UNLIMITED_USAGE_LIMIT,
  VOUCHER_STATUSES,
} from '@avpass/domain';
import { z } from 'zod';
import { safeText } from './text';
import { hasExactlyOneSource, optionalText, publicVoucherId, uploadUrl, UUID_PATTERN } from './common';
import { describeSent, numberInput, numberOrWord } from './validation';
import {
  REDEMPTION_CHANNELS,
  REDEMPTION_MODES,
  REDEMPTION_STATUSES,
  redemptionModeField,
} from './redemption-modes';

/**
 * Vouchers (QR codes), their redemptions, partner assignment and bulk batches: the REST contract of
 * spec section 7 ("Public", "QR codes", "Stats, admin lists"), shared by the gateway, the vouchers
 * service and the frontend.
 */

/** An `Idempotency-Key` header: 1-200 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1-200 visible ASCII characters';
/**
 * The optional `idempotencyKey` of every request that moves money, stock or a use: the gateway adds it
 * from the `Idempotency-Key` header; the service runs the call once per key (`Idempotency`, platform).
 */
export const idempotencyKeyField = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
  .optional();

export const QR_TYPES = ['partner', 'trainer', 'other'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** Written once in libs/domain (exclusive.ts), with the discount inference and the status rule. */
export { EXCLUSIVE_TYPES, type ExclusiveType } from '@avpass/domain';

/** The spec's default bulk ceiling was 50; ours is BULK_MAX_QUANTITY (default 100,000), named in the message. */
export const DEFAULT_BULK_MAX_QUANTITY = 100_000;
/** Codes of a new batch listed in the POST /api/bulk-generate answer (the rest are under the batch). */
export const BULK_FIRST_PAGE = 50;
export const bulkMaxMessage = (max: number) => `Maximum ${max.toLocaleString('en-US')} QR codes per batch`;

/** 'YYYY-MM-DD': a date-only expiry, valid through the end of that day in BUSINESS_TIMEZONE. */
export const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A sane range for expiry dates (year 0000 or 9999 is a typo, and PostgreSQL's date range ends). */
export const MIN_EXPIRATION_YEAR = 2000;
export const MAX_EXPIRATION_YEAR = 2100;
export const expirationDateField = z
  .string({ error: 'Expiration date is required' })
  .trim()
  .min(1, 'Expiration date is required')
  .regex(DATE_ONLY_PATTERN, 'Expiration date must be a date (YYYY-MM-DD)')
  .refine(isRealDate, 'Expiration date must be a real calendar date')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= MIN_EXPIRATION_YEAR && year <= MAX_EXPIRATION_YEAR;
  }, `Expiration date must be between ${MIN_EXPIRATION_YEAR} and ${MAX_EXPIRATION_YEAR}`);

/**
 * An optional start ('YYYY-MM-DD'): the voucher is valid from the START of that day in
 * BUSINESS_TIMEZONE (issue 24; before it the status is upcoming and a redeem is refused). Blank or
 * null is none: valid at once.
 */
export const startDateField = z
  .union([z.string({ error: 'Start date must be a date (YYYY-MM-DD)' }), z.null()], {
    error: 'Start date must be a date (YYYY-MM-DD)',
  })
  .optional()
  .transform((value, ctx) => {
    const v = value?.trim();
    if (!v) return null;
    const year = Number(v.slice(0, 4));
    const problem = !DATE_ONLY_PATTERN.test(v)
      ? 'Start date must be a date (YYYY-MM-DD)'
      : !isRealDate(v)
        ? 'Start date must be a real calendar date'
        : year < MIN_EXPIRATION_YEAR || year > MAX_EXPIRATION_YEAR
          ? `Start date must be between ${MIN_EXPIRATION_YEAR} and ${MAX_EXPIRATION_YEAR}`
          : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return v;
  });
export const START_AFTER_EXPIRY_MESSAGE = 'Start date must be on or before the expiration date';
/** A start after the expiry would never be valid (both 'YYYY-MM-DD': compared as text). */
export function checkStartDate(
  data: { startDate?: string | null; expirationDate?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (data.startDate && data.expirationDate && data.startDate > data.expirationDate)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: START_AFTER_EXPIRY_MESSAGE });
}

/** The partner (company) a new code is for: its vendorId, shown in its portal at once (issue 24). */
export const partnerIdField = z
  .union([z.literal(''), z.string().trim().uuid('Not a valid partner id')], {
    error: 'Not a valid partner id',
  })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));
export const PARTNER_NAME_MESSAGE = 'Please enter partner name';
/** The partner's name on the code: optional when a partner is chosen (its name is used). */
const partnerNameField = z
  .string({ error: PARTNER_NAME_MESSAGE })
  .trim()
  .max(200, 'Partner name must be at most 200 characters')
  .nullish()
  .transform((v) => v || null);

/** A blank usage limit: the form's "Custom number" left empty (absent is the default, 1 use). */
export const USAGE_LIMIT_REQUIRED_MESSAGE = 'Usage limit is required: enter the number of uses';
/**
 * A usage limit as a form sends it: 'unlimited', digits, or a number; absent is 1. Blank text is
 * refused, never read as 1: only an empty "Custom number" sends it (issue 27). Always stored as an
 * integer; unlimited is 999999 (docs/decisions/0002-unlimited-is-stored-as-999999-only.md).
 */
export const usageLimitField = numberOrWord('Usage limit', 'unlimited', {
  required: USAGE_LIMIT_REQUIRED_MESSAGE,
})
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return 1;
    if (value === 'unlimited') return UNLIMITED_USAGE_LIMIT;
    const refuse = (rule: string) => {
      ctx.addIssue({ code: 'custom', message: `Usage limit must be ${rule}, not ${describeSent(value)}` });
      return z.NEVER;
    };
    if (!Number.isInteger(value)) return refuse('a whole number');
    if (value < 1) return refuse('at least 1');
    if (value > MAX_FINITE_USAGE_LIMIT)
      return refuse(`at most ${MAX_FINITE_USAGE_LIMIT} (choose unlimited for no limit)`);
    return value;
  });

export const WHOLE_NUMBERS_MESSAGE = 'Discount value: whole numbers only';
/**
 * A new voucher may not be expired already: its date must be today or later in BUSINESS_TIMEZONE
 * (checked by the vouchers service; the form checks the viewer's today first).
 */
export const PAST_EXPIRY_MESSAGE = 'Expiration date is in the past. Choose today or a later date.';
/** The largest discount value any type accepts (a fixed discount's own ceiling is lower). */
export const MAX_DISCOUNT_VALUE = 1_000_000;

/** A whole number from a form field; blank becomes 0 (spec section 5). */
const discountValueField = numberInput('Discount value', { blank: 0 })
  .optional()
  .transform((n, ctx) => {
    if (n === undefined) return 0;
    // Bounded for every discount type (BOGO and free service too): the column is an int4.
    if (Math.abs(n) > MAX_DISCOUNT_VALUE) {
      ctx.addIssue({ code: 'custom', message: `Discount value must be at most ${MAX_DISCOUNT_VALUE}` });
      return z.NEVER;
    }
    // 12.5 is refused, not silently cut to 12.
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: WHOLE_NUMBERS_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

const discountTypeField = z.enum(
  DISCOUNT_TYPES,
  'Discount type must be percentage, fixed, bogo or free-service',
);
const partnerTypeField = z
  .enum(PARTNER_TYPES, 'Partner type must be partner, facility, shop, clinic or gym')
  .optional()
  .default(DEFAULT_PARTNER_TYPE);

/**
 * The site the form was opened on. Used for the QR's link only when PUBLIC_URL is not configured.
 */
const deploymentUrlField = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'deploymentUrl must be an http(s) origin' }))
  .optional();

/**
 * Percentage and fixed discounts need a value of at least 1; a percentage at most 100. BOGO and free
 * service carry no amount (0 is stored).
 */
function checkDiscountValue(
  data: { discountType: (typeof DISCOUNT_TYPES)[number]; discountValue: number },
  ctx: z.RefinementCtx,
) {
  if (data.discountType === 'percentage' || data.discountType === 'fixed') {
    if (data.discountValue < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'Discount value must be greater than 0',
      });
    }
    if (data.discountType === 'percentage' && data.discountValue > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'A percentage discount must be at most 100',
      });
    }
    if (data.discountType === 'fixed' && data.discountValue > 100_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'A fixed discount must be at most $100000',
      });
    }
  } else if (data.discountValue < 0) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Discount value must not be negative' });
  }
}

const voucherFields = {
  discountType: discountTypeField.optional().default('percentage'),
  discountValue: discountValueField,
  service: z
    .string({ error: 'Service/product is required' })
    .trim()
    .min(1, 'Service/product is required')
    .max(200, 'Service/product must be at most 200 characters'),
  expirationDate: expirationDateField,
  startDate: startDateField,
  partnerId: partnerIdField,
  usageLimit: usageLimitField,
  terms: optionalText(5000),
  customTitle: optionalText(200),
  partnerType: partnerTypeField,
  logoUrl: uploadUrl().nullish(),
  deploymentUrl: deploymentUrlField,
  idempotencyKey: idempotencyKeyField,
  /** Absent: the club-wide default (GET /api/settings/vouchers). */
  redemptionMode: redemptionModeField,
};

/**
 * POST /api/generate-qr (any signed-in user, spec §2). `partnerId` makes the code that partner's and
 * `clinic` defaults to its name; without either the service answers 'Please enter partner name'
 * (a company_admin's codes are always its own company's).
 */
export const generateQrRequestSchema = z
  .object({
    clinic: partnerNameField,
    ...voucherFields,
  })
  .superRefine(checkDiscountValue)
  .superRefine(checkStartDate);
export type GenerateQrRequest = z.input<typeof generateQrRequestSchema>;
export type GenerateQrInput = z.output<typeof generateQrRequestSchema>;

/** POST /api/bulk-generate (any signed-in user). The ceiling is the service's BULK_MAX_QUANTITY. */
export const bulkGenerateRequestSchema = z
  .object({
    batchName: z
      .string({ error: 'Batch name is required' })
      .trim()
      .min(1, 'Batch name is required')
      .max(200, 'Batch name must be at most 200 characters'),
    facility: partnerNameField,
    quantity: numberInput('Quantity', { blank: 1 }) // spec: empty falls back to 1
      .optional()
      .transform((n, ctx) => {
        if (n === undefined) return 1;
        if (!Number.isInteger(n)) {
          ctx.addIssue({ code: 'custom', message: 'Quantity must be a whole number' });
          return z.NEVER;
        }
        if (n < 1) {
          ctx.addIssue({ code: 'custom', message: 'Quantity must be at least 1' });
          return z.NEVER;
        }
        return n;
      }),
    ...voucherFields,
  })
  .superRefine(checkDiscountValue)
  .superRefine(checkStartDate);
export type BulkGenerateRequest = z.input<typeof bulkGenerateRequestSchema>;
export type BulkGenerateInput = z.output<typeof bulkGenerateRequestSchema>;

export const exclusiveDetailsSchema = z
  .object({
    title: z.string().nullish(),
    description: z.string().nullish(),
    value: z.string().nullish(),
    eventName: z.string().nullish(),
    eventDate: z.string().nullish(),
    trainerName: z.string().nullish(),
    sessionDuration: z.string().nullish(),
    specialInstructions: z.string().nullish(),
    vendorId: z.string().nullish(),
    vendorName: z.string().nullish(),
  })
  .partial();
export type ExclusiveDetails = z.infer<typeof exclusiveDetailsSchema>;

/** A voucher as signed-in staff see it. */
export const qrCodeSchema = z.object({
  id: z.string().uuid(),
  /** The voucher page this code's QR opens: `{PUBLIC_URL}/voucher/{id}`. */
  qrUrl: z.string(),
  clinicName: z.string(),
  vendorId: z.string().uuid().nullable(),
  createdByUserId: z.string().uuid().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  service: z.string(),
  /** 'YYYY-MM-DD'; null never expires. */
  expirationDate: z.string().nullable(),
  /**
   * 'YYYY-MM-DD': valid from the start of that business day (status upcoming before it); null: at
   * once. Every answer about a code has it (optional in the type for older fixtures only).
   */
  startDate: z.string().nullable().optional(),
  usageLimit: z.number().int(),
  usageCount: z.number().int(),
  terms: z.string().nullable(),
  logoUrl: z.string().nullable(),
  batchId: z.string().uuid().nullable(),
  batchName: z.string().nullable(),
  customTitle: z.string().nullable(),
  partnerType: z.string(),
  qrType: z.enum(QR_TYPES),
  trainerName: z.string().nullable(),
  trainerImage: z.string().nullable(),
  trainerRole: z.enum(TRAINER_ROLES).nullable(),
  isActive: z.boolean(),
  isProjectRootedExclusive: z.boolean(),
  exclusiveType: z.enum(EXCLUSIVE_TYPES).nullable(),
  exclusiveDetails: exclusiveDetailsSchema.nullable(),
  /** Computed by `voucherStatus` (libs/domain) when the answer was made. */
  status: z.enum(VOUCHER_STATUSES),
  /** How many partners the code is assigned to. */
  partnerCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  /**
   * `staff`: only a partner's till may redeem it; the public page shows the QR (issue 25). Always sent
   * by the vouchers service (optional in the type for older fixtures; absent reads as `self`).
   */
  redemptionMode: z.enum(REDEMPTION_MODES).optional(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/** GET /api/qr-codes/{id}: what a member's phone may see (no creator, no batch, no assignment). */
/** A partner where a voucher is honoured, as the member's phone shows it (issue 24). */
export const voucherPartnerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export type VoucherPartner = z.infer<typeof voucherPartnerSchema>;

/**
 * The proof of the latest use: when, how and where. No personal data. `channel` 'till': a partner's
 * till recorded it and `partnerName` is that till's partner; 'self' (or absent, an older answer): the
 * member redeemed on their own phone and `partnerName` is only where the code is for (its one partner).
 */
export const lastRedemptionSchema = z.object({
  redeemedAt: z.string(),
  partnerName: z.string().nullable(),
  channel: z.enum(['till', 'self']).optional(),
});
export type LastRedemption = z.infer<typeof lastRedemptionSchema>;

export const publicVoucherSchema = qrCodeSchema
  .omit({
    createdByUserId: true,
    batchId: true,
    batchName: true,
    partnerCount: true,
    vendorId: true,
  })
  .extend({
    /**
     * The partner the code belongs to (vendorId) first, then those it is assigned to; empty for a
     * club-wide code. Always sent by the vouchers service (optional for older answers and callers).
     */
    partners: z.array(voucherPartnerSchema).optional(),
    /** The latest redemption, null when never redeemed (always sent by the vouchers service). */
    lastRedemption: lastRedemptionSchema.nullable().optional(),
  });
export type PublicVoucher = z.infer<typeof publicVoucherSchema>;

/** POST /api/generate-qr answer (spec: "generated QR with qrUrl"). */
export const generatedQrSchema = qrCodeSchema;

/** POST /api/redeem/{id}: empty body; optional `Idempotency-Key` header (1-200 visible ASCII characters). */
/** What the vouchers service receives: the path's id and the header's key (checked here, once). */
export const redeemRequestSchema = z.object({
  id: publicVoucherId,
  idempotencyKey: idempotencyKeyField,
  /** The sale rung up at the till, in cents (optional body `{ transactionAmount }`, issue 13). */
  transactionAmount: numberInput('Sale amount', { kind: 'a number of cents' })
    .pipe(
      z
        .number()
        .int('Sale amount must be whole cents')
        .min(0, 'Sale amount must not be negative')
        .max(100_000_000, 'Sale amount must be at most $1,000,000'),
    )
    .optional(),
});
export const redeemResponseSchema = z.object({
  message: z.string(),
  redemptionId: z.string().uuid(),
  voucher: publicVoucherSchema,
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

export { REDEEM_REFUSALS, outsideHoursMessage, validFromMessage } from './redeem-refusals';

export const redemptionSchema = z.object({
  id: z.string().uuid(),
  qrCodeId: z.string().uuid(),
  redeemedAt: z.string(),
  redeemedBy: z.string(),
  deviceInfo: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  /** Issue 25: where (the partner; for `self`, the code's partner when it has exactly one) and how. */
  channel: z.enum(REDEMPTION_CHANNELS),
  partnerId: z.string().uuid().nullable(),
  partnerName: z.string().nullable(),
  redeemedByUserId: z.string().uuid().nullable(),
  transactionAmount: z.number().int().nullable(),
  discountApplied: z.number().int().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Whether the signed-in user may cancel it now (its partner's staff within the window, the administrator always). */
  cancellable: z.boolean(),
  /** The code's partner (clinic) name, service and discount, for list views. */
  facility: z.string(),
  service: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  qrType: z.enum(QR_TYPES),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** GET /api/admin/stats and GET /api/stats (the company's own). */
export const voucherStatsSchema = z.object({
  totalQrCodes: z.number().int(),
  totalRedemptions: z.number().int(),
  /** Since midnight in BUSINESS_TIMEZONE. */
  todayRedemptions: z.number().int(),
  /** Admin: partners with at least one assigned code. Company: unique redemption locations (facilities). */
  activePartners: z.number().int(),
  /** Rounded percent, 0 with no codes (`redemptionRatePercent`). */
  redemptionRate: z.number().int(),
});
export type VoucherStats = z.infer<typeof voucherStatsSchema>;

/** GET /api/public/stats: platform-wide totals anyone may see (no per-partner or per-day figures). */
export const publicStatsSchema = voucherStatsSchema.pick({
  totalQrCodes: true,
  totalRedemptions: true,
  activePartners: true,
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

export const batchSummarySchema = z.object({
  batchId: z.string().uuid(),
  batchName: z.string(),
  count: z.number().int(),
  redeemed: z.number().int(),
  createdAt: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** One code of a batch, as "View Codes" and the /bulk summary list it. */
export const batchCodeSchema = qrCodeSchema.pick({
  id: true,
  qrUrl: true,
  usageCount: true,
  usageLimit: true,
  expirationDate: true,
  startDate: true,
  status: true,
});
export type BatchCode = z.infer<typeof batchCodeSchema>;

/** GET /api/admin/batches/{id}: the batch with its codes ("View Codes"). */
export const batchDetailSchema = batchSummarySchema.extend({ qrCodes: z.array(batchCodeSchema) });
export type BatchDetail = z.infer<typeof batchDetailSchema>;

/**
 * POST /api/bulk-generate answer. `qrCodes` is the batch's first page (BULK_FIRST_PAGE slim rows, in
 * creation order): a 100,000-code batch in full would not fit a NATS message (~1 MB); the rest are
 * under the batch and in its ZIP. `sample` is the first code in full, for the summary card.
 */
export const bulkGenerateResponseSchema = z.object({
  batchId: z.string().uuid(),
  batchName: z.string(),
  count: z.number().int(),
  sample: qrCodeSchema,
  qrCodes: z.array(batchCodeSchema),
});
export type BulkGenerateResponse = z.infer<typeof bulkGenerateResponseSchema>;

/**
 * Every list that can grow is paged: `?limit` (1-200, default 50), `?cursor` (the previous page's
 * `nextCursor`; `?offset` still works but costs what it skips), and `?search` (partner name, service
 * or id prefix, case-insensitive) where the screen has a search box.
 */
export const listQuerySchema = z.object({
  limit: numberInput('limit')
    .pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(200, 'limit must be at most 200'),
    )
    .default(50),
  offset: numberInput('offset')
    .pipe(
      z
        .number()
        .int('offset must be a whole number')
        .min(0, 'offset must not be negative')
        .max(1_000_000_000, 'offset is too large'),
    )
    .default(0),
  search: safeText().trim().max(100, 'search must be at most 100 characters').optional(),
  /** The previous page's `nextCursor`: the page after it, found by keyset (offset is then ignored). */
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
});
/** What a client sends (query-string values arrive as text and are coerced). */
export interface ListQuery {
  limit?: number;
  offset?: number;
  search?: string;
  cursor?: string;
}

/**
 * The codes tables' sorts (issue 27): `createdAt` (the default, newest first), `name` (the partner /
 * facility name, A–Z first), `usageCount` (most used first), `expiresAt` (soonest first; never-expiring
 * last). Each is served by an index (vouchers migration 20261208) and keyset-paged.
 */
export const CODE_SORTS = ['createdAt', 'name', 'usageCount', 'expiresAt'] as const;
export type CodeSort = (typeof CODE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Each sort's direction when `order` is not given. */
export const CODE_SORT_DEFAULT_ORDER: Readonly<Record<CodeSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  usageCount: 'desc',
  expiresAt: 'asc',
};

/**
 * GET /api/admin/qr-codes and /api/qr-codes/all: the list query plus `sort`, `order`, `status` (the
 * code's status, as the table shows it) and `partnerId` (made for or assigned to that partner). All
 * optional: without them the list is what it was (newest first, unfiltered).
 */
export const codeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(CODE_SORTS, `sort must be one of ${CODE_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(VOUCHER_STATUSES, `status must be one of ${VOUCHER_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface CodeListQuery extends ListQuery {
  sort?: CodeSort;
  order?: SortOrder;
  status?: (typeof VOUCHER_STATUSES)[number];
  partnerId?: string;
}

/**
 * GET /api/admin/redemptions and /api/redemptions: the list query plus `order` (of the redemption
 * time: `desc`, newest first, the default; `asc`), `status` (completed | cancelled) and the
 * administrator's `partnerId` (redemptions of the codes assigned to that partner). `sort` takes only
 * `redeemedAt`: a facility-name order would sort a join no index serves.
 */
export const redemptionListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['redeemedAt'], 'sort must be redeemedAt').optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(REDEMPTION_STATUSES, `status must be one of ${REDEMPTION_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface RedemptionListQuery extends ListQuery {
  sort?: 'redeemedAt';
  order?: SortOrder;
  status?: (typeof REDEMPTION_STATUSES)[number];
  partnerId?: string;
}

/**
 * The Batches tab's sorts (issue 27): `createdAt` (the default, newest first), `name` (A–Z first),
 * `count` (the most codes first), each along an index (vouchers migrations 20261124, 20261210 batch sorts).
 * Redeemed comes from the tallies and is not a sort. Batches have no status and no partner.
 */
export const BATCH_SORTS = ['createdAt', 'name', 'count'] as const;
export type BatchSort = (typeof BATCH_SORTS)[number];
export const BATCH_SORT_DEFAULT_ORDER: Readonly<Record<BatchSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  count: 'desc',
};

/** GET /api/admin/batches: the list query plus `sort` and `order`; without them, newest first as before. */
export const batchListQuerySchema = listQuerySchema.extend({
  sort: z.enum(BATCH_SORTS, `sort must be one of ${BATCH_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
});
export interface BatchListQuery extends ListQuery {
  sort?: BatchSort;
  order?: SortOrder;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextCursor: z.string().nullable().optional(),
    /** True when `total` is a floor (a filtered count stopped at its bound): "more than total". */
    totalIsLowerBound: z.boolean().optional(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** Pass as `?cursor=` for the next page; null on the last page. Lists paged by keyset have it. */
  nextCursor?: string | null;
  totalIsLowerBound?: boolean;
}

export const qrCodePartnerSchema = z.object({
  id: z.string().uuid(),
  qrCodeId: z.string().uuid(),
  partnerId: z.string().uuid(),
  assignedAt: z.string(),
  assignedBy: z.string().uuid().nullable(),
  isActive: z.boolean(),
});
export type QrCodePartner = z.infer<typeof qrCodePartnerSchema>;

/** POST /api/qr-codes/{id}/assign-partners: replaces the set (an empty list unassigns everyone). */
export const assignPartnersRequestSchema = z.object({
  partnerIds: z
    .array(z.string().uuid('Not a valid partner id'), { error: 'partnerIds must be a list of partner ids' })
    .max(500, 'At most 500 partners')
    .transform((ids) => [...new Set(ids)]),
});
export type AssignPartnersRequest = z.input<typeof assignPartnersRequestSchema>;

/**
 * Most codes one selection of POST /api/qr-codes/assign-partners names (about 400 KB of ids, within
 * the body limit and a NATS message); a whole batch (up to BULK_MAX_QUANTITY codes) goes by `batchId`.
 */
export const BULK_ASSIGN_MAX_IDS = 10_000;

/** POST /api/qr-codes/assign-partners: a whole batch or a selection of codes, to one or more partners. */
export const bulkAssignPartnersRequestSchema = z
  .object({
    qrCodeIds: z
      .array(z.string().uuid('Not a valid QR code id'), { error: 'qrCodeIds must be a list of QR code ids' })
      .min(1, 'Choose at least one QR code')
      .max(
        BULK_ASSIGN_MAX_IDS,
        `At most ${BULK_ASSIGN_MAX_IDS.toLocaleString('en-US')} QR codes at a time; assign a whole batch by batchId`,
      )
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .optional(),
    batchId: z.string({ error: 'batchId must be a batch id' }).uuid('Not a valid batch id').optional(),
    partnerIds: z
      .array(z.string().uuid('Not a valid partner id'), { error: 'partnerIds must be a list of partner ids' })
      .min(1, 'Choose at least one partner')
      .max(100, 'At most 100 partners at a time')
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, ctx) => {
    const both = value.qrCodeIds !== undefined && value.batchId !== undefined;
    const neither = value.qrCodeIds === undefined && value.batchId === undefined;
    if (both || neither) {
      ctx.addIssue({
        code: 'custom',
        path: ['qrCodeIds'],
        message: both
          ? 'Send either qrCodeIds or batchId, not both'
          : 'Send the QR codes to assign: qrCodeIds or batchId',
      });
    }
  });
export type BulkAssignPartnersRequest = z.input<typeof bulkAssignPartnersRequestSchema>;

export const bulkAssignPartnersResponseSchema = z.object({
  /** Codes in the selection or batch. */
  codes: z.number().int().nonnegative(),
  /** (code, partner) assignments this call made active; those already active are left as they were. */
  assigned: z.number().int().nonnegative(),
});
export type BulkAssignPartnersResponse = z.infer<typeof bulkAssignPartnersResponseSchema>;

/** Internal (partners -> vouchers): the landing page's figures of these partners, from the tallies. */
export const partnerOfferCountsRequestSchema = z.object({
  partnerIds: z.array(z.string().uuid()).max(200),
});
export const partnerOfferCountsResponseSchema = z.object({
  counts: z.array(
    z.object({
      partnerId: z.string().uuid(),
      activeOffers: z.number().int().nonnegative(),
      totalQrCodes: z.number().int().nonnegative(),
    }),
  ),
});
export type PartnerOfferCounts = z.infer<typeof partnerOfferCountsResponseSchema>['counts'][number];

/**
 * Internal (gateway -> vouchers, issue 44): the titles of a page of codes the audit trail names (at
 * most an audit page's 200), read by primary key. A missing or deleted code is left out, never refused.
 * The title is the code's custom title, else its partner's name (`voucherTitleSource`).
 */
export const codeTitlesRequestSchema = z.object({
  ids: z.array(z.string().regex(UUID_PATTERN, 'Not a valid id')).max(200, 'At most 200 codes at a time'),
});
export const codeTitlesResponseSchema = z.object({
  codes: z.array(z.object({ id: z.string(), title: z.string() })),
});

/**
 * The most ids one resolve call takes (a ZIP's most, bulkDownloadZipRequestSchema): a ZIP's list of
 * ids is checked and counted in one call (limit 0), about 400 KB; its pages still hold at most `most`.
 */
export const RESOLVE_MAX_IDS = 10_000;

/**
 * Internal (rendering -> vouchers): the codes an actor may print, in pages (a NATS message holds about
 * 1 MB). Exactly one of ids (at most RESOLVE_MAX_IDS per call), batchId or all. Ids the actor may not
 * see, or that do not exist, fail the whole call with NOT_FOUND; a company asking for a batch gets
 * FORBIDDEN.
 * Answer: Page<QrCode>, ordered by createdAt then id (ids: in the order asked).
 */
/** What rendering asks vouchers for: codes by ids, a batch or "all", up to `most` a page. */
const resolveRequestSchema = (most: number) =>
  z
    .object({
      ids: z.array(z.string().uuid()).max(RESOLVE_MAX_IDS).optional(),
      batchId: z.string().uuid().optional(),
      /** Every code the actor may see (super_admin: every code; company: its assigned codes). */
      all: z.boolean().optional(),
      limit: numberInput('limit').pipe(z.number().int().min(0).max(most)).default(most),
      offset: numberInput('offset').pipe(z.number().int().min(0)).default(0),
      /**
       * A batch or "all": the previous answer's nextCursor, to page on by keyset (what a ZIP chunk does
       * after its first page: each page then costs the same, however deep in a 100,000-code batch).
       */
      cursor: z.string().max(200).optional(),
      /** A batch or "all": no code after this cursor's code (a ZIP chunk's last code; see chunk starts). */
      until: z.string().max(200).optional(),
      /** false: the total is not counted (answered as null); a chunk knows its size already. */
      count: z.boolean().default(true),
    })
    .superRefine((value, ctx) => {
      hasExactlyOneSource(value, 'ids', ctx);
      for (const field of ['cursor', 'until'] as const)
        if (value[field] !== undefined && value.ids)
          ctx.addIssue({ code: 'custom', path: [field], message: 'A list of ids is paged by offset' });
    });

/** The codes with every field a card prints: 500 a page (a NATS message holds about 1 MB). */
export const resolveVouchersRequestSchema = resolveRequestSchema(500);
export type ResolveVouchersRequest = z.input<typeof resolveVouchersRequestSchema>;

/**
 * Where each chunk of a chunked ZIP starts (rendering's flow, one call per job): the sort key of every
 * `every`-th code of a batch or of "all" the actor may see, in the resolve order, as resolve cursors.
 * Chunk k (k >= 1) then starts after cursors[k - 1] by keyset instead of skipping k × every codes.
 */
export const chunkStartsRequestSchema = z
  .object({
    batchId: z.string().uuid().optional(),
    all: z.boolean().optional(),
    every: numberInput('every').pipe(z.number().int().min(1).max(1_000_000)),
  })
  .superRefine((value, ctx) => {
    if ((value.batchId !== undefined) === (value.all === true))
      ctx.addIssue({ code: 'custom', path: ['batchId'], message: 'Send exactly one of batchId or all' });
  });
export const chunkStartsSchema = z.object({ cursors: z.array(z.string()) });
export type ChunkStarts = z.infer<typeof chunkStartsSchema>;

/** The codes rendering may print: a page, whose total is null when the request said count: false. */
export const resolvedVouchersPageSchema = pageSchema(qrCodeSchema).extend({
  total: z.number().int().nullable(),
});
export type ResolvedVouchersPage = z.infer<typeof resolvedVouchersPageSchema>;

/**
 * The same codes, in the same order and with the same visibility, as just what a bare QR render needs:
 * the link it encodes and the title its file is named after. About 150 bytes a code against 1 KB and
 * more, so pages of 2,000: a 100,000-code ZIP of bare QR codes costs vouchers and NATS a fifth.
 */
export const resolveLinksRequestSchema = resolveRequestSchema(2000);
export type ResolveLinksRequest = z.input<typeof resolveLinksRequestSchema>;
export const renderLinkSchema = z.object({
  id: z.string().uuid(),
  /** What the QR encodes (PUBLIC_URL's link when configured, as in resolve). */
  qrUrl: z.string(),
  /** The card's title source (custom title, else the partner's name): the file name's slug. */
  title: z.string(),
});
export type RenderLink = z.infer<typeof renderLinkSchema>;
export const resolvedLinksPageSchema = pageSchema(renderLinkSchema).extend({
  total: z.number().int().nullable(),
});
export type ResolvedLinksPage = z.infer<typeof resolvedLinksPageSchema>;

export { UNLIMITED_USAGE_LIMIT };
