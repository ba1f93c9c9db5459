import type { InventoryTransaction, InventoryTransactionListQuery } from '@avpass/contracts';
import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, type Column } from '@/components/data-display/responsive-paged-list';
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

/** Who reads the ledger: the administrator (every item's, with the counts before and after) or a partner (its own). */
export type TransactionsRole = 'admin' | 'partner';

const lineLabel = (t: Pick<InventoryTransaction, 'size' | 'color'>) =>
  `${t.size}${t.color ? ` / ${t.color}` : ''}`;
const byLabel = (role: string | null) =>
  role === null ? 'System' : role === 'super_admin' ? 'Administrator' : 'Your team';
const dateText = (t: InventoryTransaction) => formatDateTime(t.createdAt, viewerTimeZone());

/** The columns after Date, Item, Type and Quantity, and the card's fields, for each role. */
const ROLES: Readonly<
  Record<
    TransactionsRole,
    {
      label: string;
      toolbarLabel: string;
      minWidth: number;
      emptyText: string;
      columns: readonly Column[];
      cells: (t: InventoryTransaction) => ReactNode;
      fields: (t: InventoryTransaction) => Array<[string, ReactNode]>;
    }
  >
> = {
  admin: {
    label: 'Inventory transactions',
    toolbarLabel: 'Filter and sort the transactions',
    minWidth: 860,
    emptyText: 'No transactions recorded yet.',
    columns: [{ label: 'Previous', align: 'right' }, { label: 'New', align: 'right' }, 'Reference', 'Notes'],
    cells: (t) => (
      <>
        <TableCell align="right">{t.previousQuantity}</TableCell>
        <TableCell align="right">{t.newQuantity}</TableCell>
        <TableCell>{t.reference ?? '—'}</TableCell>
        <TableCell>{t.notes ?? '—'}</TableCell>
      </>
    ),
    fields: (t) => [
      ['Previous → New', `${t.previousQuantity} → ${t.newQuantity}`],
      ['Reference', t.reference ?? '—'],
      ['Notes', t.notes ?? '—'],
    ],
  },
  partner: {
    label: 'Transaction history',
    toolbarLabel: 'Filter and sort the transaction history',
    minWidth: 640,
    emptyText: 'No transactions recorded yet',
    columns: ['Notes', 'By'],
    cells: (t) => (
      <>
        <TableCell>{t.notes ?? '—'}</TableCell>
        <TableCell>{byLabel(t.createdByRole)}</TableCell>
      </>
    ),
    fields: (t) => [
      ['Notes', t.notes ?? '—'],
      ['By', byLabel(t.createdByRole)],
    ],
  },
};

/**
 * The inventory ledger for a role: newest first or oldest first by the Date header, filtered by type,
 * on the server, the view and the page in the URL (issue 27); `narrow` limits it to an item or a line,
 * `hint` stands between the filters and the list.
 */
export function TransactionsTable({
  role,
  narrow = {},
  hint,
}: {
  role: TransactionsRole;
  narrow?: Pick<InventoryTransactionListQuery, 'itemId' | 'inventoryId'>;
  hint?: ReactNode;
}) {
  const view = ROLES[role];
  const table = useLedgerTable('tx');
  const history = useTransactionsTable({ ...ledgerQuery(table), ...narrow });
  return (
    <Box>
      <TableToolbar
        table={table}
        label={view.toolbarLabel}
        statusLabels={TRANSACTION_TYPE_LABELS}
        statusField={{ label: 'Type', allLabel: 'All types' }}
        sortChoices={LEDGER_SORT_CHOICES}
      />
      {hint}
      <ResponsivePagedList
        query={history}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={{ ...table.sort, onSort: () => table.toggleSort('createdAt') }}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          'Item',
          'Type',
          { label: 'Quantity', align: 'right' },
          ...view.columns,
        ]}
        emptyText={table.filtered ? 'No transactions match these filters.' : view.emptyText}
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow hover data-testid="transaction-row" data-type={t.transactionType}>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="transaction-date" data-at={t.createdAt}>
              {dateText(t)}
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
            {view.cells(t)}
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
              ['Date', dateText(t)],
              ['Quantity', <SignedQuantity key="quantity" value={t.quantity} />],
              ...view.fields(t),
            ]}
          />
        )}
      />
    </Box>
  );
}
