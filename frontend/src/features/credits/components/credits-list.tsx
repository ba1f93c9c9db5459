import type { AthleteCredit } from '@avpass/contracts';
import { formatDateIn } from '@avpass/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { useCredits } from '../api/get-credits';
import { useWords } from '@/i18n/i18n';
import { CreditStatusChip, Money, roleLabel, RowCard, type T } from './credit-bits';
import type { CreditsRole } from './credit-roles';
import { creditSortChoices, creditStatusLabels, useCreditTable } from './credit-table';
import { ListToolbar, type ListView } from './list-toolbar';

const UTC = 'UTC';

/** The athlete's photo (or initial), name, role and (for the administrator) partner. */
function Athlete({ credit, t }: { credit: AthleteCredit; t: T }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={credit.athleteImage ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {credit.athleteName.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {credit.athleteName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {roleLabel(t, credit.athleteRole)}
          {credit.partnerName ? ` · ${credit.partnerName}` : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

/** "Mar 8, 2026" or "Mar 8, 2026 (expired)" in the reader's language. */
const expiresText = (c: AthleteCredit, t: T, language: string) => {
  const date = formatDateIn(language, c.endDate, UTC);
  return c.status === 'expired' ? t('credits.list.endedOn', { date }) : date;
};

/** Everything that differs between the two roles' credits lists. */
interface CreditsListView extends ListView {
  /** The actions column's header. */
  actionsLabel: string;
  cells: (c: AthleteCredit) => ReactNode;
  cardHeader: (c: AthleteCredit) => ReactNode;
  cardFields: (c: AthleteCredit) => [string, ReactNode][];
}

/** The two roles' views in the reader's language. */
const viewsFor = (t: T, language: string): Readonly<Record<CreditsRole, CreditsListView>> => ({
  admin: {
    searchRow: true,
    search: { label: t('credits.list.searchCredits'), placeholder: t('credits.list.searchPlaceholder') },
    toolbarLabel: t('credits.list.adminToolbar'),
    partnerFilter: 'credits-partner-filter',
    label: t('credits.list.adminLabel'),
    minWidth: 900,
    columns: [
      { label: t('credits.column.athlete'), sortKey: 'athleteName' },
      t('credits.column.total'),
      t('credits.column.monthly'),
      t('credits.column.balance'),
      t('credits.column.used'),
      { label: t('credits.column.period'), sortKey: 'endDate' },
      t('credits.column.status'),
    ],
    actionsLabel: t('credits.column.actions'),
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? t('credits.list.adminNoMatch', { term })
          : t('credits.list.adminNoMatchFilters')
        : t('credits.list.adminEmpty'),
    rowTestId: 'credit-row',
    cells: (credit) => (
      <>
        <TableCell>
          <Athlete credit={credit} t={t} />
        </TableCell>
        <TableCell>
          <Money cents={credit.totalAmount} />
        </TableCell>
        <TableCell>
          <Money cents={credit.monthlyAmount} />
        </TableCell>
        <TableCell data-testid="credit-balance">
          <Money cents={credit.currentBalance} strong />
        </TableCell>
        <TableCell>
          <Money cents={credit.usedAmount} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {formatDateIn(language, credit.startDate, UTC)} – {formatDateIn(language, credit.endDate, UTC)}
        </TableCell>
        <TableCell>
          <CreditStatusChip status={credit.status} />
        </TableCell>
      </>
    ),
    cardHeader: (credit) => (
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Athlete credit={credit} t={t} />
        <CreditStatusChip status={credit.status} />
      </Stack>
    ),
    cardFields: (credit) => [
      [t('credits.column.balance'), <Money key="b" cents={credit.currentBalance} strong />],
      [t('credits.column.used'), <Money key="u" cents={credit.usedAmount} />],
      [t('credits.column.total'), <Money key="t" cents={credit.totalAmount} />],
      [t('credits.column.monthly'), <Money key="m" cents={credit.monthlyAmount} />],
      [t('credits.column.ends'), formatDateIn(language, credit.endDate, UTC)],
    ],
  },
  partner: {
    searchRow: false,
    search: { label: t('credits.list.searchAthletes'), placeholder: t('credits.list.searchPlaceholder') },
    toolbarLabel: t('credits.list.partnerToolbar'),
    label: t('credits.list.partnerLabel'),
    minWidth: 720,
    columns: [
      { label: t('credits.column.athlete'), sortKey: 'athleteName' },
      t('credits.column.role'),
      t('credits.column.availableBalance'),
      t('credits.column.used'),
      { label: t('credits.column.expires'), sortKey: 'endDate' },
    ],
    actionsLabel: t('credits.column.action'),
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? t('credits.list.partnerNoMatch', { term })
          : t('credits.list.partnerNoMatchFilters')
        : t('credits.list.partnerEmpty'),
    rowTestId: 'athlete-row',
    cells: (c) => (
      <>
        <TableCell sx={{ fontWeight: 700 }}>{c.athleteName}</TableCell>
        <TableCell>{roleLabel(t, c.athleteRole)}</TableCell>
        <TableCell data-testid="athlete-balance">
          <Money cents={c.currentBalance} strong />
        </TableCell>
        <TableCell>
          <Money cents={c.usedAmount} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiresText(c, t, language)}</TableCell>
      </>
    ),
    cardHeader: (c) => (
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{c.athleteName}</Typography>
        <Typography variant="caption" color="text.secondary">
          {roleLabel(t, c.athleteRole)}
        </Typography>
      </Stack>
    ),
    cardFields: (c) => [
      [t('credits.column.available'), <Money key="b" cents={c.currentBalance} strong />],
      [t('credits.column.used'), <Money key="u" cents={c.usedAmount} />],
      [t('credits.column.expires'), expiresText(c, t, language)],
    ],
  },
});

/**
 * A role's credits: searched, sorted and filtered by status (and, for the administrator, partner) on
 * the server, the view in the URL (issue 27); a table on wide screens, cards on a phone. `actions` are
 * a credit's buttons (the administrator's Record, Delete and History; the partner's Process);
 * `searchAction` stands at the end of the administrator's search row.
 */
export function CreditsList({
  role,
  actions,
  searchAction,
}: {
  role: CreditsRole;
  actions: (credit: AthleteCredit) => ReactNode;
  searchAction?: ReactNode;
}) {
  const { t, language } = useWords();
  const view = viewsFor(t, language)[role];
  const { table, query, sort } = useCreditTable();
  const credits = useCredits(role, query);
  return (
    <>
      <ListToolbar
        view={view}
        table={table}
        statusLabels={creditStatusLabels(t)}
        sortChoices={creditSortChoices(t)}
        action={searchAction}
      />
      <ResponsivePagedList
        query={credits}
        paging={table.paging}
        label={view.label}
        minWidth={view.minWidth}
        sort={sort}
        columns={[...view.columns, { label: view.actionsLabel, align: 'right', sticky: true }]}
        emptyText={view.emptyText(table.filtered, table.search)}
        itemKey={(credit) => credit.id}
        renderRow={(credit) => (
          <TableRow hover data-testid={view.rowTestId} data-credit-id={credit.id}>
            {view.cells(credit)}
            <TableCell align="right" sx={stickyEndCellSx}>
              {actions(credit)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(credit) => (
          <RowCard
            testId={view.rowTestId}
            dataAttributes={{ 'data-credit-id': credit.id }}
            header={view.cardHeader(credit)}
            fields={view.cardFields(credit)}
            actions={actions(credit)}
          />
        )}
      />
    </>
  );
}
