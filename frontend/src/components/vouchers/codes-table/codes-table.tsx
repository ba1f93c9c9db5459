import type { CodeSort, Page, QrCode } from '@avpass/contracts';
import { VOUCHER_STATUSES, type VoucherStatus } from '@avpass/domain';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
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
import { useT, useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { CODES_ROLES, type CodeCellContext, type CodeColumnHead, type CodesRole } from './codes-roles';

/** A column's header in the reader's words. */
function columnIn(t: Words<MessageId>['t'], column: CodeColumnHead): Column {
  return typeof column === 'string' ? t(column) : { ...column, label: t(column.label) };
}

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
  const t = useT();
  return (
    <Checkbox
      size="small"
      checked={selected}
      onChange={onToggle}
      slotProps={{ input: { 'aria-label': CODES_ROLES[role].selectLabel(code, t) } }}
      data-testid="select-code"
    />
  );
}

function CodeRow({ role, code, selected, onToggle, onDelete, onAssign, words }: RowProps) {
  const view = CODES_ROLES[role];
  return (
    <TableRow hover selected={selected} data-testid="qr-row" {...{ [view.idAttribute]: code.id }}>
      <TableCell padding="checkbox">
        <SelectBox role={role} code={code} selected={selected} onToggle={onToggle} />
      </TableCell>
      {view.columns.map(({ column, cell, cellSx }) => (
        <TableCell key={typeof column === 'string' ? column : column.label} sx={cellSx}>
          {cell(code, { onAssign, words })}
        </TableCell>
      ))}
      <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, stickyEndCellSx] as SxProps<Theme>}>
        <CodeActions role={role} code={code} name={view.nameOf(code)} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

function CodeCard({ role, code, selected, onToggle, onDelete, onAssign, words }: RowProps) {
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
      fields={view
        .cardFields(code, { onAssign, words })
        .map(([label, value]) => [words.t(label), value] as const)}
      actions={<CodeActions role={role} code={code} name={name} onDelete={onDelete} stacked />}
    />
  );
}

/** The company's designed loading, error and empty panels, in place of the whole list. */
function designedState(
  state: ListStateKind,
  {
    search,
    filtered,
    retry,
    t,
  }: { search: string; filtered: boolean; retry: () => void; t: Words<MessageId>['t'] },
): ReactNode {
  if (state === 'loading') return <LoadingState message={t('staff.codes.loading')} />;
  if (state === 'error')
    return (
      <StatusPanel
        tone="error"
        icon={<ErrorOutlineRoundedIcon />}
        title={t('staff.codes.loadFailed')}
        description={t('staff.codes.checkConnection')}
        action={
          <Button variant="outlined" onClick={retry}>
            {t('staff.codes.tryAgain')}
          </Button>
        }
      />
    );
  return search || filtered ? (
    <StatusPanel
      testId="qr-codes-empty"
      icon={<SearchOffRoundedIcon />}
      title={search ? t('staff.codes.noMatchSearch') : t('staff.codes.noMatchFilters')}
      description={
        search ? t('staff.codes.noMatchSearchText', { search }) : t('staff.codes.noMatchFiltersText')
      }
    />
  ) : (
    <StatusPanel
      testId="qr-codes-empty"
      icon={<QrCode2RoundedIcon />}
      title={t('staff.codes.emptyCompany')}
      description={t('staff.codes.emptyCompanyText')}
    />
  );
}

/** The plain empty line of the admin's table. */
function emptyText(search: string, filtered: boolean, t: Words<MessageId>['t']) {
  if (search) return t('staff.codes.noMatch', { search });
  return filtered ? t('staff.codes.noMatchFiltersLine') : t('staff.codes.empty');
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
  const words = useWords();
  const { t } = words;
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
        label: t('staff.codes.select'),
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
            slotProps={{ input: { 'aria-label': t('staff.codes.selectPage') } }}
          />
        ),
      }
    : t('staff.codes.select');
  const rowProps = (code: QrCode): RowProps => ({
    role,
    code,
    selected: selected.has(code.id),
    onToggle: () => toggle(code.id),
    onDelete,
    onAssign,
    words,
  });

  return (
    <Box>
      <TableToolbar
        table={table}
        label={t('staff.codes.toolbar')}
        statusLabels={
          Object.fromEntries(
            VOUCHER_STATUSES.map((status) => [status, t(`staff.voucher.status.${status}`)]),
          ) as Record<VoucherStatus, string>
        }
        partner={view.partnerFilter ? { testId: 'partner-filter' } : undefined}
        sortChoices={view.sortChoices.map((choice) => ({ ...choice, label: t(choice.label) }))}
      />
      {selectionBar}
      <ResponsivePagedList
        query={query}
        paging={table.paging}
        label={t(view.label)}
        minWidth={view.minWidth}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as CodeSort) }}
        columns={[
          selectColumn,
          ...view.columns.map(({ column }) => columnIn(t, column)),
          { label: t('staff.codes.actions'), align: 'right', sticky: true },
        ]}
        emptyText={emptyText(search, table.filtered, t)}
        stateView={
          view.designedStates
            ? (state) =>
                designedState(state, {
                  search,
                  filtered: table.filtered,
                  retry: () => void query.refetch(),
                  t,
                })
            : undefined
        }
        itemKey={(code) => code.id}
        renderCard={(code) => <CodeCard {...rowProps(code)} />}
        renderRow={(code) => <CodeRow {...rowProps(code)} />}
      />
    </Box>
  );
}
