import type { TrainerAnalytics } from '@avpass/contracts';
import { formatCentsIn, formatNumberIn } from '@avpass/domain';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useWords } from '@/i18n/i18n';
import { dayText } from '../lib/analytics-range';
import type { AnalyticsView } from '../lib/use-analytics-view';
import { AnalyticsChart } from './analytics-chart';

/** The range's totals and its chart per day, or why they could not be loaded. */
export function AnalyticsOverview({ view }: { view: Pick<AnalyticsView, 'analytics' | 'data' | 'filters'> }) {
  const { t, language } = useWords();
  const { analytics, data, filters } = view;
  return analytics.isError && !data ? (
    <LoadErrorAlert
      error={analytics.error}
      fallback={t('credits.analytics.loadFailed')}
      onRetry={() => void analytics.refetch()}
      sx={{ mb: 3 }}
    />
  ) : (
    <>
      {analytics.isError && (
        <LoadErrorAlert error={analytics.error} fallback={t('credits.analytics.loadFailed')} sx={{ mb: 3 }} />
      )}
      <Summary data={data} />
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            {t('credits.analytics.perDay')}
          </Typography>
          <Box data-testid="analytics-chart" sx={{ minHeight: 300 }}>
            {!data ? (
              <Skeleton variant="rounded" height={300} />
            ) : data.summary.totalRedemptions === 0 ? (
              <Box sx={{ minHeight: 300, display: 'grid', placeItems: 'center' }}>
                <StatusPanel
                  testId="analytics-empty"
                  icon={<InsightsOutlinedIcon />}
                  title={t('credits.analytics.noneTitle')}
                  description={t(
                    filters.trainerId ? 'credits.analytics.noneWithCode' : 'credits.analytics.none',
                    { from: dayText(data.startDate, language), to: dayText(data.endDate, language) },
                  )}
                />
              </Box>
            ) : (
              <AnalyticsChart daily={data.daily} />
            )}
          </Box>
        </CardContent>
      </Card>
    </>
  );
}

function Summary({ data }: { data: TrainerAnalytics | undefined }) {
  const { t, language } = useWords();
  const formatCents = (cents: number) => formatCentsIn(language, cents);
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumberIn(language, n));
  const s = data?.summary;
  return (
    <Box sx={{ mb: 3 }}>
      <StatGrid label={t('credits.analytics.summary')}>
        <StatCard
          testId="stat-trainers"
          label={t('credits.analytics.trainersAndAthletes')}
          value={count(s?.totalTrainers)}
          icon={<GroupsOutlinedIcon />}
        />
        <StatCard
          testId="stat-redemptions"
          label={t('credits.analytics.redemptions')}
          value={count(s?.totalRedemptions)}
          icon={<RedeemOutlinedIcon />}
        />
        <StatCard
          testId="stat-volume"
          label={t('credits.analytics.volume')}
          value={s && formatCents(s.totalTransactionVolume)}
          icon={<PaidOutlinedIcon />}
        />
        <StatCard
          testId="stat-discounts"
          label={t('credits.analytics.discountsGiven')}
          value={s && formatCents(s.totalDiscountsGiven)}
          hint={
            s
              ? t('credits.analytics.averagePerTrainer', { amount: formatCents(s.averageDiscountPerTrainer) })
              : undefined
          }
          icon={<LocalOfferOutlinedIcon />}
        />
      </StatGrid>
    </Box>
  );
}
