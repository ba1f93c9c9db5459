import { describe, expect, it } from 'vitest';
import { addDays, isDateOnly, parseDateOnly, requireDateOnly } from './date-only';

describe('date-only values', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDateOnly('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 });
    expect(isDateOnly('2028-02-29')).toBe(true);
    expect(isDateOnly('2026-02-29')).toBe(false);
    expect(isDateOnly('2026-02-30')).toBe(false);
    expect(isDateOnly('2026-13-01')).toBe(false);
    expect(isDateOnly('2026-3-8')).toBe(false);
    expect(isDateOnly('2026-03-08T00:00:00Z')).toBe(false);
    expect(isDateOnly(20260308)).toBe(false);
  });

  it('explains a bad date', () => {
    expect(() => requireDateOnly('03/08/2026')).toThrow(`Not a valid 'YYYY-MM-DD' date: "03/08/2026"`);
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
  });

  it('is not thrown off by the DST change day', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
  });

  it('rejects fractional days and bad dates', () => {
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
