import {
  INVENTORY_TRANSACTION_SORTS,
  INVENTORY_TRANSACTION_TYPES,
  type InventoryTransactionListQuery,
} from '@avpass/contracts';
import { useT } from '@/i18n/i18n';
import { useTableState } from '@/lib/table-state';

/** The Type filter's choices (the chips' labels) and the sort field's (a phone has no headers to press). */
export function useLedgerWords() {
  const t = useT();
  const typeLabels: Record<(typeof INVENTORY_TRANSACTION_TYPES)[number], string> = {
    restock: t('staff.inventory.type.restock'),
    sale: t('staff.inventory.type.sale'),
    return: t('staff.inventory.type.return'),
    allocation: t('staff.inventory.type.allocation'),
    adjustment: t('staff.inventory.type.adjustment'),
  };
  const sortChoices = [
    { key: 'createdAt', order: 'desc', label: t('staff.inventory.sort.newest') },
    { key: 'createdAt', order: 'asc', label: t('staff.inventory.sort.oldest') },
  ] as const;
  return { typeLabels, sortChoices };
}

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
