import type { PublicVoucher } from '@avpass/contracts';
import { useT } from '@/i18n/i18n';

/**
 * The voucher page's ACTIVE / EXPIRED / REDEEMED badge, drawn like the staff tables' small Chip (bold,
 * 24 px, radius 8) by the page's own CSS (`vs-badge`, shared with the first HTML).
 */
export function VoucherStatusBadge({ status }: { status: PublicVoucher['status'] }) {
  const t = useT();
  return (
    <span className={`vs-badge vs-badge-${status}`} data-testid="status-chip">
      {t(`voucher.status.${status}`)}
    </span>
  );
}
