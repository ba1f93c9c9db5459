import { DISCOUNT_TYPES } from '@avpass/domain';
import { z } from 'zod';
import { publicVoucherId } from '../common';
import { saleAmountField } from '../validation';
import { REDEMPTION_CHANNELS, REDEMPTION_STATUSES } from '../redemption-modes';
import { FUNDED_BY } from '../funded-by';
import { idempotencyKeyField, QR_TYPES } from './code-fields';
import { publicVoucherSchema } from './codes';

/** POST /api/redeem/{id}: empty body; optional `Idempotency-Key` header (1-200 visible ASCII characters). */
/** What the vouchers service receives: the path's id and the header's key (checked here, once). */
export const redeemRequestSchema = z.object({
  id: publicVoucherId,
  idempotencyKey: idempotencyKeyField,
  /** The sale rung up at the till, in cents (optional body `{ transactionAmount }`, issue 13). */
  transactionAmount: saleAmountField,
});
export const redeemResponseSchema = z.object({
  message: z.string(),
  redemptionId: z.string().uuid(),
  /**
   * Frozen by the redemption when it was made (issue 39): who paid for the discount then, what the club
   * owes the partner for it (cents: the discount when the club funds it, 0 when the partner does), and
   * whether the discount's cents could not be known (no sale amount, not a fixed discount: counted 0).
   */
  fundedBy: z.enum(FUNDED_BY),
  reimbursementCents: z.number().int().nonnegative(),
  noSaleAmount: z.boolean(),
  voucher: publicVoucherSchema,
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

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
  /**
   * Frozen by the redemption when it was made (issue 39): who paid for the discount then, what the club
   * owes the partner for it (cents: the discount when the club funds it, 0 when the partner does), and
   * whether the discount's cents could not be known (no sale amount, not a fixed discount: counted 0).
   */
  fundedBy: z.enum(FUNDED_BY),
  reimbursementCents: z.number().int().nonnegative(),
  noSaleAmount: z.boolean(),
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
