import type { TillConflict, TillConflictStatus } from '@avpass/contracts';
import { formatCentsIn, formatMonthDayTimeIn } from '@avpass/domain';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import DoneRoundedIcon from '@mui/icons-material/DoneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { codeText } from '@/i18n/code-text';
import { useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { useHandleTillConflict, useTillConflicts } from '@/lib/till-conflicts-api';

type Shown = Extract<TillConflictStatus, 'open' | 'handled'>;

/**
 * "Needs attention" (issue 43): redemptions a till kept offline that the server refused when they
 * reached it (used up meanwhile, the member's daily limit taken at another till, …), newest first,
 * each marked handled once someone has dealt with it. The administrator sees every till's; a
 * partner's till (the same component) sees its own, as the server scopes the list.
 */
export function TillConflictsList({ showPartner = true }: { showPartner?: boolean }) {
  const { t } = useWords();
  const [status, setStatus] = useState<Shown>('open');
  const conflicts = useTillConflicts(status);
  const items = conflicts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Box component="section" aria-labelledby="till-conflicts-heading">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id="till-conflicts-heading" variant="h6" component="h2">
            {t('staff.conflicts.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('staff.conflicts.intro')}
          </Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_event, next: Shown | null) => next && setStatus(next)}
          aria-label={t('staff.conflicts.show')}
        >
          <ToggleButton value="open">{t('staff.conflicts.open')}</ToggleButton>
          <ToggleButton value="handled">{t('staff.conflicts.handled')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {conflicts.isPending ? (
        <LoadingState message={t('staff.conflicts.loading')} />
      ) : conflicts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void conflicts.refetch()}>
              {t('staff.conflicts.retry')}
            </Button>
          }
        >
          {apiErrorText(conflicts.error, t('staff.conflicts.loadFailed'))}
        </Alert>
      ) : items.length === 0 ? (
        <StatusPanel
          icon={<CheckCircleOutlineRoundedIcon />}
          title={status === 'open' ? t('staff.conflicts.none') : t('staff.conflicts.noneHandled')}
          description={status === 'open' ? t('staff.conflicts.noneText') : undefined}
          testId="till-conflicts-empty"
        />
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="till-conflicts"
        >
          {items.map((conflict) => (
            <ConflictItem key={conflict.id} conflict={conflict} showPartner={showPartner} />
          ))}
        </Stack>
      )}
      {conflicts.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void conflicts.fetchNextPage()}
            disabled={conflicts.isFetchingNextPage}
          >
            {t('staff.conflicts.more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ConflictItem({ conflict, showPartner }: { conflict: TillConflict; showPartner: boolean }) {
  const { t, language } = useWords();
  const handle = useHandleTillConflict();
  const { toast } = useToast();
  const zone = viewerTimeZone();
  const when = (at: string) => formatMonthDayTimeIn(language, at, zone);
  const reason =
    conflict.refusal === 'not_valid_here'
      ? t('staff.conflicts.notValidAt', { partner: conflict.partnerName ?? '' })
      : codeText(conflict.reasonCode, conflict.reasonParams, conflict.reason);
  const holder = conflict.holder
    ? `${conflict.holder.firstName}${conflict.holder.lastInitial ? ` ${conflict.holder.lastInitial}.` : ''}`
    : null;
  const markHandled = () =>
    handle.mutate(conflict.id, {
      onError: (error) =>
        toast({
          title: t('staff.conflicts.handleFailed'),
          description: apiErrorText(error, t('staff.conflicts.handleFailedText')),
          kind: 'destructive',
        }),
    });

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="till-conflict">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {conflict.title ?? t('staff.conflicts.deletedCode')}
            </Typography>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t(`staff.conflicts.refusal.${conflict.refusal}`)}
            />
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {reason}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {[
              t('staff.conflicts.scanned', { when: when(conflict.scannedAt) }),
              showPartner && conflict.partnerName ? conflict.partnerName : null,
              t('staff.conflicts.by', { name: conflict.staffName }),
              holder ? t('staff.conflicts.member', { name: holder }) : null,
              conflict.transactionAmount !== null
                ? t('staff.conflicts.sale', { amount: formatCentsIn(language, conflict.transactionAmount) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0, alignSelf: { md: 'center' } }}>
          {conflict.handledAt ? (
            <Typography variant="body2" color="text.secondary">
              {t('staff.conflicts.handledBy', {
                name: conflict.handledBy ?? '',
                when: when(conflict.handledAt),
              })}
            </Typography>
          ) : (
            <Button
              variant="outlined"
              size="small"
              startIcon={<DoneRoundedIcon />}
              onClick={markHandled}
              disabled={handle.isPending}
            >
              {t('staff.conflicts.markHandled')}
            </Button>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
