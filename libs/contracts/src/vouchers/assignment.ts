import { z } from 'zod';
import { BULK_ASSIGN_MAX_IDS } from '../words';

export { BULK_ASSIGN_MAX_IDS } from '../words';
import { idempotencyKeyField } from './code-fields';

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
