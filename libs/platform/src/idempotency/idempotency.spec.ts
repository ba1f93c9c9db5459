import { describe, expect, it } from 'vitest';
import type { Transactions } from '../database/transactions';
import { fingerprintOf, IDEMPOTENCY_KEY_REUSED } from './idempotent-call';
import { Idempotency } from './idempotency';
import type { IdempotencyKeysRepository } from './idempotency-keys.repository';

describe('fingerprintOf (the request an Idempotency-Key was first used with)', () => {
  it('does not depend on the order of keys, at any depth, nor on undefined fields', () => {
    expect(fingerprintOf({ a: 1, b: { c: [1, 2], d: 'x' }, e: undefined })).toBe(
      fingerprintOf({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    );
  });

  it('differs when a value, a null, or the order of a list differs', () => {
    const base = fingerprintOf({ quantity: 1, notes: null, sizes: ['S', 'M'] });
    expect(fingerprintOf({ quantity: 2, notes: null, sizes: ['S', 'M'] })).not.toBe(base);
    expect(fingerprintOf({ quantity: 1, sizes: ['S', 'M'] })).not.toBe(base);
    expect(fingerprintOf({ quantity: 1, notes: null, sizes: ['M', 'S'] })).not.toBe(base);
    expect(fingerprintOf({ quantity: '1', notes: null, sizes: ['S', 'M'] })).not.toBe(base);
  });
});

describe('Idempotency.onceInStatement (the key claimed by the effect’s own statement)', () => {
  const call = (key?: string, amount = 1) => ({
    actor: { userId: 'u1' },
    operation: 'op',
    request: { amount, ...(key ? { idempotencyKey: key } : {}) },
  });
  /** A stand-in for idempotency_keys: what `find` answers, and what was forgotten. */
  function keys(stored: { fingerprint: string; response: string } | null = null) {
    const forgotten: string[] = [];
    const repo = {
      find: async () => stored,
      purgeExpired: async () => 0,
      forgetExpired: async (scope: { key: string }) => {
        forgotten.push(scope.key);
        return true;
      },
      statementClaim: () => ({ unclaimed: 'true', unclaimedParams: [], insert: () => '', insertParams: [] }),
    };
    return { repo, forgotten };
  }
  const make = (repo: unknown) => new Idempotency({} as Transactions, repo as IdempotencyKeysRepository);
  const taken = Object.assign(new Error('duplicate key'), { constraint: 'idempotency_keys_pkey' });

  it('without a key the statement runs as it is, with no claim', async () => {
    const seen: unknown[] = [];
    const answer = await make(keys().repo).onceInStatement(
      call(),
      { id: 'r1' },
      async (claim) => {
        seen.push(claim);
        return 'counted';
      },
      async () => 'replayed',
    );
    expect(answer).toBe('counted');
    expect(seen).toEqual([null]);
  });

  it('a statement that changed nothing answers the key’s first outcome, or null (a refusal) when it has none', async () => {
    const first = { fingerprint: fingerprintOf({ amount: 1 }), response: JSON.stringify({ id: 'r0' }) };
    const replayed = await make(keys(first).repo).onceInStatement(
      call('k'),
      { id: 'r1' },
      async () => null,
      async (ref) => `replayed ${ref.id}`,
    );
    expect(replayed).toBe('replayed r0');
    const refused = await make(keys().repo).onceInStatement(
      call('k'),
      { id: 'r1' },
      async () => null,
      async () => 'x',
    );
    expect(refused).toBeNull();
  });

  it('the same key with another request is the 409 that says so', async () => {
    const first = { fingerprint: fingerprintOf({ amount: 1 }), response: JSON.stringify({ id: 'r0' }) };
    await expect(
      make(keys(first).repo).onceInStatement(
        call('k', 2),
        { id: 'r1' },
        async () => null,
        async () => 'x',
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_REUSED });
  });

  it('a key held only by an expired outcome is forgotten and the statement runs again', async () => {
    const { repo, forgotten } = keys();
    let runs = 0;
    const answer = await make(repo).onceInStatement(
      call('k'),
      { id: 'r1' },
      async () => {
        if (++runs === 1) throw taken;
        return 'counted';
      },
      async () => 'replayed',
    );
    expect(answer).toBe('counted');
    expect(forgotten).toEqual(['k']);
  });
});
