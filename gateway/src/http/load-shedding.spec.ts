import { describe, expect, it } from 'vitest';
import { spreadRetryAfter } from './load-shedding';

describe('a refused poll’s Retry-After', () => {
  it('is the configured seconds to half as much again, whole seconds', () => {
    expect(spreadRetryAfter(30, () => 0)).toBe(30);
    expect(spreadRetryAfter(30, () => 0.5)).toBe(38);
    expect(spreadRetryAfter(30, () => 0.999)).toBe(45);
    expect(spreadRetryAfter(7, () => 0.999)).toBe(10);
    expect(spreadRetryAfter(1, () => 0.999)).toBe(1);
  });

  it('spreads the screens refused together over the window', () => {
    const seen = new Set(Array.from({ length: 400 }, () => spreadRetryAfter(30)));
    expect(Math.min(...seen)).toBe(30);
    expect(Math.max(...seen)).toBe(45);
    expect(seen.size).toBeGreaterThan(10);
  });
});
