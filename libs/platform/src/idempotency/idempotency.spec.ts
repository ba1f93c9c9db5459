import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './idempotency';

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
