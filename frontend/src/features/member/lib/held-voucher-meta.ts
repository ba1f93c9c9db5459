import type { HeldVoucher } from '@avpass/contracts';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import { memberDate, memberDateTime } from './member-words';

const UNLIMITED = 999999;

/** What a row says under its title: uses left and until when, or where and when it was used. */
export function heldVoucherMeta(
  voucher: Pick<HeldVoucher, 'state' | 'usageLimit' | 'usageCount' | 'expirationDate' | 'lastRedemption'>,
  { t, language }: Words<MessageId>,
): string {
  if (voucher.state === 'active') {
    const left =
      voucher.usageLimit >= UNLIMITED
        ? t('member.unlimited')
        : t('member.usesLeft', { left: voucher.usageLimit - voucher.usageCount });
    return voucher.expirationDate
      ? `${left} · ${t('member.validUntil', { date: memberDate(voucher.expirationDate, language) })}`
      : left;
  }
  const last = voucher.lastRedemption;
  const when = last ? memberDateTime(last.redeemedAt, language) : '';
  if (last?.partnerName) return t('member.usedAt', { where: last.partnerName, when });
  if (last) return t('member.usedOn', { when });
  return t(voucher.state === 'used' ? 'member.used' : 'member.expired');
}
