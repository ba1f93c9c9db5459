import type { CreditTransaction, TransactionListQuery } from '@avpass/contracts';
import { formatMonthDayTime } from '@avpass/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { viewerTimeZone } from '@/lib/time-zone';
import { useCreditTransactions } from '../api/get-transactions';
import { Money, RowCard, TransactionCardHeader, TransactionStatusChip, voidedSx } from './credit-bits';
import type { CreditsRole } from './credit-roles';
import { TRANSACTION_STATUS_LABELS, useLedgerTable } from './credit-table';
import { ListToolbar, type ListView } from './list-toolbar';
import { CATEGORY_LABELS, TYPE_LABELS } from './transaction-fields';

const voidedText = (t: CreditTransaction) => (t.voidedAt ? 'true' : 'false');

/** Everything that differs between the administrator's ledger and a partner's transaction history. */
interface TransactionsListView extends ListView {
  /** The row's (and card's) data attributes: how tests find a transaction and see it voided. */
  dataAttributes: (t: CreditTransaction) => Record<string, string>;
  /** The cells after Date. */
  cells: (t: CreditTransaction, zone: string) => ReactNode;
  cardFields: (t: CreditTransaction, zone: string) => [string, ReactNode][];
}

const VIEWS: Readonly<Record<CreditsRole, TransactionsListView>> = {
  admin: {
    searchRow: true,
    search: { label: 'Search ledger', placeholder: 'Athlete name' },
    toolbarLabel: 'Filter the transaction ledger',
    partnerFilter: 'ledger-partner-filter',
    label: 'Transaction ledger',
    minWidth: 960,
    columns: ['Athlete', 'Partner', 'Type', 'Description', 'Amount', 'Balance After', 'Status'],
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? `No transactions match "${term}".`
          : 'No transactions match these filters.'
        : 'No transactions recorded yet.',
    rowTestId: 'ledger-row',
    dataAttributes: (t) => ({ 'data-transaction-id': t.id, 'data-voided': voidedText(t) }),
    cells: (t) => (
      <>
        <TableCell>{t.athleteName}</TableCell>
        <TableCell>{t.partnerName ?? 'AV Pass'}</TableCell>
        <TableCell>
          {TYPE_LABELS[t.transactionType]}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {CATEGORY_LABELS[t.category]}
          </Typography>
        </TableCell>
        <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
          {t.description}
          {t.voidReason && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              Voided: {t.voidReason}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Money cents={t.amount} strong />
        </TableCell>
        <TableCell>
          <Money cents={t.balanceAfter} />
        </TableCell>
        <TableCell>
          <TransactionStatusChip transaction={t} />
        </TableCell>
      </>
    ),
    cardFields: (t, zone) => [
      ['Amount', <Money key="a" cents={t.amount} strong />],
      ['Date', formatMonthDayTime(t.createdAt, zone)],
      ['Description', t.description],
      ['Partner', t.partnerName ?? 'AV Pass'],
      ['Balance after', <Money key="b" cents={t.balanceAfter} />],
    ],
  },
  partner: {
    searchRow: false,
    search: { label: 'Search history', placeholder: 'Athlete name' },
    toolbarLabel: 'Filter the transaction history',
    label: 'Transaction history',
    minWidth: 720,
    columns: ['Athlete', 'Type', 'Description', 'Amount', 'Status'],
    emptyText: (filtered) =>
      filtered ? 'No transactions match this search and these filters.' : 'No transactions recorded yet.',
    rowTestId: 'history-row',
    dataAttributes: (t) => ({ 'data-voided': voidedText(t) }),
    cells: (t) => (
      <>
        <TableCell>{t.athleteName}</TableCell>
        <TableCell>{TYPE_LABELS[t.transactionType]}</TableCell>
        <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{t.description}</TableCell>
        <TableCell>
          <Money cents={t.amount} strong />
        </TableCell>
        <TableCell>
          <TransactionStatusChip transaction={t} />
        </TableCell>
      </>
    ),
    cardFields: (t, zone) => [
      ['Amount', <Money key="a" cents={t.amount} strong />],
      ['Date', formatMonthDayTime(t.createdAt, zone)],
      ['Type', TYPE_LABELS[t.transactionType]],
      ['Description', t.description],
    ],
  },
};

/**
 * A role's credit transactions, newest first (or oldest, by the Date header), searched and filtered by
 * status (and, for the administrator, partner) on the server, the view and the page in the URL
 * (issue 27); voided rows dimmed. `actions` fill an actions column (the administrator's Void);
 * `searchAction` stands at the end of the administrator's search row, given the list's query.
 */
export function TransactionsList({
  role,
  actions,
  searchAction,
}: {
  role: CreditsRole;
  actions?: (transaction: CreditTransaction) => ReactNode;
  searchAction?: (query: TransactionListQuery) => ReactNode;
}) {
  const view = VIEWS[role];
  const { table, query, sort } = useLedgerTable();
  const transactions = useCreditTransactions(role, query);
  const zone = viewerTimeZone();
  return (
    <>
      <ListToolbar
        view={view}
        table={table}
        statusLabels={TRANSACTION_STATUS_LABELS}
        action={searchAction?.(query)}
      />
      <ResponsivePagedList
        query={transactions}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={sort}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          ...view.columns,
          ...(actions ? [{ label: 'Actions', align: 'right', sticky: true } as const] : []),
        ]}
        emptyText={view.emptyText(table.filtered, table.search)}
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow hover data-testid={view.rowTestId} {...view.dataAttributes(t)} sx={voidedSx(t)}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayTime(t.createdAt, zone)}</TableCell>
            {view.cells(t, zone)}
            {actions && (
              <TableCell align="right" sx={stickyEndCellSx}>
                {actions(t)}
              </TableCell>
            )}
          </TableRow>
        )}
        renderCard={(t) => (
          <RowCard
            testId={view.rowTestId}
            dimmed={Boolean(t.voidedAt)}
            dataAttributes={view.dataAttributes(t)}
            header={<TransactionCardHeader transaction={t} />}
            fields={view.cardFields(t, zone)}
            {...(actions ? { actions: actions(t) } : {})}
          />
        )}
      />
    </>
  );
}
