import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import { INTL_LOCALES, type LanguageCode } from '@avpass/domain';
import type { StatDefinition } from './stat-cards';

/** A figure as its card shows it (index.html's boot.js draws it the same way: app/boot-figures.spec.ts). */
export function formatAdminFigure(stat: StatDefinition, value: number, language = 'en'): string {
  return stat.format
    ? stat.format(value)
    : value.toLocaleString(INTL_LOCALES[language as LanguageCode] ?? 'en-US');
}

const totalCodes: StatDefinition = {
  key: 'totalQrCodes',
  label: 'dashboard.stat.totalQrCodes',
  icon: <QrCode2RoundedIcon />,
};
const totalRedemptions: StatDefinition = {
  key: 'totalRedemptions',
  label: 'dashboard.stat.totalRedemptions',
  icon: <RedeemOutlinedIcon />,
};
const todayRedemptions: StatDefinition = {
  key: 'todayRedemptions',
  label: 'dashboard.stat.todayRedemptions',
  icon: <EventAvailableOutlinedIcon />,
};

/** The dashboard's four cards (spec section 2). */
export const DASHBOARD_STATS: readonly StatDefinition[] = [
  totalCodes,
  totalRedemptions,
  todayRedemptions,
  {
    key: 'redemptionRate',
    label: 'dashboard.stat.redemptionRate',
    icon: <PercentRoundedIcon />,
    format: (value) => `${value}%`,
  },
];

/** The /admin welcome page's four cards. */
export const WELCOME_STATS: readonly StatDefinition[] = [
  totalCodes,
  totalRedemptions,
  todayRedemptions,
  { key: 'activePartners', label: 'dashboard.stat.activePartners', icon: <HandshakeOutlinedIcon /> },
];
