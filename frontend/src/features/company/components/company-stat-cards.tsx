import type { VoucherStats } from '@avpass/contracts';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import TodayOutlinedIcon from '@mui/icons-material/TodayOutlined';
import type { ReactNode } from 'react';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';
import { paths } from '@/config/paths';
import { useBootFiguresReady } from '@/lib/boot-handover';

/** One figure of GET /api/stats as a card: which figure, its words, and what the card opens. */
export interface CompanyStat {
  key: keyof VoucherStats;
  testId: string;
  label: string;
  hint: string;
  icon: ReactNode;
  suffix?: string;
  linkLabel?: string;
  to?: string;
}

/** The company dashboard's cards (the codes card scrolls to the codes: `onClick`). */
export const DASHBOARD_STATS: readonly CompanyStat[] = [
  {
    key: 'totalQrCodes',
    testId: 'stat-total-codes',
    label: 'Total QR Codes',
    hint: 'Assigned to your company',
    linkLabel: 'See the codes',
    icon: <QrCode2RoundedIcon />,
  },
  {
    key: 'totalRedemptions',
    testId: 'stat-redemptions',
    label: 'Redemptions',
    hint: 'All time',
    linkLabel: 'Partnership analytics',
    icon: <InsightsOutlinedIcon />,
    to: paths.trainerAnalytics.path,
  },
  {
    key: 'todayRedemptions',
    testId: 'stat-today',
    label: 'Today',
    hint: 'Since midnight',
    icon: <TodayOutlinedIcon />,
  },
  {
    key: 'activePartners',
    testId: 'stat-partners',
    label: 'Partners',
    hint: 'Unique locations',
    linkLabel: 'Inventory',
    icon: <Inventory2OutlinedIcon />,
    to: paths.partnerInventory.path,
  },
];

/** The company admin panel's cards. */
export const PANEL_STATS: readonly CompanyStat[] = [
  {
    key: 'totalQrCodes',
    testId: 'stat-total-codes',
    label: 'Total QR Codes',
    hint: 'Assigned to you',
    icon: <QrCode2RoundedIcon />,
  },
  {
    key: 'totalRedemptions',
    testId: 'stat-redemptions',
    label: 'Total Redemptions',
    hint: 'All time',
    icon: <InsightsOutlinedIcon />,
  },
  {
    key: 'activePartners',
    testId: 'stat-partners',
    label: 'Active Partners',
    hint: 'Unique redemption locations',
    icon: <HandshakeOutlinedIcon />,
  },
  {
    key: 'redemptionRate',
    testId: 'stat-rate',
    label: 'Redemption Rate',
    hint: 'Redemptions per code',
    icon: <PercentRoundedIcon />,
    suffix: '%',
  },
];

/** A figure as its card shows it (index.html's boot.js draws it the same way: app/boot-figures.spec.ts). */
export function formatCompanyFigure(stat: CompanyStat, value: number): string {
  return `${value.toLocaleString('en-US')}${stat.suffix ?? ''}`;
}

/** The company's figures as cards: a skeleton while they load, a dash when they could not be. */
export function CompanyStatCards({
  stats,
  query,
  onClick = {},
}: {
  stats: readonly CompanyStat[];
  query: { data: VoucherStats | undefined; isError: boolean };
  /** A card that acts on the page (scrolls to a section) rather than opening a route. */
  onClick?: Partial<Record<keyof VoucherStats, () => void>>;
}) {
  useBootFiguresReady(query.data !== undefined || query.isError);
  const value = (stat: CompanyStat) =>
    query.data ? formatCompanyFigure(stat, query.data[stat.key]) : query.isError ? null : undefined;
  return (
    <StatGrid label="Company statistics">
      {stats.map((stat) => {
        const { key, suffix: _suffix, ...card } = stat;
        return <StatCard key={key} {...card} value={value(stat)} onClick={onClick[key]} />;
      })}
    </StatGrid>
  );
}
