import type { Page } from '@avpass/contracts';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { ColumnHeads, type Column, type ListSort } from './column-heads';
import { listStateOf, type ListStateKind } from './list-state';
import { ListState, TableStateRow } from './list-states';
import { Pager, type Paging } from './pager';

export { stickyEndCellSx, type Column, type ListSort } from './column-heads';

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
              <ColumnHeads columns={columns} sort={sort} />
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
