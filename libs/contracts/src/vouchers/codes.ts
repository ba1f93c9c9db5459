import { DISCOUNT_TYPES, EXCLUSIVE_TYPES, TRAINER_ROLES, VOUCHER_STATUSES } from '@avpass/domain';
import { z } from 'zod';
import { REDEMPTION_MODES } from '../redemption-modes';
import { FUNDED_BY } from '../funded-by';
import { CARD_LANGUAGES } from '../card-language';
import { perMemberLimitOutSchema } from '../per-member-limit';
import { QR_TYPES } from './code-fields';

export const exclusiveDetailsSchema = z
  .object({
    title: z.string().nullish(),
    description: z.string().nullish(),
    value: z.string().nullish(),
    eventName: z.string().nullish(),
    eventDate: z.string().nullish(),
    trainerName: z.string().nullish(),
    sessionDuration: z.string().nullish(),
    specialInstructions: z.string().nullish(),
    vendorId: z.string().nullish(),
    vendorName: z.string().nullish(),
  })
  .partial();
export type ExclusiveDetails = z.infer<typeof exclusiveDetailsSchema>;

/** A voucher as signed-in staff see it. */
export const qrCodeSchema = z.object({
  id: z.string().uuid(),
  /** The voucher page this code's QR opens: `{PUBLIC_URL}/voucher/{id}`. */
  qrUrl: z.string(),
  clinicName: z.string(),
  vendorId: z.string().uuid().nullable(),
  createdByUserId: z.string().uuid().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  service: z.string(),
  /** 'YYYY-MM-DD'; null never expires. */
  expirationDate: z.string().nullable(),
  /**
   * 'YYYY-MM-DD': valid from the start of that business day (status upcoming before it); null: at
   * once. Every answer about a code has it (optional in the type for older fixtures only).
   */
  startDate: z.string().nullable().optional(),
  usageLimit: z.number().int(),
  usageCount: z.number().int(),
  terms: z.string().nullable(),
  logoUrl: z.string().nullable(),
  batchId: z.string().uuid().nullable(),
  batchName: z.string().nullable(),
  customTitle: z.string().nullable(),
  partnerType: z.string(),
  qrType: z.enum(QR_TYPES),
  trainerName: z.string().nullable(),
  trainerImage: z.string().nullable(),
  trainerRole: z.enum(TRAINER_ROLES).nullable(),
  isActive: z.boolean(),
  isProjectRootedExclusive: z.boolean(),
  exclusiveType: z.enum(EXCLUSIVE_TYPES).nullable(),
  exclusiveDetails: exclusiveDetailsSchema.nullable(),
  /** Computed by `voucherStatus` (libs/domain) when the answer was made. */
  status: z.enum(VOUCHER_STATUSES),
  /** How many partners the code is assigned to. */
  partnerCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  /**
   * `staff`: only a partner's till may redeem it; the public page shows the QR (issue 25). Always sent
   * by the vouchers service (optional in the type for older fixtures; absent reads as `self`).
   */
  redemptionMode: z.enum(REDEMPTION_MODES).optional(),
  /**
   * Who pays for the discount (issue 39): a redemption made now freezes it. Always sent by the vouchers
   * service to staff (optional in the type for older fixtures); never on the member's public voucher.
   */
  fundedBy: z.enum(FUNDED_BY).optional(),
  /** Uses per member per period (issue 41): null when none. Always sent by the vouchers service. */
  perMemberLimit: perMemberLimitOutSchema.nullable().optional(),
  /** The member who holds the code (issue 41), null for a bearer code; to staff only. */
  holder: z.string().uuid().nullable().optional(),
  /**
   * The language its printed card speaks: its batch's (issue 42), English for a code of no batch. Sent
   * only to the rendering service (vouchers.render.resolve), which prints what it says.
   */
  cardLanguage: z.enum(CARD_LANGUAGES).optional(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/** GET /api/qr-codes/{id}: what a member's phone may see (no creator, no batch, no assignment). */
/** A partner where a voucher is honoured, as the member's phone shows it (issue 24). */
export const voucherPartnerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export type VoucherPartner = z.infer<typeof voucherPartnerSchema>;

/**
 * The proof of the latest use: when, how and where. No personal data. `channel` 'till': a partner's
 * till recorded it and `partnerName` is that till's partner; 'self' (or absent, an older answer): the
 * member redeemed on their own phone and `partnerName` is only where the code is for (its one partner).
 */
export const lastRedemptionSchema = z.object({
  redeemedAt: z.string(),
  partnerName: z.string().nullable(),
  channel: z.enum(['till', 'self']).optional(),
});
export type LastRedemption = z.infer<typeof lastRedemptionSchema>;

export const publicVoucherSchema = qrCodeSchema
  .omit({
    createdByUserId: true,
    batchId: true,
    batchName: true,
    partnerCount: true,
    vendorId: true,
    fundedBy: true,
    holder: true,
  })
  .extend({
    /**
     * The partner the code belongs to (vendorId) first, then those it is assigned to; empty for a
     * club-wide code. Always sent by the vouchers service (optional for older answers and callers).
     */
    partners: z.array(voucherPartnerSchema).optional(),
    /** The latest redemption, null when never redeemed (always sent by the vouchers service). */
    lastRedemption: lastRedemptionSchema.nullable().optional(),
  });
export type PublicVoucher = z.infer<typeof publicVoucherSchema>;

/** POST /api/generate-qr answer (spec: "generated QR with qrUrl"). */
export const generatedQrSchema = qrCodeSchema;
