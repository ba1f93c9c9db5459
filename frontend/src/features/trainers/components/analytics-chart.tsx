import type { TrainerAnalytics } from '@avpass/contracts';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const dollars = (value: number | null) =>
  value === null ? '' : value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * Redemptions and sales per business day of the range (MUI X Charts; this screen's chunk only).
 * Redemptions on the left axis, sales in dollars on the right.
 */
export function AnalyticsChart({ daily }: { daily: TrainerAnalytics['daily'] }) {
  const theme = useTheme();
  return (
    <LineChart
      height={300}
      xAxis={[{ scaleType: 'point', data: daily.map((d) => d.day), valueFormatter: shortDay }]}
      yAxis={[
        { id: 'redemptions', label: 'Redemptions', width: 60, tickMinStep: 1 },
        { id: 'sales', label: 'Sales ($)', position: 'right', width: 70 },
      ]}
      series={[
        {
          id: 'redemptions',
          label: 'Redemptions',
          yAxisId: 'redemptions',
          data: daily.map((d) => d.redemptions),
          color: theme.palette.primary.main,
          curve: 'monotoneX',
          showMark: daily.length <= 14,
        },
        {
          id: 'sales',
          label: 'Sales',
          yAxisId: 'sales',
          data: daily.map((d) => d.transactionAmount / 100),
          color: theme.palette.secondary.main,
          curve: 'monotoneX',
          area: false,
          showMark: daily.length <= 14,
          valueFormatter: dollars,
        },
      ]}
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
    />
  );
}
