import type { AthleteCredit } from '@avpass/contracts';
import { formatCentsIn, formatDateIn } from '@avpass/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreditStatusChip } from '@/components/data-display/credit-status-chip';
import { useLanguage, useT } from '@/i18n/i18n';
import { isMissingRoute } from '@/lib/members-api';
import { useMemberCredits } from '../api/get-member-credits';
import { MemberSection } from './member-section';

function CreditLine({ credit }: { credit: AthleteCredit }) {
  const t = useT();
  const language = useLanguage();
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
        {t('members.credits.left', {
          left: formatCentsIn(language, credit.currentBalance),
          total: formatCentsIn(language, credit.totalAmount),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {language === 'en'
          ? t('members.credits.period', { from: credit.startDate, to: credit.endDate })
          : t('members.credits.period', {
              from: formatDateIn(language, credit.startDate, 'UTC'),
              to: formatDateIn(language, credit.endDate, 'UTC'),
            })}
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
  const t = useT();
  const language = useLanguage();
  const query = useMemberCredits(memberId);
  if (query.isPending || (query.isError && isMissingRoute(query.error))) return null;
  const first = query.data?.pages[0];
  if (first && first.total === 0) return null;
  const credits = query.data?.pages.flatMap((p) => p.credits) ?? [];
  return (
    <MemberSection
      title={t('members.credits.title')}
      testId="member-credits"
      query={query}
      count={credits.length}
      emptyText={t('members.credits.empty')}
      unavailableText={t('members.credits.unavailable')}
      action={
        first && (
          <Typography data-testid="member-credit-balance">
            {t('members.credits.balance')} <strong>{formatCentsIn(language, first.balanceCents ?? 0)}</strong>
          </Typography>
        )
      }
    >
      {credits.map((credit) => (
        <CreditLine key={credit.id} credit={credit} />
      ))}
      {first && first.total > credits.length && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }} data-testid="member-credits-shown">
          {t('members.credits.shown', { shown: credits.length, total: first.total })}
        </Typography>
      )}
    </MemberSection>
  );
}
