import type { InventoryTransaction, InventoryTransactionListQuery } from '@avpass/contracts';
import { formatDateTimeIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, type Column } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { InventoryCard } from '@/components/inventory/inventory-card';
import { ledgerQuery, useLedgerTable, useLedgerWords } from '@/components/inventory/ledger-table';
import { SignedQuantity, TransactionTypeChip } from '@/components/inventory/transaction-display';
import { useLanguage, useT } from '@/i18n/i18n';
import { useTransactionsTable } from '@/lib/inventory-api';
import { viewerTimeZone } from '@/lib/time-zone';

/** Who reads the ledger: the administrator (every item's, with the counts before and after) or a partner (its own). */
export type TransactionsRole = 'admin' | 'partner';

const lineLabel = (t: Pick<InventoryTransaction, 'size' | 'color'>) =>
  `${t.size}${t.color ? ` / ${t.color}` : ''}`;

/** The columns after Date, Item, Type and Quantity, and the card's fields, for each role, in the reader's words. */
function useRoleView(role: TransactionsRole) {
  const t = useT();
  const byLabel = (by: string | null) =>
    by === null
      ? t('staff.inventory.tx.bySystem')
      : by === 'super_admin'
        ? t('staff.inventory.tx.byAdmin')
        : t('staff.inventory.tx.byTeam');
  const views: Readonly<
    Record<
      TransactionsRole,
      {
        label: string;
        toolbarLabel: string;
        minWidth: number;
        emptyText: string;
        columns: readonly Column[];
        cells: (tx: InventoryTransaction) => ReactNode;
        fields: (tx: InventoryTransaction) => Array<[string, ReactNode]>;
      }
    >
  > = {
    admin: {
      label: t('staff.inventory.tx.adminLabel'),
      toolbarLabel: t('staff.inventory.tx.adminToolbar'),
      minWidth: 860,
      emptyText: t('staff.inventory.tx.adminEmpty'),
      columns: [
        { label: t('staff.inventory.tx.previous'), align: 'right' },
        { label: t('staff.inventory.tx.new'), align: 'right' },
        t('staff.inventory.tx.reference'),
        t('staff.inventory.tx.notes'),
      ],
      cells: (tx) => (
        <>
          <TableCell align="right">{tx.previousQuantity}</TableCell>
          <TableCell align="right">{tx.newQuantity}</TableCell>
          <TableCell>{tx.reference ?? '—'}</TableCell>
          <TableCell>{tx.notes ?? '—'}</TableCell>
        </>
      ),
      fields: (tx) => [
        [t('staff.inventory.tx.previousNew'), `${tx.previousQuantity} → ${tx.newQuantity}`],
        [t('staff.inventory.tx.reference'), tx.reference ?? '—'],
        [t('staff.inventory.tx.notes'), tx.notes ?? '—'],
      ],
    },
    partner: {
      label: t('staff.inventory.tx.partnerLabel'),
      toolbarLabel: t('staff.inventory.tx.partnerToolbar'),
      minWidth: 640,
      emptyText: t('staff.inventory.tx.partnerEmpty'),
      columns: [t('staff.inventory.tx.notes'), t('staff.inventory.tx.by')],
      cells: (tx) => (
        <>
          <TableCell>{tx.notes ?? '—'}</TableCell>
          <TableCell>{byLabel(tx.createdByRole)}</TableCell>
        </>
      ),
      fields: (tx) => [
        [t('staff.inventory.tx.notes'), tx.notes ?? '—'],
        [t('staff.inventory.tx.by'), byLabel(tx.createdByRole)],
      ],
    },
  };
  return { t, view: views[role] };
}

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
  const { t, view } = useRoleView(role);
  const language = useLanguage();
  const { typeLabels, sortChoices } = useLedgerWords();
  const dateText = (tx: InventoryTransaction) => formatDateTimeIn(language, tx.createdAt, viewerTimeZone());
  const table = useLedgerTable('tx');
  const history = useTransactionsTable({ ...ledgerQuery(table), ...narrow });
  return (
    <Box>
      <TableToolbar
        table={table}
        label={view.toolbarLabel}
        statusLabels={typeLabels}
        statusField={{ label: t('staff.inventory.tx.type'), allLabel: t('staff.inventory.tx.allTypes') }}
        sortChoices={sortChoices}
      />
      {hint}
      <ResponsivePagedList
        query={history}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={{ ...table.sort, onSort: () => table.toggleSort('createdAt') }}
        columns={[
          { label: t('staff.inventory.tx.date'), sortKey: 'createdAt' },
          t('staff.inventory.tx.item'),
          t('staff.inventory.tx.type'),
          { label: t('staff.inventory.tx.quantity'), align: 'right' },
          ...view.columns,
        ]}
        emptyText={table.filtered ? t('staff.inventory.tx.noMatch') : view.emptyText}
        itemKey={(tx) => tx.id}
        renderRow={(tx) => (
          <TableRow hover data-testid="transaction-row" data-type={tx.transactionType}>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="transaction-date" data-at={tx.createdAt}>
              {dateText(tx)}
            </TableCell>
            <TableCell>
              {tx.merchItem.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {lineLabel(tx)}
              </Typography>
            </TableCell>
            <TableCell>
              <TransactionTypeChip type={tx.transactionType} />
            </TableCell>
            <TableCell align="right">
              <SignedQuantity value={tx.quantity} />
            </TableCell>
            {view.cells(tx)}
          </TableRow>
        )}
        renderCard={(tx) => (
          <InventoryCard
            testId="transaction-card"
            header={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1 }}>
                  {tx.merchItem.name} · {lineLabel(tx)}
                </Typography>
                <TransactionTypeChip type={tx.transactionType} />
              </Stack>
            }
            fields={[
              [t('staff.inventory.tx.date'), dateText(tx)],
              [t('staff.inventory.tx.quantity'), <SignedQuantity key="quantity" value={tx.quantity} />],
              ...view.fields(tx),
            ]}
          />
        )}
      />
    </Box>
  );
}
