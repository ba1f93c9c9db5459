import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { ListStateKind } from './list-state';
import { TableStateRow } from './list-states';

export type StateTableColumn = string | { label: string; align: 'right' };

/**
 * A small table that scrolls sideways on a phone: its column headings, then its rows when `state` is
 * 'ready', else the loading, error (with Retry) or empty row across every column.
 */
export function StateTable({
  label,
  minWidth,
  columns,
  state,
  error,
  emptyText,
  onRetry,
  children,
}: {
  label: string;
  minWidth: number;
  columns: StateTableColumn[];
  state: ListStateKind | 'ready';
  error?: unknown;
  emptyText: string;
  onRetry: () => void;
  /** The rows, shown when `state` is 'ready'. */
  children: ReactNode;
}) {
  return (
    // A region the keyboard can reach, so a table wider than a phone scrolls without a mouse (axe:
    // scrollable-region-focusable, when its rows hold nothing focusable, e.g. the empty state).
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <TableCell key={column}>{column}</TableCell>
              ) : (
                <TableCell key={column.label} align={column.align}>
                  {column.label}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {state !== 'ready' ? (
            <TableStateRow
              columns={columns.length}
              state={state}
              error={error}
              emptyText={emptyText}
              onRetry={onRetry}
            />
          ) : (
            children
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
