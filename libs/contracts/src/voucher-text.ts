import {
  displayService,
  displayTitle,
  formatDate,
  formatDiscount,
  formatNumericDate,
  formatUsage,
  isPartnerType,
  isTrainerRole,
  PARTNER_TYPE_LABELS,
  TRAINER_ROLE_LABELS,
  voucherInitials,
} from '@avpass/domain';
import type { PublicVoucher } from './vouchers';

export const NO_EXPIRATION_TEXT = 'No expiration date';
export const TRAINER_MEMBER_TEXT = 'Rooted Athletics Member';

/**
 * "Valid from Mar 8, 2026" for a code with a start ('YYYY-MM-DD', the start of that business day), or
 * null without one. A calendar date is printed as is, whatever the viewer's zone (the voucher page and
 * the /generate preview say the same).
 */
export function validFromText(startDate: string | null | undefined): string | null {
  return startDate ? `Valid from ${formatDate(startDate, 'UTC')}` : null;
}
const EXCLUSIVE_PARTNER_TEXT = 'Project Rooted Exclusive';

/** What a voucher's text is made from: every field a public voucher (or a full code) has. */
export type VoucherTextSource = Pick<
  PublicVoucher,
  | 'qrType'
  | 'partnerType'
  | 'isProjectRootedExclusive'
  | 'customTitle'
  | 'clinicName'
  | 'discountType'
  | 'discountValue'
  | 'service'
  | 'expirationDate'
  | 'usageCount'
  | 'usageLimit'
  | 'trainerName'
  | 'trainerRole'
  | 'exclusiveDetails'
  | 'terms'
>;

/** The words a voucher shows, the same on the voucher page and on every rendered card. */
export interface VoucherText {
  isTrainer: boolean;
  isExclusive: boolean;
  /** The custom page title when there is one, else the partner's name (before displayTitle). */
  titleSource: string;
  title: string;
  /** The partner's name when a custom title hides it from the title; null otherwise. */
  partnerName: string | null;
  initials: string;
  partnerTypeText: string;
  discountText: string;
  serviceText: string;
  validUntilText: string;
  usageText: string;
  trainer: { name: string; roleLabel: string } | null;
  /** Only for exclusive vouchers that carry special instructions. */
  instructions: string | null;
  terms: string | null;
}

/** What a voucher is titled after: its custom title, else its partner's name (a file name's slug, too). */
export function voucherTitleSource(voucher: {
  customTitle?: string | null | undefined;
  clinicName: string;
}): string {
  return voucher.customTitle?.trim() || voucher.clinicName;
}

export function voucherText(voucher: VoucherTextSource): VoucherText {
  const isTrainer = voucher.qrType === 'trainer' || voucher.partnerType === 'trainer';
  const isExclusive = voucher.isProjectRootedExclusive || voucher.partnerType === 'exclusive';
  const titleSource = voucherTitleSource(voucher);
  const title = displayTitle(titleSource, voucher.discountType);
  const trainerName = voucher.trainerName?.trim() || null;
  const clinicName = voucher.clinicName?.trim() || '';
  return {
    isTrainer,
    isExclusive,
    titleSource,
    title,
    partnerName: clinicName && titleSource !== voucher.clinicName ? clinicName : null,
    initials: voucherInitials(isTrainer ? (trainerName ?? title) : title),
    partnerTypeText: isExclusive
      ? EXCLUSIVE_PARTNER_TEXT
      : isPartnerType(voucher.partnerType)
        ? PARTNER_TYPE_LABELS[voucher.partnerType]
        : voucher.partnerType,
    discountText: formatDiscount(voucher.discountType, voucher.discountValue),
    serviceText: displayService(voucher.service),
    // A date-only expiry is a calendar date: printed as is, whatever the zone.
    validUntilText: voucher.expirationDate
      ? formatNumericDate(voucher.expirationDate, 'UTC')
      : NO_EXPIRATION_TEXT,
    usageText: formatUsage(voucher.usageCount, voucher.usageLimit),
    trainer: isTrainer
      ? {
          name: trainerName ?? title,
          roleLabel:
            voucher.trainerRole && isTrainerRole(voucher.trainerRole)
              ? TRAINER_ROLE_LABELS[voucher.trainerRole]
              : TRAINER_ROLE_LABELS.trainer,
        }
      : null,
    instructions: isExclusive ? voucher.exclusiveDetails?.specialInstructions?.trim() || null : null,
    terms: voucher.terms?.trim() || null,
  };
}
