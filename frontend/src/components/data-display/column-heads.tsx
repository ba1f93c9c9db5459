import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A column's header: its label, or with `sortKey` a header that sorts the list (issue 27); `header`
 * shows something else than the label (a select-all checkbox) in a `padding` cell.
 */
export type Column =
  | string
  | {
      label: string;
      align?: 'right';
      sticky?: boolean;
      sortKey?: string;
      header?: ReactNode;
      padding?: 'checkbox';
    };

/** The list's sort, for its sortable headers: the active column's key and direction, and the handler. */
export interface ListSort {
  key: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
  /** The direction an inactive column's arrow shows (the order a click on it starts with): 'asc' by default. */
  firstOrder?: (key: string) => 'asc' | 'desc';
}

/**
 * A last column that stays in view while the table scrolls sideways (the row's actions): rows use
 * it on their cell too.
 */
export const stickyEndCellSx: SxProps<Theme> = (theme) => ({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: theme.palette.background.paper,
  boxShadow: `-1px 0 0 ${theme.palette.divider}`,
});

/** A table's header row: plain labels, and sortable headers that say their state in `aria-sort`. */
export function ColumnHeads({ columns, sort }: { columns: readonly Column[]; sort?: ListSort }) {
  return (
    <TableRow>
      {columns.map((column) =>
        typeof column === 'string' ? (
          <TableCell key={column}>{column}</TableCell>
        ) : (
          <TableCell
            key={column.label}
            align={column.align}
            padding={column.padding}
            sx={column.sticky ? stickyEndCellSx : undefined}
            aria-sort={sortStateOf(column, sort)}
          >
            {column.sortKey && sort ? (
              <TableSortLabel
                active={sort.key === column.sortKey}
                direction={
                  sort.key === column.sortKey ? sort.order : (sort.firstOrder?.(column.sortKey) ?? 'asc')
                }
                onClick={() => sort.onSort(column.sortKey!)}
                data-testid={`sort-${column.sortKey}`}
              >
                {column.label}
              </TableSortLabel>
            ) : (
              (column.header ?? column.label)
            )}
          </TableCell>
        ),
      )}
    </TableRow>
  );
}

function sortStateOf(column: Exclude<Column, string>, sort: ListSort | undefined) {
  if (!column.sortKey || !sort) return undefined;
  if (sort.key !== column.sortKey) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}
