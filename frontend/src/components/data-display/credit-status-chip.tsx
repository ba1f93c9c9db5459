import type { AthleteCredit } from '@avpass/contracts';
import Chip from '@mui/material/Chip';

const LOOK = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  inactive: { label: 'Inactive', color: 'default' },
} as const;

/** An athlete credit's status, as the credits screens and a member's detail show it. */
export function CreditStatusChip({ status }: { status: AthleteCredit['status'] }) {
  return <Chip size="small" variant="outlined" label={LOOK[status].label} color={LOOK[status].color} />;
}
