import { z } from 'zod';
import { cardLanguageSchema } from '../card-language';
import { numberInput } from '../validation';
import { checkStartDate, partnerNameField, checkDiscountValue, voucherFields } from './code-fields';

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
    /** The language its printed cards speak (issue 42); absent (an older client): English. */
    cardLanguage: cardLanguageSchema.optional(),
    ...voucherFields,
  })
  .superRefine(checkDiscountValue)
  .superRefine(checkStartDate);
export type BulkGenerateRequest = z.input<typeof bulkGenerateRequestSchema>;
export type BulkGenerateInput = z.output<typeof bulkGenerateRequestSchema>;
