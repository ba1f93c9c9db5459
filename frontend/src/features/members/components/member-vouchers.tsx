import { voucherTitleSource, type HeldVoucher } from '@avpass/contracts';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT, useWords } from '@/i18n/i18n';
import { useMemberVouchers } from '../api/get-member-vouchers';
import { MemberSection } from './member-section';

const STATE_COLORS = { active: 'success', used: 'default', expired: 'warning' } as const;

function VoucherLine({ voucher }: { voucher: HeldVoucher }) {
  const t = useT();
  const words = useWords();
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
      <Typography variant="body2">
        {discountTextIn(words, voucher.discountType, voucher.discountValue)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {voucher.usageLimit === 999999
          ? t('members.voucher.usedUnlimited', { used: voucher.usageCount })
          : t('members.voucher.used', { used: voucher.usageCount, limit: voucher.usageLimit })}
        {uses ? t(`members.voucher.memberUses.${uses.period}`, { used: uses.used, limit: uses.limit }) : ''}
      </Typography>
      <Chip
        size="small"
        label={t(`members.voucher.state.${voucher.state}`)}
        color={STATE_COLORS[voucher.state]}
        variant={voucher.state === 'active' ? 'filled' : 'outlined'}
      />
    </Stack>
  );
}

/** The codes the member holds (GET /api/members/{id}/vouchers): active first, then used and expired. */
export function MemberVouchers({ memberId }: { memberId: string }) {
  const t = useT();
  const query = useMemberVouchers(memberId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <MemberSection
      title={t('members.vouchers.title')}
      testId="member-vouchers"
      query={query}
      count={items.length}
      emptyText={t('members.vouchers.empty')}
      unavailableText={t('members.vouchers.unavailable')}
    >
      {items.map((v) => (
        <VoucherLine key={v.id} voucher={v} />
      ))}
    </MemberSection>
  );
}
