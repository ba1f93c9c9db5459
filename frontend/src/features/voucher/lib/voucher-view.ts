import { REDEEM_REFUSALS, type PublicVoucher } from '@avpass/contracts';
import {
  displayService,
  displayTitle,
  formatDiscount,
  formatNumericDate,
  formatUsage,
  isPartnerType,
  isTrainerRole,
  PARTNER_TYPE_LABELS,
  TRAINER_ROLE_LABELS,
  voucherInitials,
} from '@avpass/domain';

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
  usageText: string;
  trainer: { name: string; roleLabel: string; image: string | null } | null;
  /** Shown only for exclusive vouchers that carry special instructions. */
  redemptionInstructions: string | null;
  terms: string | null;
  canRedeem: boolean;
  /** Why the Redeem button is not offered, or null when it is. */
  refusal: string | null;
  redeemLabel: string;
  redeemedDescription: string;
}

export const NO_EXPIRATION_TEXT = 'No expiration date';
export const REDEEM_FAILED_FALLBACK = 'This voucher may have already been used or expired.';

// Date-only expiries are calendar dates: formatNumericDate prints them as is, so the zone is unused.
const UTC = 'UTC';

// The same words as the rendered voucher card (services/rendering card-model).
function partnerTypeText(voucher: PublicVoucher, isExclusive: boolean): string {
  if (isExclusive) return 'Project Rooted Exclusive';
  if (isPartnerType(voucher.partnerType)) return PARTNER_TYPE_LABELS[voucher.partnerType];
  return voucher.partnerType;
}

export function voucherView(voucher: PublicVoucher): VoucherView {
  const isTrainer = voucher.qrType === 'trainer' || voucher.partnerType === 'trainer';
  const isExclusive = voucher.isProjectRootedExclusive || voucher.partnerType === 'exclusive';
  const rawTitle = voucher.customTitle?.trim() || voucher.clinicName;
  const title = displayTitle(rawTitle, voucher.discountType);
  const trainerName = voucher.trainerName?.trim() || null;
  const instructions = voucher.exclusiveDetails?.specialInstructions?.trim() || null;
  const status = voucher.status;

  return {
    isTrainer,
    isExclusive,
    title,
    initials: voucherInitials(isTrainer ? (trainerName ?? title) : title),
    partnerTypeText: partnerTypeText(voucher, isExclusive),
    discountText: formatDiscount(voucher.discountType, voucher.discountValue),
    serviceText: displayService(voucher.service),
    validUntilText: voucher.expirationDate
      ? formatNumericDate(voucher.expirationDate, UTC)
      : NO_EXPIRATION_TEXT,
    usageText: formatUsage(voucher.usageCount, voucher.usageLimit),
    trainer: isTrainer
      ? {
          name: trainerName ?? title,
          roleLabel:
            voucher.trainerRole && isTrainerRole(voucher.trainerRole)
              ? TRAINER_ROLE_LABELS[voucher.trainerRole]
              : TRAINER_ROLE_LABELS.trainer,
          image: voucher.trainerImage,
        }
      : null,
    redemptionInstructions: isExclusive ? instructions : null,
    terms: voucher.terms?.trim() || null,
    canRedeem: status === 'active',
    refusal: status === 'active' ? null : REDEEM_REFUSALS[status],
    redeemLabel: isExclusive ? 'Redeem Voucher with Project Rooted' : 'Redeem Voucher at Store',
    redeemedDescription: isExclusive
      ? 'This voucher has been successfully redeemed with Project Rooted.'
      : 'This voucher has been successfully redeemed at the store.',
  };
}
