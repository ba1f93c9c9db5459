import {
  CREDIT_LIST_STATUSES,
  CREDIT_SORT_DEFAULT_ORDER,
  CREDIT_SORTS,
  TRANSACTION_LIST_STATUSES,
  type CreditListQuery,
  type TransactionListQuery,
} from '@avpass/contracts';
import { useTableState } from '@/lib/table-state';

/** The status filter's choices: the statuses a credits list shows, with the chips' labels. */
export const CREDIT_STATUS_LABELS = { active: 'Active', expired: 'Expired' } as const;

/** The sort field's choices (a phone has no headers to press). */
export const CREDIT_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'athleteName', order: 'asc', label: 'Athlete (A–Z)' },
  { key: 'athleteName', order: 'desc', label: 'Athlete (Z–A)' },
  { key: 'endDate', order: 'asc', label: 'Ends soonest' },
  { key: 'endDate', order: 'desc', label: 'Ends latest' },
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
export const TRANSACTION_STATUS_LABELS = { completed: 'Completed', voided: 'Voided' } as const;

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
