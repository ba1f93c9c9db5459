import { formatCentsIn, formatNumberIn } from '@avpass/domain';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { useWords } from '@/i18n/i18n';
import { useCreditSummary } from '../api/get-credit-summary';

/** The partner's credit figures: active athletes, today's transactions, this month's sales, pending. */
export function PartnerCreditFigures() {
  const summary = useCreditSummary();
  const { t, language } = useWords();
  const count = (n: number) => formatNumberIn(language, n);
  const money = (cents: number) => formatCentsIn(language, cents);
  const figure = (value: number | undefined, format: (n: number) => string = count) =>
    summary.isError ? null : value === undefined ? undefined : format(value);
  return (
    <StatGrid label={t('credits.figures.label')}>
      <StatCard
        testId="card-active-athletes"
        label={t('credits.figures.activeAthletes')}
        value={figure(summary.data?.activeAthletes)}
        hint={t('credits.figures.activeAthletesHint')}
        icon={<GroupsOutlinedIcon />}
      />
      <StatCard
        testId="card-today"
        label={t('credits.figures.today')}
        value={figure(summary.data?.todayTransactions)}
        icon={<ReceiptLongOutlinedIcon />}
      />
      <StatCard
        testId="card-sales"
        label={t('credits.figures.sales')}
        value={figure(summary.data?.monthSales, money)}
        hint={t('credits.figures.salesHint')}
        icon={<PaidOutlinedIcon />}
      />
      <StatCard
        testId="card-pending"
        label={t('credits.figures.pending')}
        value={figure(summary.data?.pending)}
        icon={<HourglassEmptyOutlinedIcon />}
      />
    </StatGrid>
  );
}
