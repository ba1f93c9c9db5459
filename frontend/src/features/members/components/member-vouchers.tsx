import { voucherTitleSource, type HeldVoucher } from '@avpass/contracts';
import { formatDiscount } from '@avpass/domain';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMemberVouchers } from '../api/get-member-vouchers';
import { MemberSection } from './member-section';

const STATE_WORDS = { active: 'Active', used: 'Used', expired: 'Expired' } as const;
const STATE_COLORS = { active: 'success', used: 'default', expired: 'warning' } as const;
const PERIOD_WORDS = { day: 'today', week: 'this week', month: 'this month', ever: 'in all' } as const;

function VoucherLine({ voucher }: { voucher: HeldVoucher }) {
  const uses = voucher.memberUses;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ alignItems: { sm: 'center' }, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="member-voucher"
    >
      <Link
        component={RouterLink}
        to={paths.voucher.getHref(voucher.id)}
        target="_blank"
        rel="noopener"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: 1 }}
      >
        {voucherTitleSource(voucher)}
      </Link>
      <Typography variant="body2">{formatDiscount(voucher.discountType, voucher.discountValue)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {voucher.usageCount} of {voucher.usageLimit === 999999 ? 'unlimited' : voucher.usageLimit} used
        {uses ? ` · ${uses.used} of ${uses.limit} ${PERIOD_WORDS[uses.period]} for this member` : ''}
      </Typography>
      <Chip
        size="small"
        label={STATE_WORDS[voucher.state]}
        color={STATE_COLORS[voucher.state]}
        variant={voucher.state === 'active' ? 'filled' : 'outlined'}
      />
    </Stack>
  );
}

/** The codes the member holds (GET /api/members/{id}/vouchers): active first, then used and expired. */
export function MemberVouchers({ memberId }: { memberId: string }) {
  const query = useMemberVouchers(memberId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <MemberSection
      title="Vouchers"
      testId="member-vouchers"
      query={query}
      count={items.length}
      emptyText="No voucher has been sent to this member yet."
      unavailableText="The member's vouchers are not available on this server yet."
    >
      {items.map((v) => (
        <VoucherLine key={v.id} voucher={v} />
      ))}
    </MemberSection>
  );
}
