import { TRAINER_ROLES } from '@avpass/domain';
import { z } from 'zod';
import { UUID_PATTERN } from '../common';
import { numberInput, pageLimit } from '../validation';
import { DATE_ONLY_PATTERN } from '../vouchers';

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
  limit: pageLimit(100).default(50),
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
