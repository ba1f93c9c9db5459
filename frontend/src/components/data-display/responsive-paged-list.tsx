import type { Page } from '@avpass/contracts';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { listStateOf } from './list-state';
import { ListState, TableStateRow } from './list-states';
import { Pager, type Paging } from './pager';

export type Column = string | { label: string; align: 'right'; sticky?: boolean };

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
          <Table size="small" aria-label={label} sx={{ minWidth }}>
            <TableHead>
              <TableRow>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <TableCell key={column}>{column}</TableCell>
                  ) : (
                    <TableCell
                      key={column.label}
                      align={column.align}
                      sx={column.sticky ? stickyEndCellSx : undefined}
                    >
                      {column.label}
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
      <Pager variant="wrap" count={query.data?.total ?? 0} paging={paging} />
    </>
  );
}
