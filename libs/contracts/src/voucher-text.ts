import {
  formatDate,
  formatDiscount,
  formatNumericDate,
  isPartnerType,
  isTrainerRole,
  PARTNER_TYPE_LABELS,
  TRAINER_ROLE_LABELS,
} from '@avpass/domain';
import { voucherOwnText, type VoucherText, type VoucherTextSource } from './voucher-own-text';

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

export { voucherTitleSource, type VoucherText, type VoucherTextSource } from './voucher-own-text';

/** The voucher's words with the fixed ones in English (voucherTextIn, i18n/voucher-words.ts: in the reader's). */
export function voucherText(voucher: VoucherTextSource): VoucherText {
  const { trainerName, ...own } = voucherOwnText(voucher);
  return {
    ...own,
    partnerTypeText: own.isExclusive
      ? EXCLUSIVE_PARTNER_TEXT
      : isPartnerType(voucher.partnerType)
        ? PARTNER_TYPE_LABELS[voucher.partnerType]
        : voucher.partnerType,
    discountText: formatDiscount(voucher.discountType, voucher.discountValue),
    // A date-only expiry is a calendar date: printed as is, whatever the zone.
    validUntilText: voucher.expirationDate
      ? formatNumericDate(voucher.expirationDate, 'UTC')
      : NO_EXPIRATION_TEXT,
    trainer:
      trainerName === null
        ? null
        : {
            name: trainerName,
            roleLabel:
              voucher.trainerRole && isTrainerRole(voucher.trainerRole)
                ? TRAINER_ROLE_LABELS[voucher.trainerRole]
                : TRAINER_ROLE_LABELS.trainer,
          },
  };
}
