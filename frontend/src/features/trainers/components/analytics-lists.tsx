import type { TrainerAnalyticsRow } from '@avpass/contracts';
import { formatCents, formatMonthDayTime, voucherInitials } from '@avpass/domain';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { StatusPanel } from '@/components/feedback/status-panel';
import { errorMessageOf } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';
import { deviceText, roleLabel } from '../lib/analytics-range';
import type { AnalyticsView } from '../lib/use-analytics-view';

/** The active trainer and athlete codes, in their card. */
export function ActiveTrainersCard({ trainers }: Pick<AnalyticsView, 'trainers'>) {
  return (
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
  );
}

/** One card per trainer code: its totals and latest redemptions. */
export function BreakdownSection({ view }: { view: Pick<AnalyticsView, 'analytics' | 'data'> }) {
  const { analytics, data } = view;
  return (
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
