import {
  formatDateIn,
  formatDateTimeIn,
  formatNumberIn,
  formatNumericDateIn,
  isPartnerType,
  isTrainerRole,
  type DiscountType,
} from '@avpass/domain';
import type english from './voucher.en.json';
import { voucherOwnText, type VoucherText, type VoucherTextSource } from '../voucher-own-text';
import { voucherWhere, type VoucherWhere } from '../voucher-where';
import type { LastRedemption, PublicVoucher } from '../vouchers';

/**
 * The voucher page's words in the reader's language (issue 42): one place for what the script's page
 * (frontend/src/features/voucher) and the gateway's first HTML (gateway/src/http/voucher-snapshot-card.ts)
 * print, so the two stay equal in every language. The messages are voucher.{en,es}.json (ICU); each
 * renderer hands in its own Lingui instance's `_` as `t`.
 */
export type VoucherMessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;
export type Translate<Id extends string = VoucherMessageId> = (id: Id, values?: MessageValues) => string;

/** A translator and the language it speaks ('en', 'es'; anything else formats as English). */
export interface Words<Id extends string = VoucherMessageId> {
  t: Translate<Id>;
  language: string;
}

export function discountTextIn(words: Words, type: DiscountType, value: number): string {
  const shown = formatNumberIn(words.language, value);
  switch (type) {
    case 'percentage':
      return words.t('voucher.discount.percentage', { value: shown });
    case 'fixed':
      return words.t('voucher.discount.fixed', { value: shown });
    case 'bogo':
      return words.t('voucher.discount.bogo');
    case 'free-service':
      return words.t('voucher.discount.free');
  }
}

/**
 * voucherText (libs/contracts/src/voucher-text.ts) with its fixed words in the reader's language: the
 * voucher's own words as voucherText has them, the fixed ones from the catalog (never the English first).
 */
export function voucherTextIn(voucher: VoucherTextSource, words: Words): VoucherText {
  const { trainerName, ...own } = voucherOwnText(voucher);
  const { t } = words;
  return {
    ...own,
    partnerTypeText: own.isExclusive
      ? t('voucher.partnerType.exclusive')
      : isPartnerType(voucher.partnerType)
        ? t(`voucher.partnerType.${voucher.partnerType}`)
        : voucher.partnerType,
    discountText: discountTextIn(words, voucher.discountType, voucher.discountValue),
    validUntilText: voucher.expirationDate
      ? formatNumericDateIn(words.language, voucher.expirationDate, 'UTC')
      : t('voucher.noExpiration'),
    trainer:
      trainerName === null
        ? null
        : {
            name: trainerName,
            roleLabel: t(
              `voucher.trainerRole.${voucher.trainerRole && isTrainerRole(voucher.trainerRole) ? voucher.trainerRole : 'trainer'}`,
            ),
          },
  };
}

/** Where the voucher is honoured, with its heading in the reader's language (voucherWhere's rule). */
export function voucherWhereIn(voucher: Pick<PublicVoucher, 'partners'>, { t }: Words): VoucherWhere | null {
  const where = voucherWhere(voucher);
  if (!where) return null;
  const [first] = where.places;
  return {
    ...where,
    heading: !first
      ? t('voucher.where.clubWide')
      : where.places.length === 1
        ? t('voucher.where.one', { name: first.name })
        : t('voucher.where.many', { count: where.places.length }),
  };
}

/** "Redeemed at {partner} on {when}" (redeemedText's rule) in the reader's language, or null. */
export function redeemedTextIn(
  last: LastRedemption | null | undefined,
  words: Words,
  timeZone: string,
): string | null {
  if (!last) return null;
  const when = formatDateTimeIn(words.language, last.redeemedAt, timeZone);
  if (!last.partnerName) return words.t('voucher.redeemed.on', { when });
  return words.t(last.channel === 'till' ? 'voucher.redeemed.at' : 'voucher.redeemed.forUseAt', {
    when,
    partner: last.partnerName,
  });
}

type Unavailable = Exclude<PublicVoucher['status'], 'active'>;

/** Why Redeem is not offered (the date when the start is known), or null for an active voucher. */
export function refusalIn(voucher: Pick<PublicVoucher, 'status' | 'startDate'>, words: Words): string | null {
  const status = voucher.status;
  if (status === 'active') return null;
  if (status === 'upcoming' && voucher.startDate)
    return words.t('voucher.refusal.validFrom', {
      date: formatDateIn(words.language, voucher.startDate, 'UTC'),
    });
  return words.t(`voucher.refusal.${status}`);
}

/** The notice's heading when Redeem is not offered: "Valid from …" for a known start, else the status's. */
export function unavailableTitleIn(
  voucher: Pick<PublicVoucher, 'status' | 'startDate'>,
  words: Words,
): string {
  const status = voucher.status as Unavailable | 'active';
  if (status === 'active') return '';
  if (status === 'upcoming' && voucher.startDate)
    return words.t('voucher.validFrom', { date: formatDateIn(words.language, voucher.startDate, 'UTC') });
  return words.t(`voucher.unavailable.${status}`);
}
