import { VOUCHER_ICONS } from '@avpass/contracts/voucher-page-look';

/** One of the page's icons (Material's rounded paths, shared with the first HTML); decorative. */
export function VoucherIcon({ name, className }: { name: keyof typeof VOUCHER_ICONS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path d={VOUCHER_ICONS[name]} fill="currentColor" />
    </svg>
  );
}
