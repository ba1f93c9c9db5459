import {
  DEFAULT_PARTNER_TYPE,
  PARTNER_TYPES,
  TIME_OF_DAY_PATTERN,
  TRAINER_ROLES,
  UNLIMITED_USAGE_LIMIT,
} from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl } from '../common';
import { safeText } from '../text';
import { describeSent, numberInput, numberOrWord } from '../validation';

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

export const trainerFields = {
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
