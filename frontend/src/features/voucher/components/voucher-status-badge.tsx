import type { PublicVoucher } from '@avpass/contracts';
import { VOUCHER_STATUS_LABELS } from '@avpass/domain';
import Box from '@mui/material/Box';

/**
 * The voucher page's ACTIVE / EXPIRED / REDEEMED badge, drawn like the staff tables' small Chip (the
 * theme's MuiChip: bold, 24 px, radius 8) without MUI's Chip, which would add about 2.4 KB of script to
 * the page phones open at the till (its e2e budget;
 * docs/decisions/0069-the-sale-at-the-till-one-discount-rule-priced-before-the.md).
 */
export function VoucherStatusBadge({ status }: { status: PublicVoucher['status'] }) {
  const tone = status === 'active' ? 'success' : status === 'expired' ? 'warning' : null;
  return (
    <Box
      component="span"
      data-testid="status-chip"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1,
        borderRadius: '8px',
        fontSize: '0.75rem',
        fontWeight: 700,
        ...(status === 'active'
          ? { bgcolor: theme.palette.success.main, color: theme.palette.success.contrastText }
          : {
              border: `1px solid ${tone ? theme.palette[tone].main : theme.palette.grey[400]}`,
              color: tone ? theme.palette[tone].main : theme.palette.text.primary,
            }),
      })}
    >
      {VOUCHER_STATUS_LABELS.voucherPage[status]}
    </Box>
  );
}
