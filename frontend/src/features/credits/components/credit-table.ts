import {
  CREDIT_LIST_STATUSES,
  CREDIT_SORT_DEFAULT_ORDER,
  CREDIT_SORTS,
  TRANSACTION_LIST_STATUSES,
  type CreditListQuery,
  type TransactionListQuery,
} from '@avpass/contracts';
import { useTableState } from '@/lib/table-state';
import type { T } from './credit-bits';

/** The status filter's choices: the statuses a credits list shows, with the chips' labels. */
export const creditStatusLabels = (t: T) =>
  ({ active: t('credits.status.active'), expired: t('credits.status.expired') }) as const;

/** The sort field's choices (a phone has no headers to press). */
export const creditSortChoices = (t: T) =>
  [
    { key: 'createdAt', order: 'desc', label: t('credits.sort.newest') },
    { key: 'createdAt', order: 'asc', label: t('credits.sort.oldest') },
    { key: 'athleteName', order: 'asc', label: t('credits.sort.athleteAz') },
    { key: 'athleteName', order: 'desc', label: t('credits.sort.athleteZa') },
    { key: 'endDate', order: 'asc', label: t('credits.sort.endsSoonest') },
    { key: 'endDate', order: 'desc', label: t('credits.sort.endsLatest') },
  ] as const;

/**
 * A credits table's search, sort, status (and, for the administrator, partner) in the URL (issue 27):
 * newest first unless a header or the sort field says otherwise.
 */
export function useCreditTable() {
  const table = useTableState({
    sorts: CREDIT_SORTS,
    defaultSort: { key: 'createdAt', order: CREDIT_SORT_DEFAULT_ORDER.createdAt },
    firstOrder: CREDIT_SORT_DEFAULT_ORDER,
    statuses: CREDIT_LIST_STATUSES,
  });
  const query: CreditListQuery = table.query;
  const onSort = (key: string) => {
    const known = CREDIT_SORTS.find((sort) => sort === key);
    if (known) table.toggleSort(known);
  };
  return { table, query, sort: { ...table.sort, onSort } };
}

/** The ledger's status filter: the chips' words. */
export const transactionStatusLabels = (t: T) =>
  ({ completed: t('credits.status.completed'), voided: t('credits.status.voided') }) as const;

/**
 * A ledger's search, order (newest or oldest first, by the Date header), status (and, for the
 * administrator, partner) and page in the URL (issue 27).
 */
export function useLedgerTable() {
  const table = useTableState({
    sorts: ['createdAt'] as const,
    defaultSort: { key: 'createdAt', order: 'desc' },
    statuses: TRANSACTION_LIST_STATUSES,
    pageSize: 25,
  });
  const query: TransactionListQuery = table.query;
  return { table, query, sort: { ...table.sort, onSort: () => table.toggleSort('createdAt') } };
}
