import {
  INVENTORY_TRANSACTION_SORTS,
  INVENTORY_TRANSACTION_TYPES,
  type InventoryTransactionListQuery,
} from '@avpass/contracts';
import { useTableState } from '@/lib/table-state';

/** The Type filter's choices, with the chips' labels. */
export const TRANSACTION_TYPE_LABELS = {
  restock: 'Restock',
  sale: 'Sale',
  return: 'Return',
  allocation: 'Allocation',
  adjustment: 'Adjustment',
} as const satisfies Record<(typeof INVENTORY_TRANSACTION_TYPES)[number], string>;

/** The sort field's choices (a phone has no headers to press). */
export const LEDGER_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
] as const;

/** A ledger table's order and Type filter in the URL (issue 27), under `prefix`. */
export function useLedgerTable(prefix: string) {
  return useTableState({
    sorts: INVENTORY_TRANSACTION_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    statuses: INVENTORY_TRANSACTION_TYPES,
    statusParam: 'type',
    prefix,
  });
}

/** The ledger query of a table's state: its page, its order (when not newest first) and its type. */
export function ledgerQuery(table: ReturnType<typeof useLedgerTable>): InventoryTransactionListQuery {
  const { limit, offset, order, status } = table.query;
  return { limit, offset, ...(order ? { order } : {}), ...(status ? { type: status } : {}) };
}
