import type { Actor } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config';
import { SessionCache } from './session-cache';

const cacheOf = (ms = 15_000) => new SessionCache({ SESSION_CACHE_MS: ms } as GatewayConfig);
const staff: Actor = { userId: 'u1', role: 'company_admin', companyId: 'C1', sessionId: 's1' };
const other: Actor = { userId: 'u2', role: 'company_admin', companyId: 'c2', sessionId: 's2' };
const none = { userIds: [], sessionIds: [], companyIds: [] };

describe('the kept session answers (decision 350)', () => {
  it('keep an answer SESSION_CACHE_MS, never past the session’s end, and not at all when off', () => {
    const cache = cacheOf();
    cache.set('a', staff, cache.current, Infinity, 1_000);
    expect(cache.get('a', 15_999)).toBe(staff);
    expect(cache.get('a', 16_000)).toBeUndefined();
    cache.set('b', staff, cache.current, 5_000, 1_000);
    expect(cache.get('b', 4_999)).toBe(staff);
    expect(cache.get('b', 5_000)).toBeUndefined();
    cache.set('c', staff, cache.current, 900, 1_000); // ended already
    expect(cache.get('c', 1_000)).toBeUndefined();
    const off = cacheOf(0);
    off.set('a', staff, off.current, Infinity, 1_000);
    expect(off.get('a', 1_000)).toBeUndefined();
  });

  it('forget what a revocation names (its session, its user, its partner in any case) and only that', () => {
    for (const revocation of [
      { ...none, sessionIds: ['s1'] },
      { ...none, userIds: ['u1'] },
      { ...none, companyIds: ['c1'] },
    ]) {
      const cache = cacheOf();
      cache.set('a', staff, cache.current, Infinity, 0);
      cache.set('b', other, cache.current, Infinity, 0);
      cache.revoke(revocation);
      expect(cache.get('a', 1)).toBeUndefined();
      expect(cache.get('b', 1)).toBe(other);
    }
  });

  it('do not keep an answer asked for before a revocation or a clear', () => {
    const cache = cacheOf();
    const asked = cache.current;
    cache.revoke({ ...none, userIds: ['someone-else'] });
    cache.set('a', staff, asked, Infinity, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    const again = cache.current;
    cache.clear();
    cache.set('a', staff, again, Infinity, 0);
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
