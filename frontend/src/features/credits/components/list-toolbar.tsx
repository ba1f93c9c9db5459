import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-display/responsive-paged-list';
import { SearchField, TableToolbar } from '@/components/data-display/table-filters';
import type { TableSort, TableState } from '@/lib/table-state';

/** What both credits lists (credits, transactions) set per role besides their rows. */
export interface ListView {
  /** The search box on its own row, beside the list's action (the administrator's), or in the filter row. */
  searchRow: boolean;
  search: { label: string; placeholder: string };
  toolbarLabel: string;
  /** The partner filter's test id (super_admin only). */
  partnerFilter?: string;
  label: string;
  minWidth: number;
  columns: readonly Column[];
  emptyText: (filtered: boolean, term: string | undefined) => string;
  rowTestId: string;
}

/**
 * The fields above a credits list: the administrator's search box on a row of its own with the list's
 * action (a button) at the other end, then the filters (the partner's search among them) and the sort.
 */
export function ListToolbar<K extends string, S extends string>({
  view,
  table,
  statusLabels,
  sortChoices,
  action,
}: {
  view: ListView;
  table: TableState<K, S>;
  statusLabels: Readonly<Record<S, string>>;
  sortChoices?: ReadonlyArray<TableSort<K> & { label: string }>;
  action?: ReactNode;
}) {
  return (
    <>
      {view.searchRow && (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <SearchField {...view.search} value={table.searchText} onChange={table.setSearchText} />
          {action}
        </Stack>
      )}
      <TableToolbar
        table={table}
        label={view.toolbarLabel}
        {...(view.searchRow ? {} : { search: view.search })}
        statusLabels={statusLabels}
        {...(view.partnerFilter ? { partner: { testId: view.partnerFilter } } : {})}
        {...(sortChoices ? { sortChoices } : {})}
      />
    </>
  );
}
