import type { TillRecentItem } from '@avpass/contracts';
import { formatCents, formatMonthDayTime } from '@avpass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { viewerTimeZone } from '@/lib/time-zone';
import { useTillRecent } from '../api/get-till-recent';
import { queuedTitle } from '../offline/offline-queue-panel';
import { offlineToday, type OfflineTodayEntry } from '../offline/offline-today';
import type { RedeemResult } from '../offline/queue-types';
import { isNetworkFailure } from '../offline/sync';
import type { OfflineQueue } from '../offline/use-offline-queue';
import { UndoRedemptionButton } from './undo-redemption';
import { useT } from '@/i18n/i18n';

function Row({ item, showPartner }: { item: TillRecentItem; showPartner: boolean }) {
  const cancelled = item.status === 'cancelled';
  const details = [
    formatMonthDayTime(item.redeemedAt, viewerTimeZone()),
    item.redeemedBy,
    showPartner ? item.partnerName : null,
    item.transactionAmount !== null ? `Sale ${formatCents(item.transactionAmount)}` : null,
    item.discountApplied !== null ? `Discount ${formatCents(item.discountApplied)}` : null,
  ].filter(Boolean);
  return (
    <Box
      component="li"
      data-testid="till-recent-row"
      data-status={item.status}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: `1px solid ${theme.palette.divider}`,
        '&:first-of-type': { borderTop: 'none' },
      })}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
            {item.reference}
          </Box>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
        {cancelled && (
          <Typography
            variant="body2"
            sx={{ color: 'error.dark', fontWeight: 600 }}
            data-testid="till-recent-cancelled"
          >
            Cancelled{item.cancelledBy ? ` by ${item.cancelledBy}` : ''}
            {item.cancelReason ? `: ${item.cancelReason}` : ''}
          </Typography>
        )}
      </Box>
      {!cancelled && item.cancellable && <UndoRedemptionButton redemption={item} size="small" />}
    </Box>
  );
}

/** The browser's word on the connection, kept current by its online and offline events. */
function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
  );
}

const OFFLINE_STATE_TEXT: Record<OfflineTodayEntry['state'], string> = {
  waiting: 'Saved offline, waiting to be sent',
  accepted: 'Saved offline, sent and counted',
  refused: 'Saved offline, refused when sent',
};

function OfflineRow({ entry, zone }: { entry: OfflineTodayEntry; zone: string }) {
  const { item, state } = entry;
  const result = state === 'waiting' ? null : (item as RedeemResult);
  const details = [
    formatMonthDayTime(item.scannedAt, zone),
    item.transactionAmount !== undefined ? `Sale ${formatCents(item.transactionAmount)}` : null,
    OFFLINE_STATE_TEXT[state],
  ].filter(Boolean);
  return (
    <Box
      component="li"
      data-testid="till-today-offline-row"
      data-state={state}
      sx={(theme) => ({
        py: 1.5,
        borderTop: `1px solid ${theme.palette.divider}`,
        '&:first-of-type': { borderTop: 'none' },
      })}
    >
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {result?.reference && (
          <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
            {result.reference}
          </Box>
        )}
        {queuedTitle(item)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {details.join(' · ')}
      </Typography>
      {result?.reason && (
        <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600 }}>
          {result.reason}
        </Typography>
      )}
    </Box>
  );
}

/**
 * "Today at this till": the redemptions made here today, newest first, each with Undo while it may be.
 * Offline it says so, without alarm, and lists what the till did offline today (its queue), above the
 * list as last loaded (if it was).
 */
export function TodayList({ allTills, queue }: { allTills: boolean; queue: OfflineQueue }) {
  const t = useT();
  const recent = useTillRecent();
  const online = useBrowserOnline();
  const items = recent.data?.items ?? [];
  const zone = viewerTimeZone();
  const offline =
    !online || (recent.isError && isNetworkFailure(recent.error)) || recent.fetchStatus === 'paused';
  const list = (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}>
      {items.map((item) => (
        <Row key={item.id} item={item} showPartner={allTills} />
      ))}
    </Box>
  );
  let body;
  if (offline) {
    const done = offlineToday(queue.pending, queue.results, new Date(), zone);
    const loadedAt = formatMonthDayTime(new Date(recent.dataUpdatedAt), zone);
    body = (
      <Box data-testid="till-today-offline">
        <Alert severity="info" sx={{ mt: 1, color: 'text.primary' }}>
          {recent.data
            ? 'Offline: this list updates when the connection is back.'
            : "Offline: today's list loads when the connection is back."}
        </Alert>
        <Typography id="till-today-offline-title" variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
          Redeemed offline today
        </Typography>
        {done.length > 0 ? (
          <Box
            component="ul"
            aria-labelledby="till-today-offline-title"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {done.map((entry) => (
              <OfflineRow key={entry.item.idempotencyKey} entry={entry} zone={zone} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nothing redeemed offline at this till today.
          </Typography>
        )}
        {items.length > 0 && (
          <Box sx={(theme) => ({ mt: 1.5, pt: 1.5, borderTop: `1px solid ${theme.palette.divider}` })}>
            <Typography variant="subtitle2" component="h3" data-testid="till-today-loaded-at">
              As loaded at {loadedAt}
            </Typography>
            {list}
          </Box>
        )}
      </Box>
    );
  } else if (recent.isPending) {
    body = (
      <Box sx={{ mt: 1 }}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  } else if (recent.isError) {
    body = (
      <Alert
        severity="error"
        sx={{ mt: 1 }}
        action={
          <Button color="inherit" onClick={() => void recent.refetch()}>
            {t('till.today.retry')}
          </Button>
        }
      >
        Today&apos;s redemptions could not be loaded.
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('till.today.none')}
      </Typography>
    );
  } else {
    body = list;
  }
  return (
    <Card component="section" aria-labelledby="till-today-title" data-testid="till-today" sx={{ p: 2 }}>
      <Typography id="till-today-title" variant="h6" component="h2">
        {t(allTills ? 'till.today.everyTill' : 'till.today.thisTill')}
      </Typography>
      {body}
    </Card>
  );
}
