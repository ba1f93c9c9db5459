import { formatCents } from '@avpass/domain';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { useCreditSummary } from '../api/get-credit-summary';

/** The partner's credit figures: active athletes, today's transactions, this month's sales, pending. */
export function PartnerCreditFigures() {
  const summary = useCreditSummary();
  const figure = (value: number | undefined, format: (n: number) => string = String) =>
    summary.isError ? null : value === undefined ? undefined : format(value);
  return (
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
  );
}
