import { describe, expect, it } from 'vitest';
import { LocalWindowCounter } from './redeem-rate-limiter';

describe('while Redis is down, redeem attempts are counted in the process', () => {
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
