import type { PublicVoucher } from '@avpass/contracts';
import { voucherShortCode } from '@avpass/contracts/till-text';
import {
  refusalIn,
  unavailableTitleIn,
  voucherTextIn,
  type Words,
} from '@avpass/contracts/i18n/voucher-words';
import { isUnlimited } from '@avpass/domain';

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
  /** The notice's heading when Redeem is not offered ("Valid from Mar 8, 2026", "Expired"); '' if it is. */
  unavailableTitle: string;
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

/** Everything the page prints, in the reader's language (`words`, the same words as the first HTML). */
export function voucherView(voucher: PublicVoucher, words: Words): VoucherView {
  const { t } = words;
  const text = voucherTextIn(voucher, words);
  const status = voucher.status;
  const staffOnly = voucher.redemptionMode === 'staff';
  return {
    isTrainer: text.isTrainer,
    isExclusive: text.isExclusive,
    title: text.title,
    initials: text.initials,
    partnerTypeText: text.partnerTypeText,
    discountText: text.discountText,
    serviceText: text.serviceText,
    validUntilText: text.validUntilText,
    unavailableTitle: unavailableTitleIn(voucher, words),
    usageText: text.usageText,
    trainer: text.trainer ? { ...text.trainer, image: voucher.trainerImage } : null,
    redemptionInstructions: text.instructions,
    terms: text.terms,
    canRedeem: status === 'active' && !staffOnly,
    staffOnly,
    shortCode: voucherShortCode(voucher.id),
    refusal: refusalIn(voucher, words),
    redeemQuestion: isUnlimited(voucher.usageLimit)
      ? t('voucher.redeem.usesUnlimited')
      : t('voucher.redeem.usesOneOf', { limit: voucher.usageLimit }),
    redeemLabel: t(text.isExclusive ? 'voucher.redeem.exclusive' : 'voucher.redeem.store'),
    redeemedDescription: t(
      text.isExclusive ? 'voucher.toast.redeemedExclusive' : 'voucher.toast.redeemedStore',
    ),
  };
}
