import {
  ALLOCATION_SORT_DEFAULT_ORDER,
  ALLOCATION_SORTS,
  ALLOCATION_STATUSES,
  type AllocationSort,
  type AllocationStatus,
} from '@avpass/contracts';
import { TableToolbar } from '@/components/data-display/table-filters';
import { useT } from '@/i18n/i18n';
import { useTableState, type TableState } from '@/lib/table-state';
import type { InventoryRole } from './inventory-roles';

/** The partner's Allocated Inventory page size (its screen's cards read the same first page). */
export const ALLOCATED_PAGE_SIZE = 25;

export type AllocationTable = TableState<AllocationSort, AllocationStatus>;

/**
 * An allocations list's view in the URL (issue 27), under `alloc.`: newest first, active and removed;
 * the administrator's table pages at the default size, the partner's cards 25 at a time.
 */
export function useAllocationTable(role: InventoryRole): AllocationTable {
  return useTableState({
    sorts: ALLOCATION_SORTS,
    defaultSort: { key: 'allocatedAt', order: 'desc' },
    firstOrder: ALLOCATION_SORT_DEFAULT_ORDER,
    statuses: ALLOCATION_STATUSES,
    prefix: 'alloc',
    ...(role === 'partner' ? { pageSize: ALLOCATED_PAGE_SIZE } : {}),
  });
}

/** The status filter, the partner filter (the administrator's) and the sort above an allocations list. */
export function AllocationFilters({ role, table }: { role: InventoryRole; table: AllocationTable }) {
  const t = useT();
  // The sort field's choices (a phone has no headers to press).
  const sortChoices = [
    { key: 'allocatedAt', order: 'desc', label: t('staff.inventory.sort.newest') },
    { key: 'allocatedAt', order: 'asc', label: t('staff.inventory.sort.oldest') },
    { key: 'quantity', order: 'desc', label: t('staff.inventory.sort.quantityMost') },
    { key: 'quantity', order: 'asc', label: t('staff.inventory.sort.quantityFewest') },
  ] as const;
  const statusLabels = {
    active: t('staff.inventory.allocationStatus.active'),
    removed: t('staff.inventory.allocationStatus.removed'),
  };
  return (
    <TableToolbar
      table={table}
      label={
        role === 'admin' ? t('staff.inventory.filter.allocations') : t('staff.inventory.filter.allocated')
      }
      statusLabels={statusLabels}
      {...(role === 'admin' ? { partner: { testId: 'allocations-partner-filter' } } : {})}
      sortChoices={sortChoices}
    />
  );
}
