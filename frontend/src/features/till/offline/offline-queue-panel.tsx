import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { formatCentsIn, formatMonthDayTimeIn } from '@avpass/domain';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT, useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { viewerTimeZone } from '@/lib/time-zone';
import { offlineKeyOf } from './offline-check';
import { syncedReasonText } from './offline-words';
import type { PendingRedeem, RedeemResult } from './queue-types';
import type { OfflineQueue } from './use-offline-queue';

/** "2 waiting": what the till keeps until it can send it (nothing when none waits). */
export function OfflineBadge({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <Chip
      icon={<CloudUploadRoundedIcon />}
      label={t('till.offline.waiting', { count })}
      color="warning"
      data-testid="offline-badge"
      data-count={count}
      aria-label={t('till.offline.waitingLabel', { count })}
      sx={{ fontWeight: 700 }}
    />
  );
}

function details(item: PendingRedeem, zone: string, { t, language }: Words<MessageId>): string {
  return [
    t('till.offline.scanned', { time: formatMonthDayTimeIn(language, item.scannedAt, zone) }),
    item.transactionAmount !== undefined
      ? t('till.offline.sale', { amount: formatCentsIn(language, item.transactionAmount) })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What a queued redeem is called: the voucher's title, else (never checked) its 8 characters. */
export function queuedTitle(item: PendingRedeem, { t }: Pick<Words<MessageId>, 't'>): string {
  if (item.title) return item.title;
  const key = offlineKeyOf(item.code);
  const short = key.kind === 'id' ? key.id.slice(0, 8) : key.kind === 'prefix' ? key.prefix : null;
  return short ? t('till.offline.unchecked', { short: short.toUpperCase() }) : item.code;
}

function ResultRow({ result, zone }: { result: RedeemResult; zone: string }) {
  const words = useWords();
  const { t, language } = words;
  const accepted = result.outcome === 'accepted';
  return (
    <Box
      component="li"
      data-testid="offline-result"
      data-outcome={result.outcome}
      sx={(theme) => ({
        py: 1.25,
        borderTop: `1px solid ${theme.palette.divider}`,
        '&:first-of-type': { borderTop: 'none' },
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={accepted ? t('till.offline.accepted') : t('till.offline.refused')}
          color={accepted ? 'success' : 'error'}
          sx={{ fontWeight: 700 }}
        />
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
          {accepted && result.reference ? (
            <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {result.reference}
            </Box>
          ) : null}
          {queuedTitle(result, words)}
        </Typography>
      </Box>
      {!accepted && (
        <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600, mt: 0.5 }}>
          {syncedReasonText(result)}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {details(result, zone, words)}
        {accepted && result.redeemedAt
          ? ` · ${t('till.offline.sent', { time: formatMonthDayTimeIn(language, result.redeemedAt, zone) })}`
          : ''}
      </Typography>
    </Box>
  );
}

/**
 * "Offline redemptions": how many wait to be sent (with Send now), and what came of the sent ones:
 * accepted with the redemption's reference, or refused with the reason (used up meanwhile, say).
 * Shows nothing until the queue has been used on this phone.
 */
export function OfflineQueuePanel({ queue }: { queue: OfflineQueue }) {
  const words = useWords();
  const { t } = words;
  const [sending, setSending] = useState(false);
  const zone = viewerTimeZone();
  const { pending, results } = queue;
  const refused = results.filter((result) => result.outcome === 'refused');
  const accepted = results.filter((result) => result.outcome === 'accepted');
  if (pending.length === 0 && results.length === 0 && !queue.storageError) return null;

  async function sendNow() {
    setSending(true);
    try {
      await queue.syncNow();
    } finally {
      setSending(false);
    }
  }

  return (
    <Card
      component="section"
      aria-labelledby="till-offline-queue-title"
      data-testid="offline-queue"
      sx={{ p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="till-offline-queue-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('till.offline.queueTitle')}
        </Typography>
        {pending.length > 0 && (
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('till.offline.waiting', { count: pending.length })}
          </Typography>
        )}
      </Box>
      {queue.storageError && (
        <Alert severity="error" sx={{ color: 'text.primary', mt: 1 }}>
          {t('till.offline.storageError')}
        </Alert>
      )}
      {pending.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {pending.map((item) => (
              <Box component="li" key={item.idempotencyKey} data-testid="offline-pending" sx={{ py: 0.75 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {queuedTitle(item, words)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('till.offline.waitingItem')} · {details(item, zone, words)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Button
            variant="outlined"
            onClick={() => void sendNow()}
            disabled={sending}
            startIcon={<CloudUploadRoundedIcon />}
            data-testid="offline-send-now"
            sx={{ mt: 1, minHeight: 48 }}
          >
            {sending ? t('till.offline.sending') : t('till.offline.sendNow')}
          </Button>
        </Box>
      )}
      {results.length > 0 && (
        <Box data-testid="offline-results">
          {refused.length > 0 && (
            <Box
              component="section"
              aria-labelledby="till-needs-attention-title"
              data-testid="offline-needs-attention"
              sx={(theme) => ({
                mt: 1.5,
                p: 1.5,
                borderRadius: 1,
                border: `1px solid ${theme.palette.error.main}`,
              })}
            >
              <Typography
                id="till-needs-attention-title"
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 800 }}
              >
                {t('till.offline.needsAttention')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('till.offline.needsAttentionText')}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {refused.map((result) => (
                  <ResultRow key={result.idempotencyKey} result={result} zone={zone} />
                ))}
              </Box>
            </Box>
          )}
          {accepted.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
              {accepted.map((result) => (
                <ResultRow key={result.idempotencyKey} result={result} zone={zone} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Card>
  );
}
