import type { CreditTransaction, TransactionListQuery } from '@avpass/contracts';
import { formatMonthDayTimeIn } from '@avpass/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { useCreditTransactions } from '../api/get-transactions';
import {
  Money,
  RowCard,
  TransactionCardHeader,
  TransactionStatusChip,
  voidedSx,
  type T,
} from './credit-bits';
import type { CreditsRole } from './credit-roles';
import { transactionStatusLabels, useLedgerTable } from './credit-table';
import { ListToolbar, type ListView } from './list-toolbar';
import { categoryLabel, typeLabel } from './transaction-fields';

/** The brand, the same in every language: a credit tied to no partner is AV Pass's. */
const BRAND_NAME = 'AV Pass';

const voidedText = (tx: CreditTransaction) => (tx.voidedAt ? 'true' : 'false');

/** Everything that differs between the administrator's ledger and a partner's transaction history. */
interface TransactionsListView extends ListView {
  /** The row's (and card's) data attributes: how tests find a transaction and see it voided. */
  dataAttributes: (tx: CreditTransaction) => Record<string, string>;
  /** The cells after Date. */
  cells: (tx: CreditTransaction, zone: string) => ReactNode;
  cardFields: (tx: CreditTransaction, zone: string) => [string, ReactNode][];
}

/** The two roles' views in the reader's language. */
const viewsFor = (t: T, language: string): Readonly<Record<CreditsRole, TransactionsListView>> => ({
  admin: {
    searchRow: true,
    search: { label: t('credits.ledger.search'), placeholder: t('credits.ledger.searchPlaceholder') },
    toolbarLabel: t('credits.ledger.adminToolbar'),
    partnerFilter: 'ledger-partner-filter',
    label: t('credits.ledger.adminLabel'),
    minWidth: 960,
    columns: [
      t('credits.column.athlete'),
      t('credits.column.partner'),
      t('credits.column.type'),
      t('credits.column.description'),
      t('credits.column.amount'),
      t('credits.column.balanceAfter'),
      t('credits.column.status'),
    ],
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? t('credits.ledger.noMatch', { term })
          : t('credits.ledger.noMatchFilters')
        : t('credits.ledger.empty'),
    rowTestId: 'ledger-row',
    dataAttributes: (tx) => ({ 'data-transaction-id': tx.id, 'data-voided': voidedText(tx) }),
    cells: (tx) => (
      <>
        <TableCell>{tx.athleteName}</TableCell>
        <TableCell>{tx.partnerName ?? BRAND_NAME}</TableCell>
        <TableCell>
          {typeLabel(t, tx.transactionType)}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {categoryLabel(t, tx.category)}
          </Typography>
        </TableCell>
        <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
          {tx.description}
          {tx.voidReason && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('credits.ledger.voidedBecause', { reason: tx.voidReason })}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Money cents={tx.amount} strong />
        </TableCell>
        <TableCell>
          <Money cents={tx.balanceAfter} />
        </TableCell>
        <TableCell>
          <TransactionStatusChip transaction={tx} />
        </TableCell>
      </>
    ),
    cardFields: (tx, zone) => [
      [t('credits.column.amount'), <Money key="a" cents={tx.amount} strong />],
      [t('credits.column.date'), formatMonthDayTimeIn(language, tx.createdAt, zone)],
      [t('credits.column.description'), tx.description],
      [t('credits.column.partner'), tx.partnerName ?? BRAND_NAME],
      [t('credits.ledger.balanceAfter'), <Money key="b" cents={tx.balanceAfter} />],
    ],
  },
  partner: {
    searchRow: false,
    search: { label: t('credits.history.search'), placeholder: t('credits.ledger.searchPlaceholder') },
    toolbarLabel: t('credits.history.toolbar'),
    label: t('credits.history.label'),
    minWidth: 720,
    columns: [
      t('credits.column.athlete'),
      t('credits.column.type'),
      t('credits.column.description'),
      t('credits.column.amount'),
      t('credits.column.status'),
    ],
    emptyText: (filtered) => (filtered ? t('credits.history.noMatch') : t('credits.ledger.empty')),
    rowTestId: 'history-row',
    dataAttributes: (tx) => ({ 'data-voided': voidedText(tx) }),
    cells: (tx) => (
      <>
        <TableCell>{tx.athleteName}</TableCell>
        <TableCell>{typeLabel(t, tx.transactionType)}</TableCell>
        <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{tx.description}</TableCell>
        <TableCell>
          <Money cents={tx.amount} strong />
        </TableCell>
        <TableCell>
          <TransactionStatusChip transaction={tx} />
        </TableCell>
      </>
    ),
    cardFields: (tx, zone) => [
      [t('credits.column.amount'), <Money key="a" cents={tx.amount} strong />],
      [t('credits.column.date'), formatMonthDayTimeIn(language, tx.createdAt, zone)],
      [t('credits.column.type'), typeLabel(t, tx.transactionType)],
      [t('credits.column.description'), tx.description],
    ],
  },
});

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
  const { t, language } = useWords();
  const view = viewsFor(t, language)[role];
  const { table, query, sort } = useLedgerTable();
  const transactions = useCreditTransactions(role, query);
  const zone = viewerTimeZone();
  return (
    <>
      <ListToolbar
        view={view}
        table={table}
        statusLabels={transactionStatusLabels(t)}
        action={searchAction?.(query)}
      />
      <ResponsivePagedList
        query={transactions}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={sort}
        columns={[
          { label: t('credits.column.date'), sortKey: 'createdAt' },
          ...view.columns,
          ...(actions ? [{ label: t('credits.column.actions'), align: 'right', sticky: true } as const] : []),
        ]}
        emptyText={view.emptyText(table.filtered, table.search)}
        itemKey={(tx) => tx.id}
        renderRow={(tx) => (
          <TableRow hover data-testid={view.rowTestId} {...view.dataAttributes(tx)} sx={voidedSx(tx)}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatMonthDayTimeIn(language, tx.createdAt, zone)}
            </TableCell>
            {view.cells(tx, zone)}
            {actions && (
              <TableCell align="right" sx={stickyEndCellSx}>
                {actions(tx)}
              </TableCell>
            )}
          </TableRow>
        )}
        renderCard={(tx) => (
          <RowCard
            testId={view.rowTestId}
            dimmed={Boolean(tx.voidedAt)}
            dataAttributes={view.dataAttributes(tx)}
            header={<TransactionCardHeader transaction={tx} />}
            fields={view.cardFields(tx, zone)}
            {...(actions ? { actions: actions(tx) } : {})}
          />
        )}
      />
    </>
  );
}
