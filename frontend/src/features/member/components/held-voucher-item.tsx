import type { HeldVoucher, MemberLanguage } from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { memberDate, memberDateTime, type MemberWords } from '../lib/member-words';

const UNLIMITED = 999999;

/** What a row says under its title: uses left and until when, or where and when it was used. */
function metaOf(voucher: HeldVoucher, t: MemberWords, language: MemberLanguage): string {
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

/** One of the member's codes: opens its voucher page (the till's code, the wallet badges). */
export function HeldVoucherItem({
  voucher,
  t,
  language,
}: {
  voucher: HeldVoucher;
  t: MemberWords;
  language: MemberLanguage;
}) {
  const text = voucherText(voucher);
  return (
    <li>
      <a
        className={`ms-item${voucher.state === 'active' ? '' : ' ms-done'}`}
        href={`/voucher/${encodeURIComponent(voucher.id)}`}
        data-testid="member-voucher"
        data-state={voucher.state}
      >
        <span className="ms-item-top">
          <span className="ms-item-title">{text.title}</span>
          <span className="ms-item-discount">{text.discountText}</span>
        </span>
        <span className="ms-item-meta" style={{ display: 'block' }}>
          {text.serviceText}
        </span>
        <span className="ms-item-meta" style={{ display: 'block' }}>
          {metaOf(voucher, t, language)}
        </span>
      </a>
    </li>
  );
}
