import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
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

const byLabel = (role: string | null) =>
  role === null ? 'System' : role === 'super_admin' ? 'Administrator' : 'Your team';

/**
 * Transaction History: the company's inventory transactions, newest first or oldest first by the Date
 * header, filtered by type, on the server, the view and the page in the URL (issue 27).
 */
export function TransactionHistoryTab() {
  const table = useLedgerTable('tx');
  const history = useTransactionsTable(ledgerQuery(table));
  return (
    <Box>
      <TableToolbar
        table={table}
        label="Filter and sort the transaction history"
        statusLabels={TRANSACTION_TYPE_LABELS}
        statusField={{ label: 'Type', allLabel: 'All types' }}
        sortChoices={LEDGER_SORT_CHOICES}
      />
      <ResponsivePagedList
        query={history}
        paging={table.paging}
        label="Transaction history"
        minWidth={640}
        sort={{ ...table.sort, onSort: () => table.toggleSort('createdAt') }}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          'Item',
          'Type',
          { label: 'Quantity', align: 'right' },
          'Notes',
          'By',
        ]}
        emptyText={table.filtered ? 'No transactions match these filters.' : 'No transactions recorded yet'}
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow hover data-testid="transaction-row" data-type={t.transactionType}>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="transaction-date" data-at={t.createdAt}>
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
        )}
        renderCard={(t) => (
          <InventoryCard
            testId="transaction-card"
            header={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1 }}>
                  {t.merchItem.name} · {t.size}
                  {t.color ? ` / ${t.color}` : ''}
                </Typography>
                <TransactionTypeChip type={t.transactionType} />
              </Stack>
            }
            fields={[
              ['Date', formatDateTime(t.createdAt, viewerTimeZone())],
              ['Quantity', <SignedQuantity value={t.quantity} />],
              ['Notes', t.notes ?? '—'],
              ['By', byLabel(t.createdByRole)],
            ]}
          />
        )}
      />
    </Box>
  );
}
