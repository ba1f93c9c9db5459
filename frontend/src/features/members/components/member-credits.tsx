import type { AthleteCredit } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreditStatusChip } from '@/components/data-display/credit-status-chip';
import { isMissingRoute } from '@/lib/members-api';
import { useMemberCredits } from '../api/get-member-credits';
import { MemberSection } from './member-section';

function CreditLine({ credit }: { credit: AthleteCredit }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ alignItems: { sm: 'center' }, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="member-credit"
    >
      <Typography sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
        {credit.athleteName}
        {credit.partnerName ? ` · ${credit.partnerName}` : ''}
      </Typography>
      <Typography variant="body2">
        {formatCents(credit.currentBalance)} left of {formatCents(credit.totalAmount)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {credit.startDate} to {credit.endDate}
      </Typography>
      <CreditStatusChip status={credit.status} />
    </Stack>
  );
}

/**
 * The member's athlete credits (GET /api/members/{id}/credits, decision 336): the balance of the active
 * ones and each credit, newest first, a page at a time ("Load more", by keyset cursor). Shown only when
 * the member has a credit (or it failed to load).
 */
export function MemberCredits({ memberId }: { memberId: string }) {
  const query = useMemberCredits(memberId);
  if (query.isPending || (query.isError && isMissingRoute(query.error))) return null;
  const first = query.data?.pages[0];
  if (first && first.total === 0) return null;
  const credits = query.data?.pages.flatMap((p) => p.credits) ?? [];
  return (
    <MemberSection
      title="Athlete credits"
      testId="member-credits"
      query={query}
      count={credits.length}
      emptyText="This member has no athlete credit."
      unavailableText="Athlete credits are not available on this server yet."
      action={
        first && (
          <Typography data-testid="member-credit-balance">
            Balance <strong>{formatCents(first.balanceCents ?? 0)}</strong>
          </Typography>
        )
      }
    >
      {credits.map((credit) => (
        <CreditLine key={credit.id} credit={credit} />
      ))}
      {first && first.total > credits.length && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }} data-testid="member-credits-shown">
          {credits.length} of {first.total} credits shown.
        </Typography>
      )}
    </MemberSection>
  );
}
