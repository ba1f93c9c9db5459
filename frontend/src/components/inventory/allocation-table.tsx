import {
  ALLOCATION_SORT_DEFAULT_ORDER,
  ALLOCATION_SORTS,
  ALLOCATION_STATUSES,
  type AllocationSort,
  type AllocationStatus,
} from '@avpass/contracts';
import { TableToolbar } from '@/components/data-display/table-filters';
import { useTableState, type TableState } from '@/lib/table-state';
import type { InventoryRole } from './inventory-roles';

/** The sort field's choices (a phone has no headers to press). */
export const ALLOCATION_SORT_CHOICES = [
  { key: 'allocatedAt', order: 'desc', label: 'Newest first' },
  { key: 'allocatedAt', order: 'asc', label: 'Oldest first' },
  { key: 'quantity', order: 'desc', label: 'Quantity (most first)' },
  { key: 'quantity', order: 'asc', label: 'Quantity (fewest first)' },
] as const;
export const ALLOCATION_STATUS_LABELS = { active: 'Active', removed: 'Removed' } as const;

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

const FILTER_LABELS: Readonly<Record<InventoryRole, string>> = {
  admin: 'Filter and sort the allocations',
  partner: 'Filter and sort the allocated inventory',
};

/** The status filter, the partner filter (the administrator's) and the sort above an allocations list. */
export function AllocationFilters({ role, table }: { role: InventoryRole; table: AllocationTable }) {
  return (
    <TableToolbar
      table={table}
      label={FILTER_LABELS[role]}
      statusLabels={ALLOCATION_STATUS_LABELS}
      {...(role === 'admin' ? { partner: { testId: 'allocations-partner-filter' } } : {})}
      sortChoices={ALLOCATION_SORT_CHOICES}
    />
  );
}
