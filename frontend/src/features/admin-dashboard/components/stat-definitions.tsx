import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import type { StatDefinition } from './stat-cards';

const number = new Intl.NumberFormat('en-US');

/** A figure as its card shows it (index.html's boot.js draws it the same way: app/boot-figures.spec.ts). */
export function formatAdminFigure(stat: StatDefinition, value: number): string {
  return stat.format ? stat.format(value) : number.format(value);
}

const totalCodes: StatDefinition = {
  key: 'totalQrCodes',
  label: 'Total QR Codes',
  icon: <QrCode2RoundedIcon />,
};
const totalRedemptions: StatDefinition = {
  key: 'totalRedemptions',
  label: 'Total Redemptions',
  icon: <RedeemOutlinedIcon />,
};
const todayRedemptions: StatDefinition = {
  key: 'todayRedemptions',
  label: "Today's Redemptions",
  icon: <EventAvailableOutlinedIcon />,
};

/** The dashboard's four cards (spec section 2). */
export const DASHBOARD_STATS: readonly StatDefinition[] = [
  totalCodes,
  totalRedemptions,
  todayRedemptions,
  {
    key: 'redemptionRate',
    label: 'Redemption Rate',
    icon: <PercentRoundedIcon />,
    format: (value) => `${value}%`,
  },
];

/** The /admin welcome page's four cards. */
export const WELCOME_STATS: readonly StatDefinition[] = [
  totalCodes,
  totalRedemptions,
  todayRedemptions,
  { key: 'activePartners', label: 'Active Partners', icon: <HandshakeOutlinedIcon /> },
];
