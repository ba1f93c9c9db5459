import type { HeldVoucher } from '@avpass/contracts';
import { voucherTextIn } from '@avpass/contracts/i18n/voucher-words';
import { useWords } from '@/i18n/i18n';
import { heldVoucherMeta } from '../lib/held-voucher-meta';

/** One of the member's codes: opens its voucher page (the till's code, the wallet badges). */
export function HeldVoucherItem({ voucher }: { voucher: HeldVoucher }) {
  const words = useWords();
  const text = voucherTextIn(voucher, words);
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
          {heldVoucherMeta(voucher, words)}
        </span>
      </a>
    </li>
  );
}
