import type { QrCode } from '@avpass/contracts';
import { VOUCHER_STATUS_LABELS, type VoucherStatus } from '@avpass/domain';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<VoucherStatus, ChipProps['color']> = {
  active: 'success',
  upcoming: 'info',
  expired: 'warning',
  used_up: 'default',
  inactive: 'default',
};

/**
 * A code's status as the server computed it (`voucherStatus` in @avpass/domain). `labels` picks the
 * staff tables' wording (Active / Expired / Used Up) or the voucher page's (ACTIVE / EXPIRED / REDEEMED).
 */
export function StatusChip({
  status,
  labels = 'adminTable',
  size = 'small',
}: {
  status: QrCode['status'];
  labels?: keyof typeof VOUCHER_STATUS_LABELS;
  size?: ChipProps['size'];
}) {
  return (
    <Chip
      size={size}
      color={COLORS[status]}
      label={VOUCHER_STATUS_LABELS[labels][status]}
      data-testid="status-chip"
      variant={status === 'active' ? 'filled' : 'outlined'}
    />
  );
}
