import type { QrCode } from '@avpass/contracts';
import type { VoucherStatus } from '@avpass/domain';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useT } from '@/i18n/i18n';

const COLORS: Record<VoucherStatus, ChipProps['color']> = {
  active: 'success',
  upcoming: 'info',
  expired: 'warning',
  used_up: 'default',
  inactive: 'default',
};

/**
 * A code's status as the server computed it (`voucherStatus` in @avpass/domain). `labels` picks the
 * staff tables' wording (Active / Expired / Used Up, the staff catalog's) or the voucher page's (ACTIVE /
 * EXPIRED / REDEEMED: the voucher catalog's `voucher.status.*`, loaded with the staff words).
 */
export function StatusChip({
  status,
  labels = 'adminTable',
  size = 'small',
}: {
  status: QrCode['status'];
  labels?: 'adminTable' | 'voucherPage';
  size?: ChipProps['size'];
}) {
  const t = useT();
  return (
    <Chip
      size={size}
      color={COLORS[status]}
      label={labels === 'voucherPage' ? t(`voucher.status.${status}`) : t(`staff.voucher.status.${status}`)}
      data-testid="status-chip"
      variant={status === 'active' ? 'filled' : 'outlined'}
    />
  );
}
