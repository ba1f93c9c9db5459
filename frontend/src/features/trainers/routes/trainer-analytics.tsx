import { ANALYTICS_MAX_DAYS, type TrainerAnalytics, type TrainerAnalyticsRow } from '@avpass/contracts';
import {
  addDays,
  formatCents,
  formatDate,
  formatMonthDayTime,
  TRAINER_ROLE_LABELS,
  voucherInitials,
} from '@avpass/domain';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { StatusPanel } from '@/components/feedback/status-panel';
import { errorMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { viewerTimeZone } from '@/lib/time-zone';
import {
  downloadAnalyticsCsv,
  useTrainerAnalytics,
  useTrainerCodes,
  type AnalyticsFilters,
} from '@/lib/trainers-api';
import { AnalyticsChart } from '../components/analytics-chart';

/** Device text in the breakdown is cut to 20 characters (spec section 9). */
export const deviceText = (device: string | null) => {
  const text = device ?? 'Unknown device';
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
};
const roleLabel = (role: TrainerAnalyticsRow['trainerRole']) =>
  role ? TRAINER_ROLE_LABELS[role] : 'Trainer';

/** A business day ('YYYY-MM-DD') as "Nov 3, 2026" (the day itself, whatever the viewer's zone). */
const dayText = (day: string) => formatDate(`${day}T12:00:00Z`, 'UTC');

export type RangeEdge = 'startDate' | 'endDate';

/**
 * A new From or To (issue 27): the other end never moves. A day past the other end, or a range
 * longer than the server serves, is refused with the reason (the fields keep their days); else the
 * shown range with that end changed.
 */
export function nextRange(
  shown: { startDate: string | undefined; endDate: string | undefined },
  edge: RangeEdge,
  day: string,
): { range: { startDate?: string; endDate?: string } } | { refused: string } {
  const range = { ...shown, [edge]: day || undefined };
  const { startDate, endDate } = range;
  if (startDate && endDate) {
    if (startDate > endDate)
      return {
        refused:
          edge === 'endDate'
            ? `To can't be before From (${dayText(startDate)}); From stays. Pick a later day, or move From first.`
            : `From can't be after To (${dayText(endDate)}); To stays. Pick an earlier day, or move To first.`,
      };
    if (addDays(startDate, ANALYTICS_MAX_DAYS - 1) < endDate)
      return { refused: `A range covers at most ${ANALYTICS_MAX_DAYS} days; the other date stays.` };
  }
  return {
    range: Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as {
      startDate?: string;
      endDate?: string;
    },
  };
}

/** Athlete/Partnership Analytics (/trainer-analytics): the administrator sees every trainer code, a company its own. */
export function TrainerAnalyticsRoute() {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'company_admin';
  const [filters, setFilters] = useState<AnalyticsFilters>({});
  const analytics = useTrainerAnalytics(filters);
  const trainers = useTrainerCodes(role, { limit: 200 });
  const [exporting, setExporting] = useState(false);
  // A refused day stays in its field (typing a year goes through partial ones) with the reason.
  const [refused, setRefused] = useState<{ edge: RangeEdge; day: string; message: string } | null>(null);
  const data = analytics.data;
  const shown = {
    startDate: filters.startDate ?? data?.startDate,
    endDate: filters.endDate ?? data?.endDate,
  };
  // Both ends are pinned once one is changed: the server's default From (30 days before To) never
  // moves From when only To was picked.
  const changeRange = (edge: RangeEdge, day: string) => {
    const next = nextRange(shown, edge, day);
    if ('refused' in next) {
      setRefused({ edge, day, message: next.refused });
      return;
    }
    setRefused(null);
    setFilters((f) => {
      const { startDate: _start, endDate: _end, ...rest } = f;
      return { ...rest, ...next.range };
    });
  };
  const rangeHelp = (edge: RangeEdge) =>
    refused?.edge === edge
      ? refused.message
      : edge === 'startDate'
        ? 'First day counted'
        : 'Last day counted; From stays as it is';

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAnalyticsCsv({
        ...filters,
        startDate: filters.startDate ?? data?.startDate,
        endDate: filters.endDate ?? data?.endDate,
      });
    } catch {
      // Spec section 8: an export failure is silent.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h3" component="h1">
            Athlete/Partnership Analytics
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            What each trainer and athlete brings to our partners: redemptions, sales and discounts given.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={
            exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />
          }
          onClick={() => void exportCsv()}
          disabled={exporting}
          data-testid="export-csv"
        >
          Export CSV Report
        </Button>
      </Stack>

      <Card sx={{ mb: 3 }}>
        <CardContent
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 2fr' },
            p: { xs: 2, sm: 3 },
          }}
        >
          <TextField
            type="date"
            label="From"
            value={(refused?.edge === 'startDate' ? refused.day : shown.startDate) ?? ''}
            onChange={(e) => changeRange('startDate', e.target.value)}
            error={refused?.edge === 'startDate'}
            helperText={rangeHelp('startDate')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'filter-start', max: shown.endDate },
              formHelperText: { role: refused?.edge === 'startDate' ? 'alert' : undefined },
            }}
          />
          <TextField
            type="date"
            label="To"
            value={(refused?.edge === 'endDate' ? refused.day : shown.endDate) ?? ''}
            onChange={(e) => changeRange('endDate', e.target.value)}
            error={refused?.edge === 'endDate'}
            helperText={rangeHelp('endDate')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'filter-end', min: shown.startDate },
              formHelperText: { role: refused?.edge === 'endDate' ? 'alert' : undefined },
            }}
          />
          <TextField
            select
            label="Trainer"
            value={filters.trainerId ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, trainerId: e.target.value || undefined }))}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
              htmlInput: { 'data-testid': 'filter-trainer' },
            }}
          >
            <MenuItem value="">All trainers and athletes</MenuItem>
            {(trainers.data?.items ?? []).map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.trainerName} · {t.clinicName}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>

      {analytics.isError && !data ? (
        <LoadErrorAlert
          error={analytics.error}
          fallback="Failed to fetch analytics"
          onRetry={() => void analytics.refetch()}
          sx={{ mb: 3 }}
        />
      ) : (
        <>
          {analytics.isError && (
            <LoadErrorAlert error={analytics.error} fallback="Failed to fetch analytics" sx={{ mb: 3 }} />
          )}
          <Summary data={data} />
          <Card sx={{ mb: 3 }}>
            <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
              <Typography variant="h6" component="h2">
                Redemptions and sales per day
              </Typography>
              <Box data-testid="analytics-chart" sx={{ minHeight: 300 }}>
                {!data ? (
                  <Skeleton variant="rounded" height={300} />
                ) : data.summary.totalRedemptions === 0 ? (
                  <Box sx={{ minHeight: 300, display: 'grid', placeItems: 'center' }}>
                    <StatusPanel
                      testId="analytics-empty"
                      icon={<InsightsOutlinedIcon />}
                      title="No redemptions in this range"
                      description={`Nothing was redeemed from ${dayText(data.startDate)} to ${dayText(data.endDate)}${
                        filters.trainerId ? ' with this code' : ''
                      }. Widen the dates or pick another trainer.`}
                    />
                  </Box>
                ) : (
                  <AnalyticsChart daily={data.daily} />
                )}
              </Box>
            </CardContent>
          </Card>
        </>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Active trainers and athletes
            </Typography>
            {trainers.isError ? (
              <LoadErrorAlert
                error={trainers.error}
                fallback={`Failed to fetch athlete QR codes: ${errorMessageOf(trainers.error, 'no answer')}`}
                onRetry={() => void trainers.refetch()}
              />
            ) : trainers.isPending ? (
              <Skeleton variant="rounded" height={160} />
            ) : (
              <ActiveTrainers items={(trainers.data?.items ?? []).filter((t) => t.status === 'active')} />
            )}
          </CardContent>
        </Card>
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Per-trainer breakdown
          </Typography>
          {data ? (
            <Breakdown rows={data.trainers} />
          ) : analytics.isError ? null : (
            <Skeleton variant="rounded" height={200} />
          )}
        </Box>
      </Box>
    </Container>
  );
}

function Summary({ data }: { data: TrainerAnalytics | undefined }) {
  const s = data?.summary;
  return (
    <Box sx={{ mb: 3 }}>
      <StatGrid label="Summary">
        <StatCard
          testId="stat-trainers"
          label="Trainers & Athletes"
          value={s?.totalTrainers}
          icon={<GroupsOutlinedIcon />}
        />
        <StatCard
          testId="stat-redemptions"
          label="Redemptions"
          value={s?.totalRedemptions}
          icon={<RedeemOutlinedIcon />}
        />
        <StatCard
          testId="stat-volume"
          label="Transaction Volume"
          value={s && formatCents(s.totalTransactionVolume)}
          icon={<PaidOutlinedIcon />}
        />
        <StatCard
          testId="stat-discounts"
          label="Discounts Given"
          value={s && formatCents(s.totalDiscountsGiven)}
          hint={s ? `${formatCents(s.averageDiscountPerTrainer)} per trainer on average` : undefined}
          icon={<LocalOfferOutlinedIcon />}
        />
      </StatGrid>
    </Box>
  );
}

function ActiveTrainers({
  items,
}: {
  items: {
    id: string;
    trainerName: string | null;
    trainerImage: string | null;
    trainerRole: TrainerAnalyticsRow['trainerRole'];
    usageCount: number;
    clinicName: string;
  }[];
}) {
  if (!items.length)
    return <Typography color="text.secondary">No active trainer or athlete codes.</Typography>;
  return (
    // A long list scrolls inside its card: the keyboard reaches it (issue 44, axe scrollable-region-focusable).
    <Stack
      spacing={1.5}
      data-testid="active-trainers"
      role="region"
      aria-label="Active trainers and athletes"
      tabIndex={0}
      sx={{ maxHeight: 500, overflowY: 'auto', ...focusRing }}
    >
      {items.map((t) => (
        <Box key={t.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar src={t.trainerImage ?? undefined} alt={t.trainerName ?? ''}>
            {voucherInitials(t.trainerName)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {t.trainerName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {roleLabel(t.trainerRole)} · {t.clinicName}
            </Typography>
          </Box>
          <Chip size="small" label={`${t.usageCount} used`} />
        </Box>
      ))}
    </Stack>
  );
}

function Breakdown({ rows }: { rows: TrainerAnalyticsRow[] }) {
  if (!rows.length) {
    return (
      <StatusPanel
        icon={<InsightsOutlinedIcon />}
        title="No trainer or athlete codes yet"
        description="Once codes are created and redeemed, their redemptions, sales and discounts show here."
      />
    );
  }
  const zone = viewerTimeZone();
  return (
    <Stack spacing={2}>
      {rows.map((row) => (
        <Card key={row.qrCodeId} data-testid="trainer-breakdown" data-id={row.qrCodeId}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <Avatar src={row.trainerImage ?? undefined} alt={row.trainerName}>
                {voucherInitials(row.trainerName)}
              </Avatar>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{row.trainerName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {roleLabel(row.trainerRole)} · {row.partnerName} · {row.discountPercent}% off
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {row.lastRedemption
                  ? `Last: ${formatMonthDayTime(row.lastRedemption, zone)}`
                  : 'Not redeemed in this range'}
              </Typography>
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
              }}
            >
              {(
                [
                  ['Redemptions', String(row.totalRedemptions)],
                  ['Sales', formatCents(row.totalTransactionAmount)],
                  ['Discount given', formatCents(row.totalDiscountGiven)],
                  ['Average sale', formatCents(row.averageTransactionAmount)],
                ] as const
              ).map(([label, value]) => (
                <Box key={label}>
                  <Typography
                    component="dt"
                    variant="caption"
                    color="text.secondary"
                    sx={{ fontWeight: 600 }}
                  >
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontWeight: 700 }}
                    data-testid={`breakdown-${label}`}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {row.redemptions.length > 0 && (
              <TableContainer
                role="region"
                aria-label={`Latest redemptions of ${row.trainerName}`}
                tabIndex={0}
                sx={{ mt: 2, ...focusRing }}
              >
                <Table size="small" aria-label={`Latest redemptions of ${row.trainerName}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Time</TableCell>
                      <TableCell align="right">Sale</TableCell>
                      <TableCell align="right">Discount</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Device</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {row.redemptions.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatMonthDayTime(r.redeemedAt, zone)}
                        </TableCell>
                        <TableCell align="right">
                          {r.transactionAmount === null ? '—' : formatCents(r.transactionAmount)}
                        </TableCell>
                        <TableCell align="right">
                          {r.discountApplied === null ? '—' : formatCents(r.discountApplied)}
                        </TableCell>
                        <TableCell
                          sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                          title={r.deviceInfo ?? undefined}
                        >
                          {deviceText(r.deviceInfo)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** A scrolling box the keyboard can focus shows where focus is. */
const focusRing = {
  borderRadius: 1,
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;
