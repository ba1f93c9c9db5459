import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { formatCentsIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconTile } from '@/components/data-display/stat-card';
import { paths } from '@/config/paths';
import { businessToday, monthSoFar, useStatementPreview } from '@/lib/statements-api';
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Words } from '@avpass/contracts/i18n/voucher-words';

/** "March 2026" / "marzo de 2026". */
function monthIn(language: string, period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString(language === 'es' ? 'es-US' : 'en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The net in the partner's words: positive, the club pays the partner. */
function netIn({ t, language }: Words<MessageId>, netCents: number): string {
  if (netCents === 0) return t('dashboard.month.nothing');
  const amount = formatCentsIn(language, Math.abs(netCents));
  return netCents > 0
    ? t('dashboard.month.clubOwesYou', { amount })
    : t('dashboard.month.youOwe', { amount });
}

/** This month so far: the running net of the business month's first day through today (issue 39). */
export function MonthSoFarCard() {
  const range = useMemo(() => monthSoFar(businessToday()), []);
  const preview = useStatementPreview(range);
  const totals = preview.data?.totals;
  const words = useWords();
  const { t, language } = words;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="month-so-far-title"
      data-testid="month-so-far"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <IconTile icon={<ReceiptLongOutlinedIcon />} hideOnPhone />
      <Box sx={{ minWidth: 0 }}>
        <Typography id="month-so-far-title" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t('dashboard.month.title', { month: monthIn(language, range.from.slice(0, 7)) })}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800, mt: 0.5 }}>
          {totals ? (
            netIn(words, totals.netCents)
          ) : preview.isError ? (
            '—'
          ) : (
            <Skeleton width={200} role="status" aria-label={t('dashboard.month.loading')} />
          )}
        </Typography>
        {totals && (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.month.owes', {
              club: formatCentsIn(language, totals.clubOwesCents),
              you: formatCentsIn(language, totals.partnerOwesCents),
            })}
          </Typography>
        )}
        <Link
          component={RouterLink}
          to={paths.statements.path}
          variant="body2"
          sx={{ mt: 0.5, display: 'inline-block' }}
        >
          {t('dashboard.month.statements')}
        </Link>
      </Box>
    </Paper>
  );
}
