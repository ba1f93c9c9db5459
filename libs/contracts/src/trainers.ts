import {
  DEFAULT_PARTNER_TYPE,
  PARTNER_TYPES,
  TIME_OF_DAY_PATTERN,
  TRAINER_ROLES,
  UNLIMITED_USAGE_LIMIT,
} from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl, UUID_PATTERN } from './common';
import { redemptionModeField } from './redemption-modes';
import { safeText } from './text';
import { describeSent, numberInput, numberOrWord } from './validation';
import {
  DATE_ONLY_PATTERN,
  idempotencyKeyField,
  listQuerySchema,
  pageSchema,
  qrCodeSchema,
  SORT_ORDERS,
  startDateField,
  type ListQuery,
  type SortOrder,
} from './vouchers';

/**
 * Trainer/athlete/coach vouchers (issue 13; spec §2 Trainer/Athlete QR, §3 trainer payload, saved
 * configuration and analytics response, §5 trainer form, §7 Trainer, §9 trainer defaults). Trainer codes
 * are vouchers (qr_type 'trainer') in the vouchers service; their rules live in a typed row beside them.
 */

/**
 * §9: trainer usage-limit choices; unlimited is stored as 999999
 * (docs/decisions/0002-unlimited-is-stored-as-999999-only.md).
 */
export const TRAINER_USAGE_LIMITS = ['unlimited', '1', '5', '10', '25', '50', '100'] as const;
export const TRAINER_DEFAULT_DISCOUNT = 10;
export const TRAINER_DEFAULT_VALID_DAYS = 365;
export const TRAINER_MAX_VALID_DAYS = 730;
/** Names in one batch (one transaction). */
export const TRAINER_BATCH_MAX = 100;

export const TRAINER_NAME_MESSAGE = "Please enter the trainer's name";
export const TRAINER_NAMES_MESSAGE = 'Please enter trainer names (comma or line separated)';

/** "Ann, Bo\nCy" -> ['Ann', 'Bo', 'Cy']: split on commas or new lines, trimmed, empties dropped. */
export function splitTrainerNames(text: string): string[] {
  return text
    .split(/[,\r\n]+/)
    .map((name) => name.trim())
    .filter(Boolean);
}

/** A number from the form or the old client (JSON number or numeric text); blank is 0. */
const number = (label: string) => numberInput(label, { blank: 0 });

const percent = (label: string, fallback = 0) =>
  number(label)
    .optional()
    .transform((n) => n ?? fallback)
    .refine((n) => n >= 0 && n <= 100, `${label} must be between 0 and 100`);

/** Cents, non-negative; 0 means none. */
const cents = (label: string) =>
  number(label)
    .optional()
    .transform((n) => n ?? 0)
    .refine((n) => n >= 0, `${label} must not be negative`)
    .refine(
      (n) => Number.isSafeInteger(n) && n <= 100_000_000,
      `${label} must be whole cents up to $1,000,000`,
    );

const timeOfDay = z
  .string({ error: 'Time must be HH:MM' })
  .regex(TIME_OF_DAY_PATTERN, 'Time must be HH:MM (00:00-23:59)');

/** A daily redemption window in BUSINESS_TIMEZONE; the end is excluded, before the start it runs past midnight. */
export const validHoursSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((w) => w.start !== w.end, { message: 'Start and end time must differ', path: ['end'] });
export type ValidHours = z.infer<typeof validHoursSchema>;

const text = (max: number) => optionalText(max).transform((v) => v ?? null);

/** The rules and notes a trainer code carries, as stored (the vouchers service's trainer_rules row). */
export const trainerRulesSchema = z.object({
  minPurchase: cents('Minimum purchase'),
  maxDiscount: cents('Maximum discount'),
  validDays: number('Valid for')
    .optional()
    .transform((n) => (n === undefined || n === 0 ? TRAINER_DEFAULT_VALID_DAYS : n))
    .refine(
      (n) => Number.isInteger(n) && n >= 1 && n <= TRAINER_MAX_VALID_DAYS,
      `Valid for must be between 1 and ${TRAINER_MAX_VALID_DAYS} days`,
    ),
  validHours: validHoursSchema.nullish().transform((v) => v ?? null),
  storeLocations: text(1000),
  productCategories: text(1000),
  exclusions: text(2000),
  stackable: z.boolean().optional().default(false),
  referralBonus: percent('Referral bonus'),
  performanceBonus: percent('Performance bonus'),
  bonusThreshold: number('Bonus threshold')
    .optional()
    .transform((n) => n ?? 0)
    .refine((n) => Number.isInteger(n) && n >= 0, 'Bonus threshold must be a whole number, 0 or more'),
  trackingCode: text(100),
  campaignName: text(200),
  notes: text(2000),
  description: text(2000),
});
export type TrainerRules = z.output<typeof trainerRulesSchema>;

/** §5: the voucher page also handles 'trainer' (the old client's trainer payload sends it, §3). */
export const TRAINER_PARTNER_TYPES = [...PARTNER_TYPES, 'trainer'] as const;
export const PARTNER_NAME_REQUIRED = 'Partner name is required';
export const COUPON_TITLE_REQUIRED = 'Coupon title is required';

/** A title or name of up to 200 characters; blank is absent (null). */
const optionalTitle = (label: string) =>
  safeText()
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .nullish()
    .transform((v) => v || null);

/** §9 trainer usage choices, as text ('100', 'unlimited') or a number (100): the stored limit. */
const trainerUsageLimit = numberOrWord('Usage limit', 'unlimited')
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === 'unlimited') return UNLIMITED_USAGE_LIMIT;
    if (!(TRAINER_USAGE_LIMITS as readonly string[]).includes(String(value))) {
      const message = `Usage limit must be unlimited, 1, 5, 10, 25, 50 or 100, not ${describeSent(value)}`;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

const trainerFields = {
  trainerRole: z.enum(TRAINER_ROLES, 'Role must be trainer, athlete or coach').optional().default('trainer'),
  trainerImage: uploadUrl().nullish(),
  /**
   * Optional on the API (the §3 payload has none; the form requires it, trainerFormSchema). Without
   * it the code carries the assigned partner's name, else the trainer's.
   */
  partnerName: optionalTitle('Partner name'),
  /** The partner's kind, shown on the voucher (the trainer header comes from qrType). */
  partnerType: z
    .enum(TRAINER_PARTNER_TYPES, 'Partner type must be partner, facility, shop, clinic, gym or trainer')
    .optional()
    .default(DEFAULT_PARTNER_TYPE),
  /** The partner company the codes are assigned to (its staff then see them and their analytics). */
  partnerId: z.string().uuid('Not a valid partner id').nullish(),
  /** The coupon's title; `customTitle` is its name in the §3 payload (either one, couponTitle first). */
  couponTitle: optionalTitle('Coupon title'),
  customTitle: optionalTitle('Custom title'),
  discountValue: percent('Discount percent', TRAINER_DEFAULT_DISCOUNT).refine(
    Number.isInteger,
    'Discount percent: whole numbers only',
  ),
  service: text(200),
  terms: text(5000),
  usageLimit: trainerUsageLimit,
  ...trainerRulesSchema.shape,
};

/**
 * POST /api/generate-trainer-qr (super_admin). `trainerName` for one code; `trainerNames` (comma or line
 * separated) for batch mode, one code each in one transaction.
 */
export const generateTrainerQrRequestSchema = z
  .object({
    trainerName: z.string().optional(),
    trainerNames: z.string().optional(),
    deploymentUrl: z.string().url().optional(),
    idempotencyKey: idempotencyKeyField,
    /** Valid from the start of this business day (the codes expire validDays after today). */
    startDate: startDateField,
    /** Absent: the club-wide default (GET /api/settings/vouchers). */
    redemptionMode: redemptionModeField,
    ...trainerFields,
  })
  .transform((value, ctx) => {
    const { trainerName, trainerNames, customTitle, couponTitle, ...rest } = value;
    const title = couponTitle ?? customTitle;
    if (!title) ctx.addIssue({ code: 'custom', path: ['couponTitle'], message: COUPON_TITLE_REQUIRED });
    const batch = trainerNames !== undefined;
    const names = batch ? splitTrainerNames(trainerNames) : [trainerName?.trim() ?? ''].filter(Boolean);
    if (!names.length) {
      const path = batch ? 'trainerNames' : 'trainerName';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: batch ? TRAINER_NAMES_MESSAGE : TRAINER_NAME_MESSAGE,
      });
      return z.NEVER;
    }
    if (names.length > TRAINER_BATCH_MAX || names.some((n) => n.length > 200)) {
      const message = `At most ${TRAINER_BATCH_MAX} names of up to 200 characters each`;
      ctx.addIssue({ code: 'custom', path: ['trainerNames'], message });
      return z.NEVER;
    }
    if (!title) return z.NEVER;
    return { ...rest, couponTitle: title, names };
  });
export type GenerateTrainerQrRequest = z.input<typeof generateTrainerQrRequestSchema>;
export type GenerateTrainerQrInput = z.output<typeof generateTrainerQrRequestSchema>;

/** The /trainer-qr form (§5): the API's rules, and partner name and coupon title both required. */
export const trainerFormSchema = generateTrainerQrRequestSchema.superRefine((value, ctx) => {
  if (!value.partnerName)
    ctx.addIssue({ code: 'custom', path: ['partnerName'], message: PARTNER_NAME_REQUIRED });
});

/** A trainer code as the lists show it: the voucher, its rules, and its redemptions. */
export const trainerCodeSchema = qrCodeSchema.extend({
  rules: trainerRulesSchema.nullable(),
  couponTitle: z.string().nullable(),
});
export type TrainerCode = z.infer<typeof trainerCodeSchema>;

export const generateTrainerQrResponseSchema = z.object({
  /** The first code's id (spec: "-> {id}"). */
  id: z.string().uuid(),
  count: z.number().int(),
  qrCodes: z.array(trainerCodeSchema),
});
export type GenerateTrainerQrResponse = z.infer<typeof generateTrainerQrResponseSchema>;

/**
 * Saved configuration (§3): the form's settings, kept on the server per administrator. Every field
 * optional; stored as sent after the same checks as the fields themselves.
 */
export const trainerConfigSchema = z
  .object({
    trainerRole: z.enum(TRAINER_ROLES).optional(),
    partnerName: z.string().max(200).optional(),
    partnerId: z.string().uuid().nullish(),
    couponTitle: z.string().max(200).optional(),
    partnerType: z.string().max(50).optional(),
    customTitle: z.string().max(200).optional(),
    service: z.string().max(200).optional(),
    terms: z.string().max(5000).optional(),
    description: z.string().max(2000).optional(),
    discountValue: numberInput('Discount percent').pipe(z.number().min(0).max(100)).optional(),
    usageType: z.enum(TRAINER_USAGE_LIMITS).optional(),
    expirationDays: numberInput('Valid for')
      .pipe(z.number().int().min(1).max(TRAINER_MAX_VALID_DAYS))
      .optional(),
    minPurchase: numberInput('Minimum purchase').pipe(z.number().int().min(0)).optional(),
    maxDiscount: numberInput('Maximum discount').pipe(z.number().int().min(0)).optional(),
    validHours: validHoursSchema.nullish(),
    storeLocations: z.string().max(1000).optional(),
    productCategories: z.string().max(1000).optional(),
    exclusions: z.string().max(2000).optional(),
    stackable: z.boolean().optional(),
    referralBonus: numberInput('Referral bonus').pipe(z.number().min(0).max(100)).optional(),
    performanceBonus: numberInput('Performance bonus').pipe(z.number().min(0).max(100)).optional(),
    bonusThreshold: numberInput('Bonus threshold').pipe(z.number().int().min(0)).optional(),
    trackingCode: z.string().max(100).optional(),
    campaignName: z.string().max(200).optional(),
    notes: z.string().max(2000).optional(),
  })
  .strict();
export type TrainerConfig = z.infer<typeof trainerConfigSchema>;
export const savedTrainerConfigSchema = z.object({
  config: trainerConfigSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type SavedTrainerConfig = z.infer<typeof savedTrainerConfigSchema>;

/**
 * The trainer codes table's sorts (issue 27): `createdAt` (the default, newest first), `name` (the
 * trainer's name, A–Z first), `expiresAt` (soonest first; never-expiring last), `usageCount` (most
 * redeemed first). Keyset-paged; name and expiry along vouchers migration 20261210's indexes.
 */
export const TRAINER_SORTS = ['createdAt', 'name', 'expiresAt', 'usageCount'] as const;
export type TrainerSort = (typeof TRAINER_SORTS)[number];
export const TRAINER_SORT_DEFAULT_ORDER: Readonly<Record<TrainerSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  expiresAt: 'asc',
  usageCount: 'desc',
};
/** What the trainer table's status chip says (spec section 2): Expired, or Active for every other code. */
export const TRAINER_STATUSES = ['active', 'expired'] as const;
export type TrainerStatusFilter = (typeof TRAINER_STATUSES)[number];

/**
 * GET /api/qr-codes/trainers and /api/partner-assigned-qr-codes: newest first, paged by keyset; the
 * table's `sort`, `order`, `status` (as the chip shows it) and `partnerId` (made for or assigned to
 * that partner; a company may name only itself). All optional: the old query is unchanged.
 */
export const trainerListQuerySchema = listQuerySchema.extend({
  sort: z.enum(TRAINER_SORTS, `sort must be one of ${TRAINER_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(TRAINER_STATUSES, `status must be one of ${TRAINER_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface TrainerListQuery extends ListQuery {
  sort?: TrainerSort;
  order?: SortOrder;
  status?: TrainerStatusFilter;
  partnerId?: string;
}
export const trainerPageSchema = pageSchema(trainerCodeSchema);

const businessDay = (label: string) =>
  z.string().regex(DATE_ONLY_PATTERN, `${label} must be a date (YYYY-MM-DD)`).optional();

/** The longest range one analytics call covers. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * GET /api/trainer-analytics?startDate&endDate&trainerId (business days in BUSINESS_TIMEZONE, both
 * included; default the last 30 days) and the per-trainer page (`limit`, `cursor`).
 */
export const trainerAnalyticsQuerySchema = z.object({
  startDate: businessDay('Start date'),
  endDate: businessDay('End date'),
  trainerId: z
    .union([z.literal(''), z.literal('all'), z.string().regex(UUID_PATTERN, 'Not a valid trainer id')])
    .optional(),
  limit: numberInput('limit')
    .pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(100, 'limit must be at most 100'),
    )
    .default(50),
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
});
export type TrainerAnalyticsQuery = z.input<typeof trainerAnalyticsQuerySchema>;

export const trainerRedemptionSchema = z.object({
  id: z.string().uuid(),
  redeemedAt: z.string(),
  redeemedBy: z.string(),
  deviceInfo: z.string().nullable(),
  transactionAmount: z.number().int().nullable(),
  discountApplied: z.number().int().nullable(),
});
export type TrainerRedemption = z.infer<typeof trainerRedemptionSchema>;

export const trainerAnalyticsRowSchema = z.object({
  qrCodeId: z.string().uuid(),
  trainerName: z.string(),
  trainerRole: z.enum(TRAINER_ROLES).nullable(),
  trainerImage: z.string().nullable(),
  partnerName: z.string(),
  discountPercent: z.number(),
  totalRedemptions: z.number().int(),
  /** Cents. */
  totalTransactionAmount: z.number().int(),
  totalDiscountGiven: z.number().int(),
  /** Cents, rounded, over the redemptions that recorded a sale; 0 without any. */
  averageTransactionAmount: z.number().int(),
  lastRedemption: z.string().nullable(),
  /** The first 5 (newest) in the range. */
  redemptions: z.array(trainerRedemptionSchema),
});
export type TrainerAnalyticsRow = z.infer<typeof trainerAnalyticsRowSchema>;

export const trainerAnalyticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  summary: z.object({
    totalTrainers: z.number().int(),
    totalRedemptions: z.number().int(),
    totalTransactionVolume: z.number().int(),
    totalDiscountsGiven: z.number().int(),
    /** Cents, rounded: discounts given divided by trainers (0 without trainers). */
    averageDiscountPerTrainer: z.number().int(),
  }),
  /** Every business day of the range, for the chart. */
  daily: z.array(
    z.object({
      day: z.string(),
      redemptions: z.number().int(),
      transactionAmount: z.number().int(),
      discountGiven: z.number().int(),
    }),
  ),
  trainers: z.array(trainerAnalyticsRowSchema),
  nextCursor: z.string().nullable(),
});
export type TrainerAnalytics = z.infer<typeof trainerAnalyticsSchema>;

/** Internal (gateway -> vouchers): one page of the CSV export, every redemption in the range. */
export const trainerExportPageRequestSchema = trainerAnalyticsQuerySchema
  .omit({ limit: true })
  .extend({ limit: numberInput('limit').pipe(z.number().int().min(1).max(2000)).default(1000) });
export const trainerExportRowSchema = z.object({
  redemptionId: z.string().uuid(),
  redeemedAt: z.string(),
  qrCodeId: z.string().uuid(),
  trainerName: z.string(),
  trainerRole: z.string().nullable(),
  partnerName: z.string(),
  discountPercent: z.number(),
  transactionAmount: z.number().int().nullable(),
  discountApplied: z.number().int().nullable(),
  redeemedBy: z.string(),
  deviceInfo: z.string().nullable(),
});
export type TrainerExportRow = z.infer<typeof trainerExportRowSchema>;
export const trainerExportPageSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(trainerExportRowSchema),
  nextCursor: z.string().nullable(),
});
export type TrainerExportPage = z.infer<typeof trainerExportPageSchema>;
