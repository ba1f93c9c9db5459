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
import { INTL_LOCALES, type LanguageCode } from '@avpass/domain';
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';

/** One figure of GET /api/stats as a card: which figure, its words, and what the card opens. */
export interface CompanyStat {
  key: keyof VoucherStats;
  testId: string;
  label: MessageId;
  hint: MessageId;
  icon: ReactNode;
  suffix?: string;
  linkLabel?: MessageId;
  to?: string;
}

/** The company dashboard's cards (the codes card scrolls to the codes: `onClick`). */
export const DASHBOARD_STATS: readonly CompanyStat[] = [
  {
    key: 'totalQrCodes',
    testId: 'stat-total-codes',
    label: 'dashboard.stat.totalQrCodes',
    hint: 'dashboard.stat.hint.assignedToCompany',
    linkLabel: 'dashboard.stat.link.codes',
    icon: <QrCode2RoundedIcon />,
  },
  {
    key: 'totalRedemptions',
    testId: 'stat-redemptions',
    label: 'dashboard.stat.redemptions',
    hint: 'dashboard.stat.hint.allTime',
    linkLabel: 'dashboard.stat.link.analytics',
    icon: <InsightsOutlinedIcon />,
    to: paths.trainerAnalytics.path,
  },
  {
    key: 'todayRedemptions',
    testId: 'stat-today',
    label: 'dashboard.stat.today',
    hint: 'dashboard.stat.hint.sinceMidnight',
    icon: <TodayOutlinedIcon />,
  },
  {
    key: 'activePartners',
    testId: 'stat-partners',
    label: 'dashboard.stat.partners',
    hint: 'dashboard.stat.hint.uniqueLocations',
    linkLabel: 'dashboard.stat.link.inventory',
    icon: <Inventory2OutlinedIcon />,
    to: paths.partnerInventory.path,
  },
];

/** The company admin panel's cards. */
export const PANEL_STATS: readonly CompanyStat[] = [
  {
    key: 'totalQrCodes',
    testId: 'stat-total-codes',
    label: 'dashboard.stat.totalQrCodes',
    hint: 'dashboard.stat.hint.assignedToYou',
    icon: <QrCode2RoundedIcon />,
  },
  {
    key: 'totalRedemptions',
    testId: 'stat-redemptions',
    label: 'dashboard.stat.totalRedemptions',
    hint: 'dashboard.stat.hint.allTime',
    icon: <InsightsOutlinedIcon />,
  },
  {
    key: 'activePartners',
    testId: 'stat-partners',
    label: 'dashboard.stat.activePartners',
    hint: 'dashboard.stat.hint.uniqueRedemptionLocations',
    icon: <HandshakeOutlinedIcon />,
  },
  {
    key: 'redemptionRate',
    testId: 'stat-rate',
    label: 'dashboard.stat.redemptionRate',
    hint: 'dashboard.stat.hint.perCode',
    icon: <PercentRoundedIcon />,
    suffix: '%',
  },
];

/** A figure as its card shows it (index.html's boot.js draws it the same way: app/boot-figures.spec.ts). */
export function formatCompanyFigure(stat: CompanyStat, value: number, language = 'en'): string {
  return `${value.toLocaleString(INTL_LOCALES[language as LanguageCode] ?? 'en-US')}${stat.suffix ?? ''}`;
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
  const { t, language } = useWords();
  const value = (stat: CompanyStat) =>
    query.data ? formatCompanyFigure(stat, query.data[stat.key], language) : query.isError ? null : undefined;
  return (
    <StatGrid label={t('dashboard.company.stats')}>
      {stats.map((stat) => {
        const { key, suffix: _suffix, label, hint, linkLabel, ...card } = stat;
        return (
          <StatCard
            key={key}
            {...card}
            label={t(label)}
            hint={t(hint)}
            linkLabel={linkLabel && t(linkLabel)}
            value={value(stat)}
            onClick={onClick[key]}
          />
        );
      })}
    </StatGrid>
  );
}
