import type { TrainerAnalytics } from '@avpass/contracts';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { INTL_LOCALES, type LanguageCode } from '@avpass/domain';
import { useWords } from '@/i18n/i18n';

const intlName = (language: string) => INTL_LOCALES[language as LanguageCode] ?? INTL_LOCALES.en;
/** "Nov 3" / "3 nov" for a business day, in the reader's language. */
const shortDay = (language: string) => (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(intlName(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
/** Dollars (the chart's sales are in dollars) as the reader's language writes them. */
const dollars = (language: string) => (value: number | null) =>
  value === null ? '' : value.toLocaleString(intlName(language), { style: 'currency', currency: 'USD' });

/**
 * Redemptions and sales per business day of the range (MUI X Charts; this screen's chunk only).
 * Redemptions on the left axis, sales in dollars on the right.
 */
export function AnalyticsChart({ daily }: { daily: TrainerAnalytics['daily'] }) {
  const theme = useTheme();
  const { t, language } = useWords();
  return (
    <LineChart
      height={300}
      xAxis={[{ scaleType: 'point', data: daily.map((d) => d.day), valueFormatter: shortDay(language) }]}
      yAxis={[
        { id: 'redemptions', label: t('credits.analytics.redemptions'), width: 60, tickMinStep: 1 },
        { id: 'sales', label: t('credits.analytics.salesAxis'), position: 'right', width: 70 },
      ]}
      series={[
        {
          id: 'redemptions',
          label: t('credits.analytics.redemptions'),
          yAxisId: 'redemptions',
          data: daily.map((d) => d.redemptions),
          color: theme.palette.primary.main,
          curve: 'monotoneX',
          showMark: daily.length <= 14,
        },
        {
          id: 'sales',
          label: t('credits.analytics.sales'),
          yAxisId: 'sales',
          data: daily.map((d) => d.transactionAmount / 100),
          color: theme.palette.secondary.main,
          curve: 'monotoneX',
          area: false,
          showMark: daily.length <= 14,
          valueFormatter: dollars(language),
        },
      ]}
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
