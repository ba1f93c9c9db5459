import { STATEMENT_SORT_DEFAULT_ORDER, type Statement } from '@avpass/contracts';
import { formatCentsIn, formatDateIn } from '@avpass/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TableStateRow } from '@/components/data-display/list-states';
import type { ListStateKind } from '@/components/data-display/list-state';
import { paths } from '@/config/paths';
import { useLanguage, useT } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import type { AdminView, SortKey } from '../lib/admin-view';
import { PaidDialog } from './paid-dialog';
import { ResolveDialog } from './resolve-dialog';
import { StatementStatusChip } from './statement-status';
import { ColumnHeads } from '@/components/data-display/column-heads';

/** The period's statements, one row per partner and revision, with the administrator's row actions. */
export function AdminStatementsTable({
  items,
  state,
  error,
  emptyText,
  onRetry,
  view,
  onSort,
}: {
  items: readonly Statement[];
  state: ListStateKind | null;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
  view: AdminView;
  onSort: (key: SortKey) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const money = (cents: number) => formatCentsIn(language, cents);
  // The sortable columns sort on the server (GET /api/statements?sort=); a partner's name is not a column of its statement.
  const columns: ReadonlyArray<{ label: string; sortKey?: SortKey; align?: 'right' }> = [
    { label: t('statements.column.partner') },
    { label: t('statements.column.issued'), sortKey: 'issuedAt' },
    { label: t('statements.column.status'), sortKey: 'status' },
    { label: t('statements.column.clubOwes'), sortKey: 'clubOwes', align: 'right' },
    { label: t('statements.column.partnerOwes'), sortKey: 'partnerOwes', align: 'right' },
    { label: t('statements.column.net'), sortKey: 'net', align: 'right' },
    { label: t('statements.column.actions'), align: 'right' },
  ];
  const [open, setOpen] = useState<{ kind: 'resolve' | 'paid'; statement: Statement } | null>(null);
  return (
    <>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('statements.table.label')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" aria-label={t('statements.table.label')} sx={{ minWidth: 960 }}>
          <TableHead>
            <ColumnHeads
              columns={columns}
              sort={{
                key: view.sort,
                order: view.order,
                onSort: (key) => onSort(key as SortKey),
                firstOrder: (key) => STATEMENT_SORT_DEFAULT_ORDER[key as SortKey],
              }}
            />
          </TableHead>
          <TableBody>
            {state ? (
              <TableStateRow
                columns={columns.length}
                state={state}
                error={error}
                emptyText={emptyText}
                onRetry={onRetry}
              />
            ) : (
              items.map((s) => (
                <TableRow key={s.id} data-testid="admin-statement-row" data-id={s.id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {s.partnerName}
                    {s.revision > 1 ? t('statements.table.revision', { revision: s.revision }) : ''}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateIn(language, s.issuedAt, viewerTimeZone())}
                  </TableCell>
                  <TableCell>
                    <StatementStatusChip status={s.status} />
                  </TableCell>
                  <TableCell align="right">{money(s.clubOwesCents)}</TableCell>
                  <TableCell align="right">{money(s.partnerOwesCents)}</TableCell>
                  <TableCell align="right">{money(s.netCents)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={paths.statement.getHref(s.id)}
                        aria-label={t('statements.table.openLabel', { partner: s.partnerName })}
                      >
                        {t('statements.table.open')}
                      </Button>
                      {s.status === 'disputed' && (
                        <Button
                          size="small"
                          onClick={() => setOpen({ kind: 'resolve', statement: s })}
                          aria-label={t('statements.table.resolveLabel', { partner: s.partnerName })}
                        >
                          {t('statements.table.resolve')}
                        </Button>
                      )}
                      {(s.status === 'issued' || s.status === 'approved') && (
                        <Button
                          size="small"
                          onClick={() => setOpen({ kind: 'paid', statement: s })}
                          aria-label={t('statements.table.paidLabel', { partner: s.partnerName })}
                        >
                          {t('statements.table.paid')}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {open?.kind === 'resolve' && <ResolveDialog statement={open.statement} onClose={() => setOpen(null)} />}
      {open?.kind === 'paid' && <PaidDialog statement={open.statement} onClose={() => setOpen(null)} />}
    </>
  );
}
