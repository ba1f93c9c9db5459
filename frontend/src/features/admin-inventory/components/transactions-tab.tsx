import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SignedQuantity, TransactionTypeChip } from '@/components/inventory/transaction-display';
import { useTransactions } from '@/lib/inventory-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { StateTable } from '@/components/data-display/state-table';
import { useItemLines } from '../api/get-item-lines';
import type { InventorySelection } from '../types';
import { ItemPicker } from './item-picker';

/** Transactions: the history of a chosen inventory line, newest first. */
export function TransactionsTab({ selection }: { selection: InventorySelection }) {
  const lines = useItemLines(selection.itemId);
  const history = useTransactions(selection.lineId ?? undefined, !!selection.lineId);
  const rows = history.data?.items ?? [];
  const state = !selection.lineId
    ? 'empty'
    : history.isPending
      ? 'loading'
      : history.isError
        ? 'error'
        : rows.length === 0
          ? 'empty'
          : 'ready';

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <ItemPicker
          itemId={selection.itemId}
          onChange={(id) => selection.select({ itemId: id, lineId: null })}
        />
        <TextField
          select
          size="small"
          label="Inventory line"
          value={(lines.data ?? []).some((l) => l.id === selection.lineId) ? selection.lineId : ''}
          onChange={(e) => selection.select({ lineId: e.target.value })}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
          disabled={!selection.itemId}
        >
          {(lines.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.size}
              {l.color ? ` / ${l.color}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!selection.lineId && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Choose an item and one of its inventory lines to see its history.
        </Typography>
      )}
      <StateTable
        label="Inventory transactions"
        minWidth={720}
        columns={[
          'Date',
          'Type',
          { label: 'Quantity', align: 'right' },
          { label: 'Previous', align: 'right' },
          { label: 'New', align: 'right' },
          'Reference',
          'Notes',
        ]}
        state={state}
        error={history.error}
        emptyText="No transactions recorded yet."
        onRetry={() => void history.refetch()}
      >
        {rows.map((t) => (
          <TableRow key={t.id} data-testid="transaction-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(t.createdAt, viewerTimeZone())}
            </TableCell>
            <TableCell>
              <TransactionTypeChip type={t.transactionType} />
            </TableCell>
            <TableCell align="right">
              <SignedQuantity value={t.quantity} />
            </TableCell>
            <TableCell align="right">{t.previousQuantity}</TableCell>
            <TableCell align="right">{t.newQuantity}</TableCell>
            <TableCell>{t.reference ?? '—'}</TableCell>
            <TableCell>{t.notes ?? '—'}</TableCell>
          </TableRow>
        ))}
      </StateTable>
    </Box>
  );
}
