import type { AthleteCredit } from '@avpass/contracts';
import Chip from '@mui/material/Chip';
import { useT } from '@/i18n/i18n';

const LOOK = {
  active: { label: 'staff.credit.active', color: 'success' },
  expired: { label: 'staff.credit.expired', color: 'default' },
  inactive: { label: 'staff.credit.inactive', color: 'default' },
} as const;

/** An athlete credit's status, as the credits screens and a member's detail show it. */
export function CreditStatusChip({ status }: { status: AthleteCredit['status'] }) {
  const t = useT();
  return <Chip size="small" variant="outlined" label={t(LOOK[status].label)} color={LOOK[status].color} />;
}
