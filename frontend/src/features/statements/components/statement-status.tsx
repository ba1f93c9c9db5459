import type { StatementStatus } from '@avpass/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

export const STATEMENT_STATUS_LABELS: Readonly<Record<StatementStatus, string>> = {
  issued: 'Issued',
  approved: 'Approved',
  disputed: 'Disputed',
  superseded: 'Superseded',
  paid: 'Paid',
};

const COLORS: Record<StatementStatus, ChipProps['color']> = {
  issued: 'info',
  approved: 'success',
  disputed: 'default',
  superseded: 'default',
  paid: 'success',
};

/** A statement's status as a chip (filled when settled: paid). */
export function StatementStatusChip({ status }: { status: StatementStatus }) {
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'paid' ? 'filled' : 'outlined'}
      label={STATEMENT_STATUS_LABELS[status]}
      data-testid="statement-status"
    />
  );
}
