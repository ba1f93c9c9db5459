import { TRAINER_ROLES } from '@avpass/domain';
import { z } from 'zod';
import { redemptionModeField } from '../redemption-modes';
import { fundedByField } from '../funded-by';
import { numberInput } from '../validation';
import { idempotencyKeyField, qrCodeSchema, startDateField } from '../vouchers';
import {
  TRAINER_USAGE_LIMITS,
  TRAINER_MAX_VALID_DAYS,
  TRAINER_BATCH_MAX,
  TRAINER_NAME_MESSAGE,
  TRAINER_NAMES_MESSAGE,
  splitTrainerNames,
  validHoursSchema,
  trainerRulesSchema,
  PARTNER_NAME_REQUIRED,
  COUPON_TITLE_REQUIRED,
  trainerFields,
} from './rules';

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
    /** Who pays for the discount (issue 39). Absent: the club-wide default. */
    fundedBy: fundedByField,
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
