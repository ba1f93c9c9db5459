import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SignedQuantity, TransactionTypeChip } from '@/components/inventory/transaction-display';
import { useTransactions } from '@/lib/inventory-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { StateTable } from '@/components/data-display/state-table';

const byLabel = (role: string | null) =>
  role === null ? 'System' : role === 'super_admin' ? 'Administrator' : 'Your team';

/** Transaction History: the company's inventory transactions, newest first. */
export function TransactionHistoryTab() {
  const history = useTransactions();
  const rows = history.data?.items ?? [];
  const state = history.isPending
    ? 'loading'
    : history.isError
      ? 'error'
      : rows.length === 0
        ? 'empty'
        : 'ready';
  return (
    <Box>
      <StateTable
        label="Transaction history"
        minWidth={640}
        columns={['Date', 'Item', 'Type', { label: 'Quantity', align: 'right' }, 'Notes', 'By']}
        state={state}
        error={history.error}
        emptyText="No transactions recorded yet"
        onRetry={() => void history.refetch()}
      >
        {rows.map((t) => (
          <TableRow key={t.id} data-testid="transaction-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(t.createdAt, viewerTimeZone())}
            </TableCell>
            <TableCell>
              {t.merchItem.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t.size}
                {t.color ? ` / ${t.color}` : ''}
              </Typography>
            </TableCell>
            <TableCell>
              <TransactionTypeChip type={t.transactionType} />
            </TableCell>
            <TableCell align="right">
              <SignedQuantity value={t.quantity} />
            </TableCell>
            <TableCell>{t.notes ?? '—'}</TableCell>
            <TableCell>{byLabel(t.createdByRole)}</TableCell>
          </TableRow>
        ))}
      </StateTable>
    </Box>
  );
}
