import type { TrainerAnalyticsRow } from '@avpass/contracts';
import { formatCentsIn, formatMonthDayTimeIn, formatNumberIn, voucherInitials } from '@avpass/domain';
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
import { apiErrorText } from '@/i18n/api-error-text';
import { useT, useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { deviceText, roleLabel } from '../lib/analytics-range';
import type { AnalyticsView } from '../lib/use-analytics-view';

/** The active trainer and athlete codes, in their card. */
export function ActiveTrainersCard({ trainers }: Pick<AnalyticsView, 'trainers'>) {
  const t = useT();
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('credits.analytics.active')}
        </Typography>
        {trainers.isError ? (
          <LoadErrorAlert
            error={trainers.error}
            fallback={t('credits.analytics.codesFailed', {
              reason: apiErrorText(trainers.error, t('credits.analytics.noAnswer')),
            })}
            onRetry={() => void trainers.refetch()}
          />
        ) : trainers.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <ActiveTrainers items={(trainers.data?.items ?? []).filter((code) => code.status === 'active')} />
        )}
      </CardContent>
    </Card>
  );
}

/** One card per trainer code: its totals and latest redemptions. */
export function BreakdownSection({ view }: { view: Pick<AnalyticsView, 'analytics' | 'data'> }) {
  const t = useT();
  const { analytics, data } = view;
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('credits.analytics.breakdown')}
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
  const t = useT();
  if (!items.length) return <Typography color="text.secondary">{t('credits.analytics.noActive')}</Typography>;
  return (
    // A long list scrolls inside its card: the keyboard reaches it (issue 44, axe scrollable-region-focusable).
    <Stack
      spacing={1.5}
      data-testid="active-trainers"
      role="region"
      aria-label={t('credits.analytics.active')}
      tabIndex={0}
      sx={{ maxHeight: 500, overflowY: 'auto', ...focusRing }}
    >
      {items.map((code) => (
        <Box key={code.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar src={code.trainerImage ?? undefined} alt={code.trainerName ?? ''}>
            {voucherInitials(code.trainerName)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {code.trainerName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {roleLabel(code.trainerRole, t)} · {code.clinicName}
            </Typography>
          </Box>
          <Chip size="small" label={t('credits.analytics.used', { count: code.usageCount })} />
        </Box>
      ))}
    </Stack>
  );
}

function Breakdown({ rows }: { rows: TrainerAnalyticsRow[] }) {
  const { t, language } = useWords();
  const formatCents = (cents: number) => formatCentsIn(language, cents);
  if (!rows.length) {
    return (
      <StatusPanel
        icon={<InsightsOutlinedIcon />}
        title={t('credits.analytics.noCodes')}
        description={t('credits.analytics.noCodesText')}
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
                  {roleLabel(row.trainerRole, t)} · {row.partnerName} ·{' '}
                  {t('credits.analytics.percentOff', {
                    percent: formatNumberIn(language, row.discountPercent),
                  })}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {row.lastRedemption
                  ? t('credits.analytics.last', {
                      time: formatMonthDayTimeIn(language, row.lastRedemption, zone),
                    })
                  : t('credits.analytics.notRedeemed')}
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
                  // The test ids keep the English names (the tests find a figure by them).
                  [
                    'Redemptions',
                    t('credits.analytics.redemptions'),
                    formatNumberIn(language, row.totalRedemptions),
                  ],
                  ['Sales', t('credits.analytics.sales'), formatCents(row.totalTransactionAmount)],
                  [
                    'Discount given',
                    t('credits.analytics.discountGiven'),
                    formatCents(row.totalDiscountGiven),
                  ],
                  [
                    'Average sale',
                    t('credits.analytics.averageSale'),
                    formatCents(row.averageTransactionAmount),
                  ],
                ] as const
              ).map(([id, label, value]) => (
                <Box key={id}>
                  <Typography
                    component="dt"
                    variant="caption"
                    color="text.secondary"
                    sx={{ fontWeight: 600 }}
                  >
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={`breakdown-${id}`}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {row.redemptions.length > 0 && (
              <TableContainer
                role="region"
                aria-label={t('credits.analytics.latest', { name: row.trainerName })}
                tabIndex={0}
                sx={{ mt: 2, ...focusRing }}
              >
                <Table size="small" aria-label={t('credits.analytics.latest', { name: row.trainerName })}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('credits.analytics.time')}</TableCell>
                      <TableCell align="right">{t('credits.analytics.sale')}</TableCell>
                      <TableCell align="right">{t('credits.analytics.discount')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t('credits.analytics.device')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {row.redemptions.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatMonthDayTimeIn(language, r.redeemedAt, zone)}
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
                          {deviceText(r.deviceInfo, t)}
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
