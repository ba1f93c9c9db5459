import { formatCents, formatMonthDayTime } from '@avpass/domain';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { viewerTimeZone } from '@/lib/time-zone';
import { offlineKeyOf } from './offline-check';
import type { PendingRedeem, RedeemResult } from './queue-types';
import type { OfflineQueue } from './use-offline-queue';

/** "2 waiting": what the till keeps until it can send it (nothing when none waits). */
export function OfflineBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Chip
      icon={<CloudUploadRoundedIcon />}
      label={`${count} waiting`}
      color="warning"
      data-testid="offline-badge"
      data-count={count}
      aria-label={`${count} offline ${count === 1 ? 'redemption' : 'redemptions'} waiting to be sent`}
      sx={{ fontWeight: 700 }}
    />
  );
}

function details(item: PendingRedeem, zone: string): string {
  return [
    `Scanned ${formatMonthDayTime(item.scannedAt, zone)}`,
    item.transactionAmount !== undefined ? `Sale ${formatCents(item.transactionAmount)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What a queued redeem is called: the voucher's title, else (never checked) its 8 characters. */
export function queuedTitle(item: PendingRedeem): string {
  if (item.title) return item.title;
  const key = offlineKeyOf(item.code);
  const short = key.kind === 'id' ? key.id.slice(0, 8) : key.kind === 'prefix' ? key.prefix : null;
  return short ? `Voucher ${short.toUpperCase()} (not checked)` : item.code;
}

function ResultRow({ result, zone }: { result: RedeemResult; zone: string }) {
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
          label={accepted ? 'Accepted' : 'Refused'}
          color={accepted ? 'success' : 'error'}
          sx={{ fontWeight: 700 }}
        />
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
          {accepted && result.reference ? (
            <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {result.reference}
            </Box>
          ) : null}
          {queuedTitle(result)}
        </Typography>
      </Box>
      {!accepted && (
        <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600, mt: 0.5 }}>
          {result.reason}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {details(result, zone)}
        {accepted && result.redeemedAt ? ` · Sent ${formatMonthDayTime(result.redeemedAt, zone)}` : ''}
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
          Offline redemptions
        </Typography>
        {pending.length > 0 && (
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {pending.length} waiting
          </Typography>
        )}
      </Box>
      {queue.storageError && (
        <Alert severity="error" sx={{ color: 'text.primary', mt: 1 }}>
          This phone&apos;s storage cannot be read: redemptions cannot be kept offline.
        </Alert>
      )}
      {pending.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {pending.map((item) => (
              <Box component="li" key={item.idempotencyKey} data-testid="offline-pending" sx={{ py: 0.75 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {queuedTitle(item)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Waiting · {details(item, zone)}
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
            {sending ? 'Sending…' : 'Send now'}
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
                Needs attention
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Refused when sent: the discount was given but not counted.
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
