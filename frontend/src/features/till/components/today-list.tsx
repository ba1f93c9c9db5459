import type { TillRecentItem } from '@avpass/contracts';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { formatCentsIn, formatMonthDayTimeIn } from '@avpass/domain';
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
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { syncedReasonText } from '../offline/offline-words';

function Row({ item, showPartner }: { item: TillRecentItem; showPartner: boolean }) {
  const { t, language } = useWords();
  const money = (cents: number) => formatCentsIn(language, cents);
  const cancelled = item.status === 'cancelled';
  const details = [
    formatMonthDayTimeIn(language, item.redeemedAt, viewerTimeZone()),
    item.redeemedBy,
    showPartner ? item.partnerName : null,
    item.transactionAmount !== null
      ? t('till.offline.sale', { amount: money(item.transactionAmount) })
      : null,
    item.discountApplied !== null ? t('till.today.discount', { amount: money(item.discountApplied) }) : null,
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
            {item.cancelledBy
              ? t('till.today.cancelledBy', { name: item.cancelledBy })
              : t('till.today.cancelled')}
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

function OfflineRow({
  entry,
  zone,
  words,
}: {
  entry: OfflineTodayEntry;
  zone: string;
  words: Words<MessageId>;
}) {
  const { t, language } = words;
  const { item, state } = entry;
  const result = state === 'waiting' ? null : (item as RedeemResult);
  const details = [
    formatMonthDayTimeIn(language, item.scannedAt, zone),
    item.transactionAmount !== undefined
      ? t('till.offline.sale', { amount: formatCentsIn(language, item.transactionAmount) })
      : null,
    t(`till.today.offlineState.${state}`),
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
        {queuedTitle(item, words)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {details.join(' · ')}
      </Typography>
      {result?.reason && (
        <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 600 }}>
          {syncedReasonText(result)}
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
  const words = useWords();
  const { t, language } = words;
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
    const loadedAt = formatMonthDayTimeIn(language, new Date(recent.dataUpdatedAt), zone);
    body = (
      <Box data-testid="till-today-offline">
        <Alert severity="info" sx={{ mt: 1, color: 'text.primary' }}>
          {recent.data ? t('till.today.offlineLoaded') : t('till.today.offlineNotLoaded')}
        </Alert>
        <Typography id="till-today-offline-title" variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
          {t('till.today.offlineTitle')}
        </Typography>
        {done.length > 0 ? (
          <Box
            component="ul"
            aria-labelledby="till-today-offline-title"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {done.map((entry) => (
              <OfflineRow key={entry.item.idempotencyKey} entry={entry} zone={zone} words={words} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('till.today.offlineNone')}
          </Typography>
        )}
        {items.length > 0 && (
          <Box sx={(theme) => ({ mt: 1.5, pt: 1.5, borderTop: `1px solid ${theme.palette.divider}` })}>
            <Typography variant="subtitle2" component="h3" data-testid="till-today-loaded-at">
              {t('till.today.loadedAt', { time: loadedAt })}
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
        {t('till.today.loadFailed')}
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
