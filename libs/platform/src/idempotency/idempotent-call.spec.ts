import { describe, expect, it } from 'vitest';
import { assertSameRequest, effectIdOf, IDEMPOTENCY_KEY_REUSED, keyedCall } from './idempotent-call';

describe('an idempotent call: caller + operation + key + the request’s fingerprint', () => {
  const call = (userId: string, request: Record<string, unknown>, unfingerprinted?: string[]) => ({
    actor: { userId },
    operation: 'op',
    request,
    ...(unfingerprinted ? { unfingerprinted } : {}),
  });

  it('has no key without one, and fingerprints the request without its key or unfingerprinted fields', () => {
    expect(keyedCall(call('u1', { amount: 1 }))).toBeNull();
    const keyed = keyedCall(call('u1', { amount: 1, idempotencyKey: 'k', origin: 'a' }, ['origin']))!;
    expect(keyed.scope).toEqual({ actorId: 'u1', operation: 'op', key: 'k' });
    expect(keyed.fingerprint).toBe(
      keyedCall(call('u2', { idempotencyKey: 'other', amount: 1 }))!.fingerprint,
    );
  });

  it('the same key with another request is the one 409; with the same request it passes', () => {
    const first = keyedCall(call('u1', { amount: 1, idempotencyKey: 'k' }))!;
    const other = keyedCall(call('u1', { amount: 2, idempotencyKey: 'k' }))!;
    expect(() => assertSameRequest(first, first.fingerprint)).not.toThrow();
    expect(() => assertSameRequest(other, first.fingerprint)).toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_REUSED }),
    );
  });

  it('names the effect of a key by a version 8 UUID that is the caller’s and the operation’s own', () => {
    const scope = { actorId: 'u1', operation: 'op', key: 'k' };
    const id = effectIdOf(scope);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(effectIdOf({ ...scope })).toBe(id);
    expect(effectIdOf({ ...scope, actorId: 'u2' })).not.toBe(id);
    expect(effectIdOf({ ...scope, operation: 'op2' })).not.toBe(id);
    expect(effectIdOf({ ...scope, key: 'k2' })).not.toBe(id);
    expect(effectIdOf(scope, 'another namespace')).not.toBe(id);
  });
});
