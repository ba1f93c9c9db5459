import type { AthleteCredit } from '@avpass/contracts';
import { formatCents, formatDate, formatMonthDayTime } from '@avpass/domain';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { viewerTimeZone } from '@/lib/time-zone';
import { useSession } from '@/lib/session/use-session';
import { useCreditSummary } from '../api/get-credit-summary';
import { usePartnerCredits } from '../api/get-partner-credits';
import { usePartnerTransactions } from '../api/get-partner-transactions';
import {
  Money,
  ROLE_LABELS,
  RowCard,
  TransactionCardHeader,
  TransactionStatusChip,
  voidedSx,
} from '../components/credit-bits';
import { creditPanelProps, CreditTabs } from '../components/credit-tabs';
import { PartnerRecordDialog } from '../components/partner-record-dialog';
import {
  CREDIT_SORT_CHOICES,
  CREDIT_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  useCreditTable,
  useLedgerTable,
} from '../components/credit-table';
import { TYPE_LABELS } from '../components/transaction-fields';

const PARTNER_TABS = [
  { id: 'athletes', label: 'Athletes with Credits' },
  { id: 'history', label: 'Transaction History' },
] as const;

/** Partner Credits (/partner-credits, any signed-in user; a partner sees its own). */
export function PartnerCreditsRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab: (typeof PARTNER_TABS)[number]['id'] = params.get('tab') === 'history' ? 'history' : 'athletes';
  const [dialog, setDialog] = useState<{ athlete: AthleteCredit | null } | null>(null);
  const summary = useCreditSummary();
  const figure = (value: number | undefined, format: (n: number) => string = String) =>
    summary.isError ? null : value === undefined ? undefined : format(value);
  const company = session.status === 'signed-in' ? (session.user.companyName ?? 'Partner') : 'Partner';

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {company}
          </Typography>
          <Typography variant="h3" component="h1">
            Partner Credits
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Find an athlete, check their balance and record a purchase against their credit.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => setDialog({ athlete: null })}
        >
          Record Transaction
        </Button>
      </Stack>

      <StatGrid label="Credit figures">
        <StatCard
          testId="card-active-athletes"
          label="Active Athletes"
          value={figure(summary.data?.activeAthletes)}
          hint="Balance above zero"
          icon={<GroupsOutlinedIcon />}
        />
        <StatCard
          testId="card-today"
          label="Today's Transactions"
          value={figure(summary.data?.todayTransactions)}
          icon={<ReceiptLongOutlinedIcon />}
        />
        <StatCard
          testId="card-sales"
          label="Total Sales"
          value={figure(summary.data?.monthSales, formatCents)}
          hint="This month"
          icon={<PaidOutlinedIcon />}
        />
        <StatCard
          testId="card-pending"
          label="Pending"
          value={figure(summary.data?.pending)}
          icon={<HourglassEmptyOutlinedIcon />}
        />
      </StatGrid>

      <Card variant="outlined" sx={{ mt: { xs: 3, md: 4 } }}>
        <CreditTabs
          value={tab}
          tabs={PARTNER_TABS}
          onChange={(id) => setParams({ tab: id }, { replace: true })}
        />
        <Box {...creditPanelProps(tab)} sx={{ p: { xs: 1.5, sm: 3 } }}>
          {tab === 'athletes' ? (
            <AthletesPanel onProcess={(athlete) => setDialog({ athlete })} />
          ) : (
            <HistoryPanel />
          )}
        </Box>
      </Card>
      <PartnerRecordDialog
        open={dialog !== null}
        athlete={dialog?.athlete ?? null}
        onClose={() => setDialog(null)}
      />
    </Container>
  );
}

function AthletesPanel({ onProcess }: { onProcess: (athlete: AthleteCredit) => void }) {
  const { table, query, sort } = useCreditTable();
  const paging = table.paging;
  const term = table.search;
  const credits = usePartnerCredits(query);
  const process = (credit: AthleteCredit) => (
    <Button
      size="small"
      variant="contained"
      disabled={credit.currentBalance === 0 || credit.status !== 'active'}
      onClick={() => onProcess(credit)}
    >
      Process
    </Button>
  );
  return (
    <>
      <TableToolbar
        table={table}
        label="Search, filter and sort the athletes"
        search={{ label: 'Search athletes', placeholder: 'Athlete name or role' }}
        statusLabels={CREDIT_STATUS_LABELS}
        sortChoices={CREDIT_SORT_CHOICES}
      />
      <ResponsivePagedList
        query={credits}
        paging={paging}
        label="Athletes with credits"
        minWidth={720}
        sort={sort}
        columns={[
          { label: 'Athlete', sortKey: 'athleteName' },
          'Role',
          'Available Balance',
          'Used',
          { label: 'Expires', sortKey: 'endDate' },
          { label: 'Action', align: 'right', sticky: true },
        ]}
        emptyText={
          table.filtered
            ? term
              ? `No athletes match "${term}".`
              : 'No athletes match these filters.'
            : 'No athletes with credits yet.'
        }
        itemKey={(c) => c.id}
        renderRow={(c) => (
          <TableRow hover data-testid="athlete-row" data-credit-id={c.id}>
            <TableCell sx={{ fontWeight: 700 }}>{c.athleteName}</TableCell>
            <TableCell>{ROLE_LABELS[c.athleteRole]}</TableCell>
            <TableCell data-testid="athlete-balance">
              <Money cents={c.currentBalance} strong />
            </TableCell>
            <TableCell>
              <Money cents={c.usedAmount} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(c.endDate, 'UTC')}
              {c.status === 'expired' ? ' (expired)' : ''}
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {process(c)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(c) => (
          <RowCard
            testId="athlete-row"
            dataAttributes={{ 'data-credit-id': c.id }}
            header={
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{c.athleteName}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {ROLE_LABELS[c.athleteRole]}
                </Typography>
              </Stack>
            }
            fields={[
              ['Available', <Money key="b" cents={c.currentBalance} strong />],
              ['Used', <Money key="u" cents={c.usedAmount} />],
              ['Expires', `${formatDate(c.endDate, 'UTC')}${c.status === 'expired' ? ' (expired)' : ''}`],
            ]}
            actions={process(c)}
          />
        )}
      />
    </>
  );
}

function HistoryPanel() {
  const { table, query, sort } = useLedgerTable();
  const paging = table.paging;
  const history = usePartnerTransactions(query);
  const zone = viewerTimeZone();
  return (
    <>
      <TableToolbar
        table={table}
        label="Filter the transaction history"
        search={{ label: 'Search history', placeholder: 'Athlete name' }}
        statusLabels={TRANSACTION_STATUS_LABELS}
      />
      <ResponsivePagedList
        query={history}
        paging={paging}
        label="Transaction history"
        minWidth={720}
        sort={sort}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          'Athlete',
          'Type',
          'Description',
          'Amount',
          'Status',
        ]}
        emptyText={
          table.filtered
            ? 'No transactions match this search and these filters.'
            : 'No transactions recorded yet.'
        }
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow
            hover
            data-testid="history-row"
            data-voided={t.voidedAt ? 'true' : 'false'}
            sx={voidedSx(t)}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayTime(t.createdAt, zone)}</TableCell>
            <TableCell>{t.athleteName}</TableCell>
            <TableCell>{TYPE_LABELS[t.transactionType]}</TableCell>
            <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{t.description}</TableCell>
            <TableCell>
              <Money cents={t.amount} strong />
            </TableCell>
            <TableCell>
              <TransactionStatusChip transaction={t} />
            </TableCell>
          </TableRow>
        )}
        renderCard={(t) => (
          <RowCard
            testId="history-row"
            dimmed={Boolean(t.voidedAt)}
            dataAttributes={{ 'data-voided': t.voidedAt ? 'true' : 'false' }}
            header={<TransactionCardHeader transaction={t} />}
            fields={[
              ['Amount', <Money key="a" cents={t.amount} strong />],
              ['Date', formatMonthDayTime(t.createdAt, zone)],
              ['Type', TYPE_LABELS[t.transactionType]],
              ['Description', t.description],
            ]}
          />
        )}
      />
    </>
  );
}
