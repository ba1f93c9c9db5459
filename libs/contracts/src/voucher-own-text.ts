import { displayService, displayTitle, formatUsage, voucherInitials } from '@avpass/domain';
import type { PublicVoucher } from './vouchers';

/*
 * The words a voucher carries itself (its title, service, uses, instructions, terms), the same in every
 * language: voucherText (voucher-text.ts) adds the fixed words in English, voucherTextIn
 * (i18n/voucher-words.ts) in the reader's language. A module of its own, so the voucher page carries
 * neither the English labels nor their formatting (issue 42's budget, decision 351).
 */

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

/** VoucherText without its fixed words; `trainerName` is the trainer's shown name, null unless a trainer's. */
export type VoucherOwnText = Omit<
  VoucherText,
  'partnerTypeText' | 'discountText' | 'validUntilText' | 'trainer'
> & {
  trainerName: string | null;
};

/** What a voucher is titled after: its custom title, else its partner's name (a file name's slug, too). */
export function voucherTitleSource(voucher: {
  customTitle?: string | null | undefined;
  clinicName: string;
}): string {
  return voucher.customTitle?.trim() || voucher.clinicName;
}

export function voucherOwnText(voucher: VoucherTextSource): VoucherOwnText {
  const isTrainer = voucher.qrType === 'trainer' || voucher.partnerType === 'trainer';
  const isExclusive = voucher.isProjectRootedExclusive || voucher.partnerType === 'exclusive';
  const titleSource = voucherTitleSource(voucher);
  const title = displayTitle(titleSource, voucher.discountType);
  const trainerName = isTrainer ? voucher.trainerName?.trim() || title : null;
  const clinicName = voucher.clinicName?.trim() || '';
  return {
    isTrainer,
    isExclusive,
    titleSource,
    title,
    partnerName: clinicName && titleSource !== voucher.clinicName ? clinicName : null,
    initials: voucherInitials(trainerName ?? title),
    serviceText: displayService(voucher.service),
    usageText: formatUsage(voucher.usageCount, voucher.usageLimit),
    trainerName,
    instructions: isExclusive ? voucher.exclusiveDetails?.specialInstructions?.trim() || null : null,
    terms: voucher.terms?.trim() || null,
  };
}
