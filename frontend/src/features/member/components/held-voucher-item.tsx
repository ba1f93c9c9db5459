import type { HeldVoucher, MemberLanguage } from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { heldVoucherMeta } from '../lib/held-voucher-meta';
import type { MemberWords } from '../lib/member-words';

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
          {heldVoucherMeta(voucher, t, language)}
        </span>
      </a>
    </li>
  );
}
