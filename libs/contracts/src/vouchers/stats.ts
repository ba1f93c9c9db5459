import { z } from 'zod';

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
