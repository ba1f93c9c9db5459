import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { invalidateVoucherData } from '@/lib/vouchers-api/invalidate-voucher-data';
import { useSession } from '@/lib/session/use-session';
import { takeOverRedeemKey, tillRedeem, type TillRedeemInput } from '../api/till-redeem';
import { TILL_URLS } from '../api/urls';
import { idbQueueStore } from './queue-store';
import type { PendingRedeem, RedeemResult } from './queue-types';
import { pendingRedeem, syncQueue, webLock, type EnqueueInput } from './sync';

/** While redeems wait, a sync is tried this often (besides the `online` event and the app's start). */
export const SYNC_EVERY_MS = 30_000;

/** Tells the till's other tabs that the queue changed (they read it again). */
const CHANNEL = 'avpass-till-queue';

const lock = webLock();

function broadcast(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage('changed');
    channel.close();
  } catch {
    // no BroadcastChannel: the other tabs catch up on their next sync
  }
}

export interface OfflineQueue {
  /** The signed-in staff member's redeems waiting to be sent, oldest first. */
  pending: PendingRedeem[];
  /** What came of the sent ones (accepted or refused with the reason), newest first. */
  results: RedeemResult[];
  /** Keeps a redeem until it can be sent. */
  enqueue: (input: EnqueueInput) => Promise<PendingRedeem>;
  /**
   * Keeps a redeem that was sent but got no answer (the connection dropped), with the key it was
   * sent with: the queue asks again about the same redemption instead of making a second one.
   */
  enqueueUnconfirmed: (input: TillRedeemInput, title?: string) => Promise<PendingRedeem>;
  /** Sends what waits now (no-op while another sync runs, in this tab or another). */
  syncNow: () => Promise<void>;
  /** IndexedDB could not be read (private mode, storage refused): the queue cannot keep anything. */
  storageError: boolean;
}

/**
 * The till's offline queue (IndexedDB): what waits, what came of it, and the syncs: at start, on the
 * browser's `online` event, every SYNC_EVERY_MS while something waits, and on demand. A reload or a
 * closed tab loses nothing; each item is sent with its own Idempotency-Key, so it counts once.
 */
export function useOfflineQueue(): OfflineQueue {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingRedeem[]>([]);
  const [results, setResults] = useState<RedeemResult[]>([]);
  const [storageError, setStorageError] = useState(false);

  const refresh = useCallback(async () => {
    if (!userId) return;
    try {
      const [waiting, settled] = await Promise.all([idbQueueStore.pending(), idbQueueStore.results()]);
      setPending(waiting.filter((item) => item.userId === userId));
      setResults(settled.filter((item) => item.userId === userId));
      setStorageError(false);
    } catch {
      setStorageError(true);
    }
  }, [userId]);

  const syncNow = useCallback(async () => {
    if (!userId) return;
    try {
      const report = await syncQueue({ store: idbQueueStore, send: tillRedeem, lock, userId });
      if (report.accepted + report.refused > 0) {
        broadcast();
        void queryClient.invalidateQueries({ queryKey: [TILL_URLS.recent] });
        void invalidateVoucherData(queryClient);
      }
    } catch {
      // storage refused: shown by refresh
    }
    await refresh();
  }, [queryClient, refresh, userId]);

  const enqueue = useCallback(
    async (input: EnqueueInput) => {
      if (!userId) throw new Error('Sign in to keep a redemption offline');
      const item = pendingRedeem(input, userId);
      await idbQueueStore.add(item);
      broadcast();
      await refresh();
      return item;
    },
    [refresh, userId],
  );

  const enqueueUnconfirmed = useCallback(
    async (input: TillRedeemInput, title?: string) => {
      // useTillRedeem keeps the key of an unanswered redeem per intent: the queue takes it over.
      return takeOverRedeemKey(input, (idempotencyKey) =>
        enqueue({ ...input, idempotencyKey, ...(title !== undefined ? { title } : {}) }),
      );
    },
    [enqueue],
  );

  // Start: read the queue and send what waits; again whenever the browser says it is back online.
  useEffect(() => {
    const start = window.setTimeout(() => void syncNow(), 0);
    const onOnline = () => void syncNow();
    window.addEventListener('online', onOnline);
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = () => void refresh();
    } catch {
      channel = null;
    }
    return () => {
      window.clearTimeout(start);
      window.removeEventListener('online', onOnline);
      channel?.close();
    };
  }, [refresh, syncNow]);

  // While something waits: try again every SYNC_EVERY_MS (a connection back without an `online` event).
  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void syncNow(), SYNC_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, syncNow]);

  return useMemo(
    () => ({ pending, results, enqueue, enqueueUnconfirmed, syncNow, storageError }),
    [pending, results, enqueue, enqueueUnconfirmed, syncNow, storageError],
  );
}
