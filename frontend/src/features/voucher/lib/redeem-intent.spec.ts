import { describe, expect, it } from 'vitest';
import { isUnconfirmedRedeem } from './redeem-intent';

// The shape of the page's ApiError (its status is all that decides).
const answered = (status: number) => Object.assign(new Error(`${status}`), { name: 'ApiError', status });

describe('a redeem press that got no definitive answer', () => {
  it('is unconfirmed after a 503, a gateway timeout or a lost connection, so the key is kept', () => {
    expect(isUnconfirmedRedeem(answered(503))).toBe(true);
    expect(isUnconfirmedRedeem(answered(504))).toBe(true);
    expect(isUnconfirmedRedeem(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is definitive after a refusal such as used up, expired or rate limited', () => {
    expect(isUnconfirmedRedeem(answered(409))).toBe(false);
    expect(isUnconfirmedRedeem(answered(410))).toBe(false);
    expect(isUnconfirmedRedeem(answered(429))).toBe(false);
    expect(isUnconfirmedRedeem(answered(404))).toBe(false);
  });
});
