import type { TillRedeemRequest, TillRedeemResponse } from '@avpass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { memoryQueueStore } from './queue-store';
import { RESULTS_KEPT, type QueueStore } from './queue-types';
import {
  isDefinitiveRefusal,
  isNetworkFailure,
  pendingRedeem,
  syncQueue,
  webLock,
  type SendRedeem,
  type SyncLock,
} from './sync';

// The page's window (this project runs in node): set before the modules below read it on import.
vi.hoisted(() => {
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      location: { origin: 'http://localhost' },
    },
  });
});

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function response(code: string): TillRedeemResponse {
  return {
    redemption: {
      id: code,
      reference: code.slice(0, 8).toUpperCase(),
      redeemedAt: '2026-12-04T10:00:00.000Z',
    },
    voucher: { qrType: 'regular', clinicName: `Shop ${code}`, service: 'Massage', customTitle: null },
  } as unknown as TillRedeemResponse;
}

const apiError = (status: number, message: string) =>
  new ApiError(status, JSON.stringify({ message }), message, {}, null);

/** A server stand-in: records every call; `answer` decides per code. */
function server(answer: (body: TillRedeemRequest) => TillRedeemResponse | Error = (b) => response(b.code)) {
  const calls: Array<{ body: TillRedeemRequest; key: string }> = [];
  const send: SendRedeem = async (body, key) => {
    calls.push({ body, key });
    await new Promise((resolve) => setTimeout(resolve, 1));
    const result = answer(body);
    if (result instanceof Error) throw result;
    return result;
  };
  return { calls, send };
}

async function queue(store: QueueStore, codes: string[], userId = USER) {
  let minute = 0;
  for (const code of codes) {
    minute += 1;
    await store.add(
      pendingRedeem({ code, transactionAmount: 1000 }, userId, new Date(Date.UTC(2026, 11, 4, 9, minute))),
    );
  }
}

/** A LockManager shared by "tabs": ifAvailable requests get null while the lock is held. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  return {
    request: async (name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
      if (held.has(name))
        return options.ifAvailable ? callback(null) : Promise.reject(new Error('unexpected'));
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' } as Lock);
      } finally {
        held.delete(name);
      }
    },
    query: async () => ({}),
  } as unknown as LockManager;
}

describe('offline till queue: syncQueue', () => {
  it('sends each waiting redeem once, oldest first, with its own key, sale and scan time', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111', 'BBBB2222', 'CCCC3333']);
    const waiting = await store.pending();
    const { calls, send } = server();

    const report = await syncQueue({ store, send, lock: webLock(fakeLocks()), userId: USER });

    expect(report).toEqual({ ran: true, accepted: 3, refused: 0, waiting: 0 });
    expect(calls.map((c) => c.body.code)).toEqual(['AAAA1111', 'BBBB2222', 'CCCC3333']);
    expect(calls.map((c) => c.key)).toEqual(waiting.map((item) => item.idempotencyKey));
    expect(new Set(calls.map((c) => c.key)).size).toBe(3);
    expect(calls[0]?.body).toEqual({
      code: 'AAAA1111',
      transactionAmount: 1000,
      scannedAt: waiting[0]?.scannedAt,
    });
    const results = await store.results();
    expect(results.map((r) => [r.code, r.outcome, r.reference])).toEqual([
      ['CCCC3333', 'accepted', 'CCCC3333'],
      ['BBBB2222', 'accepted', 'BBBB2222'],
      ['AAAA1111', 'accepted', 'AAAA1111'],
    ]);
    expect(results[0]?.title).toContain('Shop CCCC3333');

    // Nothing left: a second sync sends nothing.
    await syncQueue({ store, send, lock: webLock(fakeLocks()), userId: USER });
    expect(calls).toHaveLength(3);
  });

  it('keeps a redeem that got no answer, stops there, and sends it again later with the same key', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111', 'BBBB2222']);
    let online = false;
    const { calls, send } = server((body) =>
      online ? response(body.code) : new TypeError('Failed to fetch'),
    );
    const lock = webLock(fakeLocks());

    const offline = await syncQueue({ store, send, lock, userId: USER });
    expect(offline).toEqual({ ran: true, accepted: 0, refused: 0, waiting: 2 });
    expect(calls).toHaveLength(1); // stopped at the first: the connection is down
    expect(await store.results()).toEqual([]);

    online = true;
    const back = await syncQueue({ store, send, lock, userId: USER });
    expect(back).toEqual({ ran: true, accepted: 2, refused: 0, waiting: 0 });
    expect(calls[1]?.key).toBe(calls[0]?.key);
  });

  it('a refusal (4xx) settles it with the reason; 401, 408, 429 and 5xx keep it waiting', async () => {
    const store = memoryQueueStore();
    await queue(store, ['USEDUP00']);
    const refused = server(() => apiError(400, 'This voucher has been used up'));
    await syncQueue({ store, send: refused.send, lock: webLock(), userId: USER });
    const [result] = await store.results();
    expect(result).toMatchObject({
      code: 'USEDUP00',
      outcome: 'refused',
      reason: 'This voucher has been used up',
      status: 400,
    });
    expect(await store.pending()).toEqual([]);

    for (const status of [401, 408, 429, 500, 503]) {
      const kept = memoryQueueStore();
      await queue(kept, ['AAAA1111']);
      const failing = server(() => apiError(status, 'later'));
      const report = await syncQueue({ store: kept, send: failing.send, lock: webLock(), userId: USER });
      expect({ status, report }).toEqual({
        status,
        report: { ran: true, accepted: 0, refused: 0, waiting: 1 },
      });
    }
    for (const status of [400, 403, 404, 409, 422])
      expect(isDefinitiveRefusal(apiError(status, 'no'))).toBe(true);
  });

  it('never runs two syncs at once: in one tab, and across tabs sharing the Web Lock', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111', 'BBBB2222', 'CCCC3333']);
    const { calls, send } = server();
    const locks = fakeLocks();
    const tabA = webLock(locks);
    const tabB = webLock(locks);

    const reports = await Promise.all([
      syncQueue({ store, send, lock: tabA, userId: USER }),
      syncQueue({ store, send, lock: tabA, userId: USER }),
      syncQueue({ store, send, lock: tabB, userId: USER }),
    ]);

    expect(reports.map((r) => r.ran)).toEqual([true, false, false]);
    expect(calls.map((c) => c.body.code)).toEqual(['AAAA1111', 'BBBB2222', 'CCCC3333']);
    expect((await store.results()).filter((r) => r.outcome === 'accepted')).toHaveLength(3);
  });

  it('without Web Locks a tab still runs one sync at a time', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111']);
    const { calls, send } = server();
    const lock: SyncLock = webLock(undefined);
    const reports = await Promise.all([
      syncQueue({ store, send, lock, userId: USER }),
      syncQueue({ store, send, lock, userId: USER }),
    ]);
    expect(reports.map((r) => r.ran)).toEqual([true, false]);
    expect(calls).toHaveLength(1);
  });

  it("sends only the signed-in staff member's redeems", async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111'], USER);
    await queue(store, ['BBBB2222'], OTHER);
    const { calls, send } = server();
    const report = await syncQueue({ store, send, lock: webLock(), userId: USER });
    expect(report).toEqual({ ran: true, accepted: 1, refused: 0, waiting: 0 });
    expect(calls.map((c) => c.body.code)).toEqual(['AAAA1111']);
    expect((await store.pending()).map((item) => [item.code, item.userId])).toEqual([['BBBB2222', OTHER]]);
  });

  it('an item settled elsewhere meanwhile is not sent again', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111', 'BBBB2222']);
    const [, second] = await store.pending();
    const { calls, send } = server((body) => {
      // While the first is on its way, another tab settles the second.
      if (body.code === 'AAAA1111' && second) {
        void store.settle({ ...second, outcome: 'accepted', settledAt: new Date().toISOString() });
      }
      return response(body.code);
    });
    await syncQueue({ store, send, lock: webLock(), userId: USER });
    expect(calls.map((c) => c.body.code)).toEqual(['AAAA1111']);
  });
});

describe('offline till queue: store and helpers', () => {
  it(`keeps the newest ${RESULTS_KEPT} results`, async () => {
    const store = memoryQueueStore();
    const codes = Array.from({ length: RESULTS_KEPT + 5 }, (_, i) => `CODE${String(i).padStart(4, '0')}`);
    await queue(store, codes);
    let tick = 0;
    const now = () => new Date(Date.UTC(2026, 11, 5, 0, 0, tick++));
    await syncQueue({ store, send: server().send, lock: webLock(), userId: USER, now });
    const results = await store.results();
    expect(results).toHaveLength(RESULTS_KEPT);
    expect(results[0]?.code).toBe(codes.at(-1));
    expect(results.at(-1)?.code).toBe(codes[5]);
  });

  it('settle moves an item once', async () => {
    const store = memoryQueueStore();
    await queue(store, ['AAAA1111']);
    const [item] = await store.pending();
    if (!item) throw new Error('queued item missing');
    const result = { ...item, outcome: 'accepted' as const, settledAt: new Date().toISOString() };
    expect(await store.settle(result)).toBe(true);
    expect(await store.settle(result)).toBe(false);
    expect(await store.results()).toHaveLength(1);
  });

  it('a queued scan keeps the key it was sent with, or gets a new one, and the scan time', () => {
    const now = new Date('2026-12-04T09:30:00.000Z');
    const kept = pendingRedeem(
      { code: 'X', idempotencyKey: 'key-1', scannedAt: '2026-12-04T09:29:00.000Z' },
      USER,
      now,
    );
    expect(kept).toEqual({
      idempotencyKey: 'key-1',
      code: 'X',
      scannedAt: '2026-12-04T09:29:00.000Z',
      savedAt: '2026-12-04T09:30:00.000Z',
      userId: USER,
    });
    const fresh = pendingRedeem({ code: 'X' }, USER, now);
    expect(fresh.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.scannedAt).toBe(now.toISOString());
    expect(pendingRedeem({ code: 'X' }, USER, now).idempotencyKey).not.toBe(fresh.idempotencyKey);
  });

  it('tells a network failure from an answer', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(apiError(503, 'down'))).toBe(false);
    expect(isNetworkFailure(apiError(400, 'no'))).toBe(false);
  });
});
