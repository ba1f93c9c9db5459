import {
  DEFAULT_PARTNER_TYPE,
  DISCOUNT_TYPES,
  MAX_FINITE_USAGE_LIMIT,
  PARTNER_TYPES,
  UNLIMITED_USAGE_LIMIT,
} from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl } from '../common';
import { describeSent, numberInput, numberOrWord } from '../validation';
import { redemptionModeField } from '../redemption-modes';
import { fundedByField } from '../funded-by';
import { perMemberLimitField } from '../per-member-limit';

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
export const partnerNameField = z
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
export function checkDiscountValue(
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

export const voucherFields = {
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
  /** Who pays for the discount (issue 39). Absent: the club-wide default (GET /api/settings/vouchers). */
  fundedBy: fundedByField,
  /** Uses per member per period (issue 41); absent or null: none. */
  perMemberLimit: perMemberLimitField,
};
