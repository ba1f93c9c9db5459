import { describe, expect, it } from 'vitest';
import { InFlightCounter, LocalWindowCounter } from './window-rate-limiter';

describe('while Redis is down, rate limits are counted in the process', () => {
  it('counts per key within the window and starts over when it ends', () => {
    let now = 0;
    const counter = new LocalWindowCounter(() => now);
    expect(counter.hit('ip:code', 60).count).toBe(1);
    expect(counter.hit('ip:code', 60).count).toBe(2);
    expect(counter.hit('ip:other', 60).count).toBe(1);
    now = 30_000;
    expect(counter.hit('ip:code', 60)).toEqual({ count: 3, ttl: 30 });
    now = 60_000;
    expect(counter.hit('ip:code', 60).count).toBe(1);
  });
});

describe('calls in flight per key', () => {
  it('admits up to the most under every key, and none when one key is full', () => {
    const counter = new InFlightCounter();
    const staff = ['staff:a', 2] as const;
    const partner = ['partner:p', 3] as const;
    expect(counter.enter([staff, partner])).toBe(true);
    expect(counter.enter([staff, partner])).toBe(true);
    // The staff member is full: refused, and the partner's count is not taken.
    expect(counter.enter([staff, partner])).toBe(false);
    expect(counter.of('partner:p')).toBe(2);
    // Another staff member of the same partner gets the partner's last place.
    expect(counter.enter([['staff:b', 2], partner])).toBe(true);
    expect(counter.enter([['staff:c', 2], partner])).toBe(false);
  });

  it('gives a place back on leave, and forgets a key with none in flight', () => {
    const counter = new InFlightCounter();
    expect(counter.enter([['k', 1]])).toBe(true);
    expect(counter.enter([['k', 1]])).toBe(false);
    counter.leave(['k']);
    expect(counter.of('k')).toBe(0);
    expect(counter.enter([['k', 1]])).toBe(true);
  });
});
