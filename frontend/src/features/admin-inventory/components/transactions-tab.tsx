import type { InventoryTransaction } from '@avpass/contracts';
import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { InventoryCard } from '@/components/inventory/inventory-card';
import {
  LEDGER_SORT_CHOICES,
  ledgerQuery,
  TRANSACTION_TYPE_LABELS,
  useLedgerTable,
} from '@/components/inventory/ledger-table';
import { SignedQuantity, TransactionTypeChip } from '@/components/inventory/transaction-display';
import { useTransactionsTable } from '@/lib/inventory-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { useItemLines } from '../api/get-item-lines';
import type { InventorySelection } from '../types';
import { ItemPicker } from './item-picker';

const lineLabel = (t: Pick<InventoryTransaction, 'size' | 'color'>) =>
  `${t.size}${t.color ? ` / ${t.color}` : ''}`;

/**
 * Transactions: the ledger, every line's (newest first), narrowed to an item or one of its lines, by
 * type, oldest first by the Date header; on the server, the view in the URL (issue 27).
 */
export function TransactionsTab({ selection }: { selection: InventorySelection }) {
  const lines = useItemLines(selection.itemId);
  const table = useLedgerTable('tx');
  const history = useTransactionsTable({
    ...ledgerQuery(table),
    ...(selection.lineId
      ? { inventoryId: selection.lineId }
      : selection.itemId
        ? { itemId: selection.itemId }
        : {}),
  });

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
          onChange={(e) => selection.select({ lineId: e.target.value || null })}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
          disabled={!selection.itemId}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All lines</MenuItem>
          {(lines.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.size}
              {l.color ? ` / ${l.color}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TableToolbar
        table={table}
        label="Filter and sort the transactions"
        statusLabels={TRANSACTION_TYPE_LABELS}
        statusField={{ label: 'Type', allLabel: 'All types' }}
        sortChoices={LEDGER_SORT_CHOICES}
      />
      {!selection.itemId && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every item&apos;s transactions. Choose an item, or one of its lines, to narrow the history.
        </Typography>
      )}
      <ResponsivePagedList
        query={history}
        paging={table.paging}
        label="Inventory transactions"
        minWidth={860}
        sort={{ ...table.sort, onSort: () => table.toggleSort('createdAt') }}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          'Item',
          'Type',
          { label: 'Quantity', align: 'right' },
          { label: 'Previous', align: 'right' },
          { label: 'New', align: 'right' },
          'Reference',
          'Notes',
        ]}
        emptyText={table.filtered ? 'No transactions match these filters.' : 'No transactions recorded yet.'}
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow hover data-testid="transaction-row" data-type={t.transactionType}>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="transaction-date" data-at={t.createdAt}>
              {formatDateTime(t.createdAt, viewerTimeZone())}
            </TableCell>
            <TableCell>
              {t.merchItem.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {lineLabel(t)}
              </Typography>
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
        )}
        renderCard={(t) => (
          <InventoryCard
            testId="transaction-card"
            header={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1 }}>
                  {t.merchItem.name} · {lineLabel(t)}
                </Typography>
                <TransactionTypeChip type={t.transactionType} />
              </Stack>
            }
            fields={[
              ['Date', formatDateTime(t.createdAt, viewerTimeZone())],
              ['Quantity', <SignedQuantity value={t.quantity} />],
              ['Previous → New', `${t.previousQuantity} → ${t.newQuantity}`],
              ['Reference', t.reference ?? '—'],
              ['Notes', t.notes ?? '—'],
            ]}
          />
        )}
      />
    </Box>
  );
}
