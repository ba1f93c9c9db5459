import type { StatementStatus } from '@avpass/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useT } from '@/i18n/i18n';

const COLORS: Record<StatementStatus, ChipProps['color']> = {
  issued: 'info',
  approved: 'success',
  disputed: 'default',
  superseded: 'default',
  paid: 'success',
};

/** A statement's status as a chip (filled when settled: paid). */
export function StatementStatusChip({ status }: { status: StatementStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'paid' ? 'filled' : 'outlined'}
      label={t(`statements.status.${status}`)}
      data-testid="statement-status"
    />
  );
}
