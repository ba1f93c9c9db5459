import type { CodeSort, Page, QrCode } from '@avpass/contracts';
import { VOUCHER_STATUS_LABELS, type VoucherStatus } from '@avpass/domain';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { ListStateKind } from '@/components/data-display/list-state';
import { MobileCard } from '@/components/data-display/mobile-card';
import {
  ResponsivePagedList,
  stickyEndCellSx,
  type Column,
} from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';
import { StatusChip } from '@/components/vouchers/status-chip';
import { shortId } from '@/lib/code-display';
import type { TableState } from '@/lib/table-state';
import { CodeActions } from './code-actions';
import { CODES_ROLES, type CodeCellContext, type CodesRole } from './codes-roles';

interface RowProps extends CodeCellContext {
  role: CodesRole;
  code: QrCode;
  selected: boolean;
  onToggle: () => void;
  onDelete: (code: QrCode) => void;
}

function SelectBox({
  role,
  code,
  selected,
  onToggle,
}: Pick<RowProps, 'role' | 'code' | 'selected' | 'onToggle'>) {
  return (
    <Checkbox
      size="small"
      checked={selected}
      onChange={onToggle}
      slotProps={{ input: { 'aria-label': CODES_ROLES[role].selectLabel(code) } }}
      data-testid="select-code"
    />
  );
}

function CodeRow({ role, code, selected, onToggle, onDelete, onAssign }: RowProps) {
  const view = CODES_ROLES[role];
  return (
    <TableRow hover selected={selected} data-testid="qr-row" {...{ [view.idAttribute]: code.id }}>
      <TableCell padding="checkbox">
        <SelectBox role={role} code={code} selected={selected} onToggle={onToggle} />
      </TableCell>
      {view.columns.map(({ column, cell, cellSx }) => (
        <TableCell key={typeof column === 'string' ? column : column.label} sx={cellSx}>
          {cell(code, { onAssign })}
        </TableCell>
      ))}
      <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, stickyEndCellSx] as SxProps<Theme>}>
        <CodeActions role={role} code={code} name={view.nameOf(code)} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

function CodeCard({ role, code, selected, onToggle, onDelete, onAssign }: RowProps) {
  const view = CODES_ROLES[role];
  const name = view.nameOf(code);
  return (
    <MobileCard
      testId="qr-row"
      dataAttributes={{ [view.idAttribute]: code.id }}
      header={
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ mt: -0.75, ml: -1 }}>
            <SelectBox role={role} code={code} selected={selected} onToggle={onToggle} />
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {code.service} ·{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {shortId(code.id)}
              </Box>
            </Typography>
          </Box>
          <StatusChip status={code.status} />
        </Box>
      }
      fields={view.cardFields(code, { onAssign })}
      actions={<CodeActions role={role} code={code} name={name} onDelete={onDelete} stacked />}
    />
  );
}

/** The company's designed loading, error and empty panels, in place of the whole list. */
function designedState(
  state: ListStateKind,
  { search, filtered, retry }: { search: string; filtered: boolean; retry: () => void },
): ReactNode {
  if (state === 'loading') return <LoadingState message="Loading QR codes..." />;
  if (state === 'error')
    return (
      <StatusPanel
        tone="error"
        icon={<ErrorOutlineRoundedIcon />}
        title="Could not load your QR codes"
        description="Check your connection and try again."
        action={
          <Button variant="outlined" onClick={retry}>
            Try again
          </Button>
        }
      />
    );
  return search || filtered ? (
    <StatusPanel
      testId="qr-codes-empty"
      icon={<SearchOffRoundedIcon />}
      title={search ? 'No QR codes match your search' : 'No QR codes match these filters'}
      description={
        search
          ? `Nothing matches "${search}". Try a partner name, a service or the start of an id.`
          : 'Choose another status, or all statuses.'
      }
    />
  ) : (
    <StatusPanel
      testId="qr-codes-empty"
      icon={<QrCode2RoundedIcon />}
      title="No QR codes yet"
      description="Codes the AV Pass team assigns to your company appear here."
    />
  );
}

/** The plain empty line of the admin's table. */
function emptyText(search: string, filtered: boolean) {
  if (search) return `No QR codes match "${search}".`;
  return filtered ? 'No QR codes match these filters.' : 'No QR codes yet. Generate one or create a batch.';
}

/**
 * The QR codes table for either role: selectable rows (cards on a phone) with the role's columns and
 * actions, sorted and filtered on the server, the view in the URL (`table`, issue 27). What acts on
 * the selection (`selectionBar`) and the dialogs behind `onDelete`/`onAssign` belong to the screen.
 */
export function CodesTable({
  role,
  query,
  table,
  selected,
  onSelectedChange,
  onDelete,
  onAssign,
  selectionBar,
}: {
  role: CodesRole;
  query: {
    data: Page<QrCode> | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  table: TableState<CodeSort, VoucherStatus>;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  onDelete: (code: QrCode) => void;
  /** The partner picker of a code (super_admin). */
  onAssign?: (code: QrCode) => void;
  selectionBar?: ReactNode;
}) {
  const view = CODES_ROLES[role];
  const items = query.data?.items ?? [];
  const search = table.search ?? '';
  const pageSelected = items.length > 0 && items.every((code) => selected.has(code.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const selectColumn: Column = view.selectAllInHeader
    ? {
        label: 'Select',
        padding: 'checkbox',
        header: (
          <Checkbox
            checked={pageSelected}
            indeterminate={!pageSelected && items.some((code) => selected.has(code.id))}
            onChange={() =>
              onSelectedChange(
                pageSelected
                  ? new Set([...selected].filter((id) => !items.some((code) => code.id === id)))
                  : new Set([...selected, ...items.map((code) => code.id)]),
              )
            }
            slotProps={{ input: { 'aria-label': 'Select every code on this page' } }}
          />
        ),
      }
    : 'Select';
  const rowProps = (code: QrCode): RowProps => ({
    role,
    code,
    selected: selected.has(code.id),
    onToggle: () => toggle(code.id),
    onDelete,
    onAssign,
  });

  return (
    <Box>
      <TableToolbar
        table={table}
        label="Filter and sort the QR codes"
        statusLabels={VOUCHER_STATUS_LABELS.adminTable}
        partner={view.partnerFilter ? { testId: 'partner-filter' } : undefined}
        sortChoices={view.sortChoices}
      />
      {selectionBar}
      <ResponsivePagedList
        query={query}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as CodeSort) }}
        columns={[
          selectColumn,
          ...view.columns.map(({ column }) => column),
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={emptyText(search, table.filtered)}
        stateView={
          view.designedStates
            ? (state) =>
                designedState(state, { search, filtered: table.filtered, retry: () => void query.refetch() })
            : undefined
        }
        itemKey={(code) => code.id}
        renderCard={(code) => <CodeCard {...rowProps(code)} />}
        renderRow={(code) => <CodeRow {...rowProps(code)} />}
      />
    </Box>
  );
}
