import type { HeldVoucher, MemberLanguage } from '@avpass/contracts';
import { memberDate, memberDateTime, type MemberWords } from './member-words';

const UNLIMITED = 999999;

/** What a row says under its title: uses left and until when, or where and when it was used. */
export function heldVoucherMeta(
  voucher: Pick<HeldVoucher, 'state' | 'usageLimit' | 'usageCount' | 'expirationDate' | 'lastRedemption'>,
  t: MemberWords,
  language: MemberLanguage,
): string {
  if (voucher.state === 'active') {
    const left =
      voucher.usageLimit >= UNLIMITED ? t.unlimited : t.usesLeft(voucher.usageLimit - voucher.usageCount);
    return voucher.expirationDate
      ? `${left} · ${t.validUntil(memberDate(voucher.expirationDate, language))}`
      : left;
  }
  const last = voucher.lastRedemption;
  if (last) return t.usedAt(last.partnerName, memberDateTime(last.redeemedAt, language));
  return voucher.state === 'used' ? t.used : t.expired;
}
