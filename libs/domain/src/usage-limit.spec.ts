import { describe, expect, it } from 'vitest';
import {
  UNLIMITED_USAGE_LIMIT,
  formatRemainingUses,
  formatUsage,
  isUnlimited,
  isUsedUp,
  parseUsageLimitInput,
} from './usage-limit';

describe('unlimited usage', () => {
  it('is stored as 999999 and only 999999', () => {
    expect(UNLIMITED_USAGE_LIMIT).toBe(999999);
    expect(isUnlimited(999999)).toBe(true);
    expect(isUnlimited(999)).toBe(false);
    expect(isUnlimited(1)).toBe(false);
  });

  it('shows the infinity sign for unlimited and the number for a 999-use voucher', () => {
    expect(formatUsage(2, 999999)).toBe('2 / ∞');
    expect(formatUsage(2, 999)).toBe('2 / 999');
    expect(formatUsage(2, 5)).toBe('2 / 5');
    expect(formatUsage(0, 1)).toBe('0 / 1');
  });

  it('never runs out, even after very many uses', () => {
    expect(isUsedUp(1_000_000, UNLIMITED_USAGE_LIMIT)).toBe(false);
    expect(formatRemainingUses(1_000_000, UNLIMITED_USAGE_LIMIT)).toBe('∞');
  });
});

describe('a limited voucher', () => {
  it('is used up once the count reaches the limit', () => {
    expect(isUsedUp(4, 5)).toBe(false);
    expect(isUsedUp(5, 5)).toBe(true);
    expect(isUsedUp(6, 5)).toBe(true);
  });

  it('shows the uses left, never below zero', () => {
    expect(formatRemainingUses(2, 5)).toBe('3');
    expect(formatRemainingUses(7, 5)).toBe('0');
  });
});

describe('parseUsageLimitInput', () => {
  it('stores the unlimited choice as the sentinel, whichever form it came from', () => {
    expect(parseUsageLimitInput('unlimited')).toBe(999999);
    expect(parseUsageLimitInput(' Unlimited ')).toBe(999999);
  });

  it('keeps typed numbers as real limits, including 999', () => {
    expect(parseUsageLimitInput('1')).toBe(1);
    expect(parseUsageLimitInput('25')).toBe(25);
    expect(parseUsageLimitInput('999')).toBe(999);
    expect(parseUsageLimitInput('007')).toBe(7);
    expect(parseUsageLimitInput('999998')).toBe(999998);
  });

  it("says 'Must be a number' for anything that is not digits", () => {
    for (const input of ['', 'abc', '1.5', '-1', '5 uses', '1e3', '∞']) {
      expect(() => parseUsageLimitInput(input), input).toThrow('Must be a number');
    }
  });

  it('rejects zero and numbers that would collide with the unlimited sentinel', () => {
    expect(() => parseUsageLimitInput('0')).toThrow('Must be at least 1');
    expect(() => parseUsageLimitInput('999999')).toThrow(/choose unlimited/);
    expect(() => parseUsageLimitInput('5000000')).toThrow(RangeError);
  });
});
