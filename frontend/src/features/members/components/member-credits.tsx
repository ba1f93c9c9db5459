import type { AthleteCredit } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreditStatusChip } from '@/components/data-display/credit-status-chip';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { isMissingRoute } from '@/lib/members-api';
import { useMemberCredits } from '../api/get-member-credits';

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
 * ones and each credit, newest first. Shown only when the member has a credit (or it failed to load).
 */
export function MemberCredits({ memberId }: { memberId: string }) {
  const query = useMemberCredits(memberId);
  if (query.isPending || (query.isError && isMissingRoute(query.error))) return null;
  if (query.isSuccess && query.data.total === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="member-credits">
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          Athlete credits
        </Typography>
        {query.isSuccess && (
          <Typography data-testid="member-credit-balance">
            Balance <strong>{formatCents(query.data.balanceCents ?? 0)}</strong>
          </Typography>
        )}
      </Stack>
      {query.isError ? (
        <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.credits.map((credit) => (
            <CreditLine key={credit.id} credit={credit} />
          ))}
          {query.data.total > query.data.credits.length && (
            <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
              The newest {query.data.credits.length} of {query.data.total} credits are shown.
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
