import type { TillCodesRequest, TillCodesResponse, TillCopyCode } from '@avpass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorFrom } from '@/lib/api-client';
import { memoryCopyStore } from './copy-store';
import { refreshCopy } from './copy-sync';

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

const PARTNER = '11111111-1111-4111-8111-111111111111';
const idOf = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
const row = (n: number, extra: Partial<TillCopyCode> = {}): TillCopyCode => ({
  id: idOf(n),
  prefix: idOf(n).slice(0, 8),
  title: `Code ${n}`,
  discountType: 'fixed',
  discountValue: 5,
  usesLeft: 1,
  startDate: null,
  expirationDate: null,
  active: true,
  ...extra,
});
const page = (items: TillCopyCode[], extra: Partial<TillCodesResponse> = {}): TillCodesResponse => ({
  items,
  removed: [],
  nextCursor: null,
  since: '100',
  timeZone: 'UTC',
  ...extra,
});

describe("the till's copy, refreshed", () => {
  it('the whole copy page by page, then only what changed: rows updated, removals dropped', async () => {
    const store = memoryCopyStore();
    const asked: TillCodesRequest[] = [];
    const pages = [
      page([row(1), row(2)], { nextCursor: 'p2', since: '100' }),
      page([row(3)], { since: '105' }),
    ];
    const fetchPage = async (query: TillCodesRequest) => (asked.push(query), pages.shift()!);
    const meta = await refreshCopy({
      store,
      fetchPage,
      partnerId: PARTNER,
      now: () => new Date('2026-12-10T10:42:00Z'),
    });
    expect(asked).toEqual([{ limit: 1000 }, { cursor: 'p2', limit: 1000 }]);
    // The first page's since: a change during the run comes again in the next delta.
    expect(meta).toEqual({
      partnerId: PARTNER,
      since: '100',
      timeZone: 'UTC',
      syncedAt: '2026-12-10T10:42:00.000Z',
      count: 3,
    });

    pages.push(page([row(2, { usesLeft: 0 }), row(4)], { removed: [idOf(1)], since: '120' }));
    const next = await refreshCopy({ store, fetchPage, partnerId: PARTNER });
    expect(asked.at(-1)).toEqual({ since: '100', limit: 1000 });
    expect(next).toMatchObject({ since: '120', count: 3 });
    expect(await store.byId(idOf(1))).toBeUndefined();
    expect((await store.byId(idOf(2)))?.usesLeft).toBe(0);
    expect(await store.byPrefix(idOf(4).slice(0, 8), 11)).toEqual([row(4)]);
  });

  it('another partner signs in: the copy starts again; a refused delta reads the whole copy', async () => {
    const store = memoryCopyStore();
    await refreshCopy({ store, fetchPage: async () => page([row(1), row(2)]), partnerId: PARTNER });
    const other = '22222222-2222-4222-8222-222222222222';
    await refreshCopy({ store, fetchPage: async () => page([row(7)]), partnerId: other });
    expect(await store.count()).toBe(1);

    const fetchPage = vi.fn(async (query: TillCodesRequest) => {
      if (query.since)
        throw apiErrorFrom(400, JSON.stringify({ message: 'since must be the since of an earlier answer' }));
      return page([row(8)]);
    });
    const meta = await refreshCopy({ store, fetchPage, partnerId: other });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // The whole copy again: what it no longer lists is gone.
    expect(meta.count).toBe(1);
    expect(await store.byId(idOf(7))).toBeUndefined();
  });

  it('a run cut short (offline midway) keeps the copy it had', async () => {
    const store = memoryCopyStore();
    await refreshCopy({ store, fetchPage: async () => page([row(1)]), partnerId: PARTNER });
    const fetchPage = async (query: TillCodesRequest) => {
      if (query.cursor) throw new TypeError('Failed to fetch');
      return page([row(2)], { nextCursor: 'p2' });
    };
    await expect(refreshCopy({ store, fetchPage, partnerId: PARTNER })).rejects.toThrow('Failed to fetch');
    expect(await store.byId(idOf(1))).toBeDefined();
    expect((await store.meta())?.since).toBe('100');
  });
});
