import { z } from 'zod';
import { cardLanguageSchema } from '../card-language';
import { qrCodeSchema } from './codes';

export const batchSummarySchema = z.object({
  batchId: z.string().uuid(),
  batchName: z.string(),
  count: z.number().int(),
  redeemed: z.number().int(),
  createdAt: z.string(),
  /** The language its printed cards speak (issue 42). Always sent (optional for older fixtures). */
  cardLanguage: cardLanguageSchema.optional(),
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
  /** The language its printed cards speak (issue 42). Always sent (optional for older fixtures). */
  cardLanguage: cardLanguageSchema.optional(),
  sample: qrCodeSchema,
  qrCodes: z.array(batchCodeSchema),
});
export type BulkGenerateResponse = z.infer<typeof bulkGenerateResponseSchema>;
