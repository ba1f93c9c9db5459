import type { Page } from '@avpass/contracts';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { listStateOf, type ListStateKind } from './list-state';
import { ListState, TableStateRow } from './list-states';
import { Pager, type Paging } from './pager';

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

/**
 * Cells closer together on laptop screens (900–1535 px), full spacing on wide ones: at 1366 px the codes
 * table's ten columns then fit beside its sticky Actions, instead of Partners sliding under them.
 */
const denseBelowWideSx = (theme: Theme) => ({
  [theme.breakpoints.down('xl')]: {
    '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { paddingLeft: '8px', paddingRight: '8px' },
  },
});

/**
 * A server-paged list: a table on wide screens, a stack of cards on phones and tablets (tables scroll
 * sideways there; cards do not), the designed loading / error / empty states, and the pager.
 */
export function ResponsivePagedList<T>({
  query,
  paging,
  label,
  minWidth,
  columns,
  emptyText,
  itemKey,
  renderRow,
  renderCard,
  sort,
  stateView,
}: {
  query: {
    data: Page<T> | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  paging: Paging;
  /** The table's accessible name. */
  label: string;
  minWidth: number;
  columns: readonly Column[];
  emptyText: string;
  itemKey: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  renderCard: (item: T) => ReactNode;
  sort?: ListSort;
  /** A designed panel in place of the whole list while it loads, fails or is empty (else rows in the table). */
  stateView?: (state: ListStateKind) => ReactNode;
}) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const items = query.data?.items ?? [];
  const state = listStateOf(query);
  const stateProps = state && {
    state,
    error: query.error,
    emptyText,
    onRetry: () => void query.refetch(),
  };

  if (state && stateView) return <>{stateView(state)}</>;
  return (
    <>
      {compact ? (
        <Stack spacing={1.5}>
          {stateProps ? (
            <ListState {...stateProps} />
          ) : (
            items.map((item) => <Fragment key={itemKey(item)}>{renderCard(item)}</Fragment>)
          )}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label} sx={[{ minWidth }, denseBelowWideSx]}>
            <TableHead>
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
                          direction={sort.key === column.sortKey ? sort.order : 'asc'}
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
            </TableHead>
            <TableBody>
              {stateProps ? (
                <TableStateRow columns={columns.length} {...stateProps} />
              ) : (
                items.map((item) => <Fragment key={itemKey(item)}>{renderRow(item)}</Fragment>)
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pager
        variant="wrap"
        count={query.data?.total ?? 0}
        countIsLowerBound={query.data?.totalIsLowerBound ?? false}
        paging={paging}
      />
    </>
  );
}

/** aria-sort of a header: the sorted column says its direction, other sortable columns "none". */
function sortStateOf(column: Exclude<Column, string>, sort: ListSort | undefined) {
  if (!column.sortKey || !sort) return undefined;
  if (sort.key !== column.sortKey) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}
