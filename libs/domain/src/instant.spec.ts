import { describe, expect, it } from 'vitest';
import { isIsoInstant, toInstant } from './instant';

describe('toInstant', () => {
  it('reads ISO instants with an explicit offset', () => {
    expect(toInstant('2026-03-08T10:00:00Z').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(toInstant('2026-03-08T10:00:00.123Z').toISOString()).toBe('2026-03-08T10:00:00.123Z');
    expect(toInstant('2026-03-08T02:00-08:00').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(toInstant('2026-03-08T15:30:00+0530').toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it('passes valid Dates through', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    expect(toInstant(date)).toBe(date);
  });

  it('refuses text whose meaning would depend on the host time zone, or impossible times', () => {
    expect(isIsoInstant('2026-03-08T10:00:00')).toBe(false);
    expect(isIsoInstant('2026-03-08')).toBe(false);
    expect(isIsoInstant('2026-02-30T10:00:00Z')).toBe(false);
    expect(isIsoInstant('2026-03-08T24:00:00Z')).toBe(false);
    expect(() => toInstant('March 8, 2026')).toThrow(/with a time zone offset/);
    expect(() => toInstant(new Date(Number.NaN))).toThrow('Invalid Date');
  });
});
