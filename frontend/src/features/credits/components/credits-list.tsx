import type { AthleteCredit } from '@avpass/contracts';
import { formatDate } from '@avpass/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { useCredits } from '../api/get-credits';
import { CreditStatusChip, Money, ROLE_LABELS, RowCard } from './credit-bits';
import type { CreditsRole } from './credit-roles';
import { CREDIT_SORT_CHOICES, CREDIT_STATUS_LABELS, useCreditTable } from './credit-table';
import { ListToolbar, type ListView } from './list-toolbar';

const UTC = 'UTC';

/** The athlete's photo (or initial), name, role and (for the administrator) partner. */
function Athlete({ credit }: { credit: AthleteCredit }) {
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
          {ROLE_LABELS[credit.athleteRole]}
          {credit.partnerName ? ` · ${credit.partnerName}` : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

const expiresText = (c: AthleteCredit) =>
  `${formatDate(c.endDate, UTC)}${c.status === 'expired' ? ' (expired)' : ''}`;

/** Everything that differs between the two roles' credits lists. */
interface CreditsListView extends ListView {
  /** The actions column's header. */
  actionsLabel: string;
  cells: (c: AthleteCredit) => ReactNode;
  cardHeader: (c: AthleteCredit) => ReactNode;
  cardFields: (c: AthleteCredit) => [string, ReactNode][];
}

const VIEWS: Readonly<Record<CreditsRole, CreditsListView>> = {
  admin: {
    searchRow: true,
    search: { label: 'Search credits', placeholder: 'Athlete name or role' },
    toolbarLabel: 'Filter and sort the credit allocations',
    partnerFilter: 'credits-partner-filter',
    label: 'Credit allocations',
    minWidth: 900,
    columns: [
      { label: 'Athlete', sortKey: 'athleteName' },
      'Total',
      'Monthly',
      'Balance',
      'Used',
      { label: 'Period', sortKey: 'endDate' },
      'Status',
    ],
    actionsLabel: 'Actions',
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? `No credits match "${term}".`
          : 'No credits match these filters.'
        : 'No credit allocations yet. Create the first one.',
    rowTestId: 'credit-row',
    cells: (credit) => (
      <>
        <TableCell>
          <Athlete credit={credit} />
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
          {formatDate(credit.startDate, UTC)} – {formatDate(credit.endDate, UTC)}
        </TableCell>
        <TableCell>
          <CreditStatusChip status={credit.status} />
        </TableCell>
      </>
    ),
    cardHeader: (credit) => (
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Athlete credit={credit} />
        <CreditStatusChip status={credit.status} />
      </Stack>
    ),
    cardFields: (credit) => [
      ['Balance', <Money key="b" cents={credit.currentBalance} strong />],
      ['Used', <Money key="u" cents={credit.usedAmount} />],
      ['Total', <Money key="t" cents={credit.totalAmount} />],
      ['Monthly', <Money key="m" cents={credit.monthlyAmount} />],
      ['Ends', formatDate(credit.endDate, UTC)],
    ],
  },
  partner: {
    searchRow: false,
    search: { label: 'Search athletes', placeholder: 'Athlete name or role' },
    toolbarLabel: 'Search, filter and sort the athletes',
    label: 'Athletes with credits',
    minWidth: 720,
    columns: [
      { label: 'Athlete', sortKey: 'athleteName' },
      'Role',
      'Available Balance',
      'Used',
      { label: 'Expires', sortKey: 'endDate' },
    ],
    actionsLabel: 'Action',
    emptyText: (filtered, term) =>
      filtered
        ? term
          ? `No athletes match "${term}".`
          : 'No athletes match these filters.'
        : 'No athletes with credits yet.',
    rowTestId: 'athlete-row',
    cells: (c) => (
      <>
        <TableCell sx={{ fontWeight: 700 }}>{c.athleteName}</TableCell>
        <TableCell>{ROLE_LABELS[c.athleteRole]}</TableCell>
        <TableCell data-testid="athlete-balance">
          <Money cents={c.currentBalance} strong />
        </TableCell>
        <TableCell>
          <Money cents={c.usedAmount} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(c.endDate, UTC)}
          {c.status === 'expired' ? ' (expired)' : ''}
        </TableCell>
      </>
    ),
    cardHeader: (c) => (
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{c.athleteName}</Typography>
        <Typography variant="caption" color="text.secondary">
          {ROLE_LABELS[c.athleteRole]}
        </Typography>
      </Stack>
    ),
    cardFields: (c) => [
      ['Available', <Money key="b" cents={c.currentBalance} strong />],
      ['Used', <Money key="u" cents={c.usedAmount} />],
      ['Expires', expiresText(c)],
    ],
  },
};

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
  const view = VIEWS[role];
  const { table, query, sort } = useCreditTable();
  const credits = useCredits(role, query);
  return (
    <>
      <ListToolbar
        view={view}
        table={table}
        statusLabels={CREDIT_STATUS_LABELS}
        sortChoices={CREDIT_SORT_CHOICES}
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
