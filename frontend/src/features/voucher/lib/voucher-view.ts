import type { PublicVoucher } from '@avpass/contracts';
import { REDEEM_REFUSALS, validFromMessage } from '@avpass/contracts/redeem-refusals';
import { voucherShortCode } from '@avpass/contracts/till-text';
import { validFromText, voucherText } from '@avpass/contracts/voucher-text';
import { formatDate, isUnlimited } from '@avpass/domain';

/** Everything the voucher page prints, derived once from the server's record (status included). */
export interface VoucherView {
  isTrainer: boolean;
  isExclusive: boolean;
  title: string;
  initials: string;
  partnerTypeText: string;
  discountText: string;
  serviceText: string;
  validUntilText: string;
  /** "Valid from Mar 8, 2026" while the voucher has not started (status upcoming), else null. */
  validFromText: string | null;
  usageText: string;
  trainer: { name: string; roleLabel: string; image: string | null } | null;
  /** Shown only for exclusive vouchers that carry special instructions. */
  redemptionInstructions: string | null;
  terms: string | null;
  canRedeem: boolean;
  /**
   * A staff-only code (issue 25): the page shows the QR large with STAFF_ONLY_MESSAGE and no Redeem
   * button; only a partner's till redeems it.
   */
  staffOnly: boolean;
  /** The 8 characters printed on cards and typed at the till: the id's first 8, upper case. */
  shortCode: string;
  /** Why the Redeem button is not offered, or null when it is. */
  refusal: string | null;
  redeemLabel: string;
  /** What Redeem asks before it counts a use: "This uses 1 of 3." (or the unlimited wording). */
  redeemQuestion: string;
  redeemedDescription: string;
}

export { NO_EXPIRATION_TEXT } from '@avpass/contracts/voucher-text';
export const REDEEM_FAILED_FALLBACK = 'This voucher may have already been used or expired.';

export function voucherView(voucher: PublicVoucher): VoucherView {
  const text = voucherText(voucher);
  const status = voucher.status;
  const staffOnly = voucher.redemptionMode === 'staff';
  // A date-only start is a calendar date: printed as is, whatever the zone.
  const startText = voucher.startDate ? formatDate(voucher.startDate, 'UTC') : null;
  const upcoming = status === 'upcoming';
  return {
    isTrainer: text.isTrainer,
    isExclusive: text.isExclusive,
    title: text.title,
    initials: text.initials,
    partnerTypeText: text.partnerTypeText,
    discountText: text.discountText,
    serviceText: text.serviceText,
    validUntilText: text.validUntilText,
    validFromText: upcoming ? validFromText(voucher.startDate) : null,
    usageText: text.usageText,
    trainer: text.trainer ? { ...text.trainer, image: voucher.trainerImage } : null,
    redemptionInstructions: text.instructions,
    terms: text.terms,
    canRedeem: status === 'active' && !staffOnly,
    staffOnly,
    shortCode: voucherShortCode(voucher.id),
    refusal:
      status === 'active'
        ? null
        : upcoming && startText
          ? validFromMessage(startText)
          : REDEEM_REFUSALS[status],
    redeemQuestion: isUnlimited(voucher.usageLimit)
      ? 'This counts as one use; this voucher has no limit.'
      : `This uses 1 of ${voucher.usageLimit}.`,
    redeemLabel: text.isExclusive ? 'Redeem Voucher with Project Rooted' : 'Redeem Voucher at Store',
    redeemedDescription: text.isExclusive
      ? 'This voucher has been successfully redeemed with Project Rooted.'
      : 'This voucher has been successfully redeemed at the store.',
  };
}
