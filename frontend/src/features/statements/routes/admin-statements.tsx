import { formatNumberIn } from '@avpass/domain';
import type { StatementStatus } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listStateOf } from '@/components/data-display/list-state';
import { Pager } from '@/components/data-display/pager';
import { StatusFilter } from '@/components/data-display/table-filters';
import {
  businessToday,
  downloadPayouts,
  previousMonth,
  usePeriodTotals,
  useStatements,
} from '@/lib/statements-api';
import { AdminStatementsTable } from '../components/admin-statements-table';
import { IssueButton } from '../components/issue-button';
import { ResendFailedButton } from '../components/resend-failed-button';
import { ScreenHeading } from '@/components/data-display/screen-heading';
import { useStatementWords } from '../lib/statement-words';
import {
  cursorOf,
  listQueryOf,
  rememberNextCursor,
  searchFromView,
  toggledSort,
  viewFromSearch,
  type AdminView,
  type SortKey,
} from '../lib/admin-view';

/** Every partner's statements of a period (/admin-statements, super_admin): totals, issue, resolve, pay. */
export function AdminStatementsRoute() {
  const { t, language, money, statusLabels, month, title } = useStatementWords();
  const count0 = (value: number) => formatNumberIn(language, value);
  const lastMonth = useMemo(() => previousMonth(businessToday()), []);
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search, lastMonth);
  const cursor = cursorOf(view);
  // A page whose cursor is unknown (a reloaded link to a later page) starts again at the first.
  const lost = view.page > 0 && !cursor;
  const query = useStatements({ ...listQueryOf(view), ...(cursor ? { cursor } : {}) });
  const items = query.data?.items ?? [];
  const nextCursor = query.isPlaceholderData ? null : (query.data?.nextCursor ?? null);
  const period = usePeriodTotals(view.period).data;
  useEffect(() => rememberNextCursor(view, nextCursor));

  /** A change of the view; anything but the page starts again at the first page. */
  const update = (change: Partial<AdminView>, push = false) =>
    setSearch(searchFromView({ ...view, page: 0, ...change }, lastMonth), { replace: !push });
  useEffect(() => {
    if (lost) update({ page: 0 });
  });
  const onSort = (key: SortKey) => update(toggledSort(view, key));
  const shownUpTo = view.page * view.pageSize + items.length;
  const total = view.status ? period?.byStatus[view.status] : period?.statements;
  // The month's count when the totals know it; else as far as the pages go (one more while there is a next).
  const count = Math.max(total ?? 0, shownUpTo + (nextCursor ? 1 : 0));

  const figures = [
    { label: t('statements.figure.statements'), value: count0(period?.statements ?? 0) },
    { label: t('statements.figure.clubOwes'), value: money(period?.clubOwesCents ?? 0) },
    { label: t('statements.figure.partnersOwe'), value: money(period?.partnerOwesCents ?? 0) },
    { label: t('statements.figure.net'), value: money(period?.netCents ?? 0) },
    { label: t('statements.figure.disputed'), value: count0(period?.byStatus.disputed ?? 0) },
    { label: t('statements.figure.paid'), value: count0(period?.byStatus.paid ?? 0) },
  ];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading
        overline={t('statements.admin.overline')}
        title={t('statements.admin.title')}
        intro={t('statements.admin.intro')}
        action={<IssueButton period={view.period} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          type="month"
          size="small"
          label={t('statements.admin.period')}
          value={view.period}
          onChange={(e) => e.target.value && update({ period: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-picker' } }}
          sx={{ width: { sm: 220 } }}
        />
        <StatusFilter<StatementStatus>
          value={view.status}
          onChange={(status) => update({ status })}
          labels={statusLabels}
        />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title(view.period)}
          {view.status ? ` · ${statusLabels[view.status]}` : ''}
        </Typography>
        <Box
          component="dl"
          data-testid="period-totals"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 4 }, m: 0 }}
        >
          {figures.map((f) => (
            <Box key={f.label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {f.value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => void downloadPayouts(view.period)}
            data-testid="payout-export"
          >
            {t('statements.admin.payouts')}
          </Button>
          <ResendFailedButton period={view.period} monthLabel={month(view.period)} />
        </Stack>
      </Paper>
      <Paper variant="outlined">
        <AdminStatementsTable
          items={items}
          state={listStateOf(query)}
          error={query.error}
          emptyText={t('statements.admin.empty', { month: month(view.period) })}
          onRetry={() => void query.refetch()}
          view={view}
          onSort={onSort}
        />
        <Pager
          count={count}
          paging={{
            page: view.page,
            pageSize: view.pageSize,
            onPageChange: (page) => update({ page }, true),
            onPageSizeChange: (pageSize) => update({ pageSize }),
          }}
          variant="wrap"
        />
      </Paper>
    </Container>
  );
}
