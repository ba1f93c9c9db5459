import type { TillRedeemRequest, TillRedeemResponse } from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import type { PendingRedeem, QueueStore, RedeemResult } from './queue-types';

/** Sends one queued redeem with its Idempotency-Key (the till's redeem call). */
export type SendRedeem = (body: TillRedeemRequest, idempotencyKey: string) => Promise<TillRedeemResponse>;

/**
 * Runs `task` while no other sync runs, in this tab or another: a Web Lock where the browser has one
 * (secure contexts), else this tab's flag only. Resolves to undefined, without running it, when a sync
 * is already running. Two tabs sending the same item at once would still make one redemption (the
 * Idempotency-Key); the lock saves the second request.
 */
export type SyncLock = <T>(task: () => Promise<T>) => Promise<T | undefined>;

const LOCK_NAME = 'avpass-till-offline-sync';

export function webLock(
  locks: LockManager | undefined = globalThis.navigator?.locks,
  name: string = LOCK_NAME,
): SyncLock {
  let running = false; // this tab's own guard (and the only one without Web Locks)
  return async <T>(task: () => Promise<T>) => {
    if (running) return undefined;
    running = true;
    try {
      if (!locks) return await task();
      return await locks.request(name, { ifAvailable: true }, (lock) =>
        lock ? task() : Promise.resolve(undefined),
      );
    } finally {
      running = false;
    }
  };
}

/**
 * Whether an answer settles a queued redeem: a success, or a refusal (4xx) that sending again would
 * not change. Not definitive: no answer at all (offline, a dropped connection), a 5xx, 408 (timeout),
 * 429 (rate limit: later) and 401 (the session ended: it waits for the staff to sign in again).
 */
export function isDefinitiveRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** Whether a call failed for want of a network (no HTTP answer), as opposed to an answer saying no. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof TypeError) return true; // fetch: "Failed to fetch", "NetworkError when…"
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export interface EnqueueInput {
  code: string;
  transactionAmount?: number;
  /** Default: a new key. A redeem whose answer was lost keeps the key it was sent with. */
  idempotencyKey?: string;
  /** Default: now. */
  scannedAt?: string;
  /** The voucher's title when the till knows it (checked online, or in its offline copy). */
  title?: string;
  /** Picked from a scanned member pass: the member and the code's time step (issue 43). */
  memberId?: string;
  passStep?: number;
}

/** The queue item for a scan (a new key unless the redeem was already sent with one). */
export function pendingRedeem(input: EnqueueInput, userId: string, now = new Date()): PendingRedeem {
  return {
    idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
    code: input.code,
    ...(input.transactionAmount !== undefined ? { transactionAmount: input.transactionAmount } : {}),
    scannedAt: input.scannedAt ?? now.toISOString(),
    savedAt: now.toISOString(),
    userId,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.memberId !== undefined ? { memberId: input.memberId } : {}),
    ...(input.passStep !== undefined ? { passStep: input.passStep } : {}),
  };
}

/** The request a queued redeem sends: the code, the sale and when it was scanned. */
export function requestOf(item: PendingRedeem): TillRedeemRequest {
  return {
    code: item.code,
    ...(item.transactionAmount !== undefined ? { transactionAmount: item.transactionAmount } : {}),
    scannedAt: item.scannedAt,
  };
}

export interface SyncReport {
  /** False when another sync was running (nothing was sent). */
  ran: boolean;
  accepted: number;
  refused: number;
  /** Still waiting (for this user) after the run. */
  waiting: number;
}

/**
 * Sends the signed-in user's waiting redeems, oldest first, each with its own key. A success or a
 * refusal moves it to the results; the first one without a definitive answer stops the run (the
 * connection is down again, or the server is unwell) and it stays queued for the next run.
 */
export async function syncQueue(options: {
  store: QueueStore;
  send: SendRedeem;
  lock: SyncLock;
  userId: string;
  now?: () => Date;
}): Promise<SyncReport> {
  const { store, send, lock, userId } = options;
  const now = options.now ?? (() => new Date());
  const report = await lock(async () => {
    const counts = { accepted: 0, refused: 0 };
    const mine = (await store.pending()).filter((item) => item.userId === userId);
    for (const queued of mine) {
      // Another tab (without Web Locks) may have settled it meanwhile.
      const item = await store.get(queued.idempotencyKey);
      if (!item) continue;
      let result: RedeemResult;
      try {
        const response = await send(requestOf(item), item.idempotencyKey);
        result = {
          ...item,
          outcome: 'accepted',
          settledAt: now().toISOString(),
          reference: response.redemption.reference,
          redeemedAt: response.redemption.redeemedAt,
          title: voucherText(response.voucher).title,
        };
      } catch (error) {
        if (!isDefinitiveRefusal(error)) break;
        result = {
          ...item,
          outcome: 'refused',
          settledAt: now().toISOString(),
          reason: error.serverMessage ?? `Refused (${error.status})`,
          // The reason's stable code (decision 356), so the till says it in the reader's language.
          ...(error.code ? { reasonCode: error.code, reasonParams: error.params } : {}),
          status: error.status,
        };
      }
      if (await store.settle(result)) counts[result.outcome] += 1;
    }
    return counts;
  });
  const waiting = (await store.pending()).filter((item) => item.userId === userId).length;
  return report ? { ran: true, ...report, waiting } : { ran: false, accepted: 0, refused: 0, waiting };
}
