import { describe, expect, it } from 'vitest';
import { discountApplied, isMinuteInWindow, isWithinDailyWindow, minutesOfDay } from './till-discount';

describe('discount at the till', () => {
  const pct = (value: number, extra: object = {}) => ({
    discountType: 'percentage' as const,
    discountValue: value,
    ...extra,
  });

  it('takes a percentage of the sale, rounding half a cent up', () => {
    expect(discountApplied(pct(10), 5000)).toBe(500);
    expect(discountApplied(pct(10), 5)).toBe(1); // 0.5 cent rounds up
    expect(discountApplied(pct(10), 4)).toBe(0); // 0.4 cent rounds down
    expect(discountApplied(pct(15), 333)).toBe(50); // 49.95
    expect(discountApplied(pct(100), 1234)).toBe(1234);
    expect(discountApplied(pct(0), 1234)).toBe(0);
  });

  it('gives nothing on a zero sale', () => {
    expect(discountApplied(pct(10), 0)).toBe(0);
    expect(discountApplied({ discountType: 'fixed', discountValue: 5 }, 0)).toBe(0);
    expect(discountApplied({ discountType: 'bogo', discountValue: 0 }, 0)).toBe(0);
  });

  it('gives a fixed amount in dollars, never more than the sale', () => {
    expect(discountApplied({ discountType: 'fixed', discountValue: 5 }, 2000)).toBe(500);
    expect(discountApplied({ discountType: 'fixed', discountValue: 5 }, 500)).toBe(500);
    expect(discountApplied({ discountType: 'fixed', discountValue: 5 }, 499)).toBe(499);
  });

  it('records BOGO and free service as the amount given', () => {
    expect(discountApplied({ discountType: 'bogo', discountValue: 0 }, 1800)).toBe(1800);
    expect(discountApplied({ discountType: 'free-service', discountValue: 0 }, 6000)).toBe(6000);
    expect(discountApplied({ discountType: 'free-service', discountValue: 0, maxDiscount: 2500 }, 6000)).toBe(
      2500,
    );
  });

  it('gives nothing below the minimum purchase, and the full discount at it', () => {
    expect(discountApplied(pct(10, { minPurchase: 5000 }), 4999)).toBe(0);
    expect(discountApplied(pct(10, { minPurchase: 5000 }), 5000)).toBe(500);
    expect(discountApplied(pct(10, { minPurchase: 0 }), 100)).toBe(10); // 0 means none
    expect(discountApplied(pct(10, { minPurchase: null }), 100)).toBe(10);
  });

  it('caps the discount at the maximum, exactly at and past it', () => {
    expect(discountApplied(pct(10, { maxDiscount: 500 }), 4999)).toBe(500);
    expect(discountApplied(pct(10, { maxDiscount: 500 }), 5000)).toBe(500);
    expect(discountApplied(pct(10, { maxDiscount: 500 }), 10000)).toBe(500);
    expect(discountApplied(pct(10, { maxDiscount: 0 }), 10000)).toBe(1000); // 0 means none
    expect(discountApplied({ discountType: 'fixed', discountValue: 20, maxDiscount: 1500 }, 10000)).toBe(
      1500,
    );
  });

  it('refuses an amount that is not whole non-negative cents', () => {
    expect(() => discountApplied(pct(10), -1)).toThrow(RangeError);
    expect(() => discountApplied(pct(10), 1.5)).toThrow(RangeError);
    expect(() => discountApplied(pct(10), Number.NaN)).toThrow(RangeError);
  });
});

describe('daily redemption window', () => {
  it('reads HH:MM as minutes', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(() => minutesOfDay('24:00')).toThrow(RangeError);
    expect(() => minutesOfDay('9:00')).toThrow(RangeError);
  });

  it('includes the start and excludes the end', () => {
    expect(isMinuteInWindow(539, 540, 1020)).toBe(false);
    expect(isMinuteInWindow(540, 540, 1020)).toBe(true);
    expect(isMinuteInWindow(1019, 540, 1020)).toBe(true);
    expect(isMinuteInWindow(1020, 540, 1020)).toBe(false);
  });

  it('wraps past midnight when the end comes before the start', () => {
    expect(isMinuteInWindow(1320, 1320, 120)).toBe(true);
    expect(isMinuteInWindow(0, 1320, 120)).toBe(true);
    expect(isMinuteInWindow(119, 1320, 120)).toBe(true);
    expect(isMinuteInWindow(120, 1320, 120)).toBe(false);
    expect(isMinuteInWindow(1319, 1320, 120)).toBe(false);
  });

  it('reads the wall clock of the business time zone', () => {
    const window = { start: '09:00', end: '17:00' };
    // 16:59:59 and 17:00 in Los Angeles (PST, UTC-8) on 2026-12-01.
    expect(isWithinDailyWindow(new Date('2026-12-02T00:59:59Z'), window, 'America/Los_Angeles')).toBe(true);
    expect(isWithinDailyWindow(new Date('2026-12-02T01:00:00Z'), window, 'America/Los_Angeles')).toBe(false);
    expect(isWithinDailyWindow(new Date('2026-12-01T17:00:00Z'), window, 'America/Los_Angeles')).toBe(true);
    expect(isWithinDailyWindow(new Date('2026-12-01T16:59:00Z'), window, 'America/Los_Angeles')).toBe(false);
  });
});
