import type { TillConflict } from '@avpass/contracts';
import { formatCentsIn, formatMonthDayTimeIn } from '@avpass/domain';
import ReportProblemRoundedIcon from '@mui/icons-material/ReportProblemRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { codeText } from '@/i18n/code-text';
import { useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TILL_CONFLICTS_URL, useHandleTillConflict, useTillConflicts } from '@/lib/till-conflicts-api';
import { holderText } from '../lib/till-text';

/**
 * "Needs attention at your tills" (issue 43): redemptions this shop's tills kept offline that the
 * server refused when they arrived (another till had used the last use, the member's daily cap was
 * reached across tills, …), as the server recorded them, beside this till's own list. Each can be
 * marked handled. Nothing is shown while there are none (or the list cannot be read, offline).
 */
export function TillConflictsPanel({ sent }: { sent: number }) {
  const words = useWords();
  const { t, language } = words;
  const conflicts = useTillConflicts('open');
  const handle = useHandleTillConflict();
  const queryClient = useQueryClient();
  // This till's queue sent something: a refusal may have become a conflict.
  useEffect(() => {
    if (sent > 0) void queryClient.invalidateQueries({ queryKey: [TILL_CONFLICTS_URL] });
  }, [sent, queryClient]);
  const items = conflicts.data?.pages[0]?.items ?? [];
  if (items.length === 0) return null;
  const zone = viewerTimeZone();

  const details = (conflict: TillConflict) =>
    [
      conflict.holder ? holderText(conflict.holder) : null,
      t('till.offline.scanned', { time: formatMonthDayTimeIn(language, conflict.scannedAt, zone) }),
      conflict.transactionAmount !== null
        ? t('till.offline.sale', { amount: formatCentsIn(language, conflict.transactionAmount) })
        : null,
      conflict.staffName,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Card
      component="section"
      aria-labelledby="till-conflicts-title"
      data-testid="till-conflicts"
      sx={(theme) => ({ p: 2, border: `1px solid ${theme.palette.error.main}` })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ReportProblemRoundedIcon sx={{ color: 'error.dark' }} aria-hidden />
        <Typography id="till-conflicts-title" variant="h6" component="h2">
          {t('till.pass.conflicts.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('till.pass.conflicts.text')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((conflict) => (
          <Box
            component="li"
            key={conflict.id}
            data-testid="till-conflict"
            sx={(theme) => ({ py: 1.25, borderTop: `1px solid ${theme.palette.divider}` })}
          >
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {conflict.title ?? t('till.pass.conflicts.deleted')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600 }}>
              {codeText(conflict.reasonCode, conflict.reasonParams, conflict.reason)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {details(conflict)}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              onClick={() => handle.mutate(conflict.id)}
              disabled={handle.isPending && handle.variables === conflict.id}
              data-testid="till-conflict-handle"
              aria-label={t('till.pass.conflicts.handleLabel', { title: conflict.title ?? '' })}
              sx={{ mt: 0.5, minHeight: 40 }}
            >
              {t('till.pass.conflicts.handle')}
            </Button>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
