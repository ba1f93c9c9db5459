import { describe, expect, it } from 'vitest';
import { MAX_SALE_CENTS, saleCents } from './sale-amount';

describe('the till sale amount (dollars as typed -> cents)', () => {
  it('reads dollars and at most two decimals exactly', () => {
    expect(saleCents('45')).toBe(4500);
    expect(saleCents('45.5')).toBe(4550);
    expect(saleCents('45.50')).toBe(4550);
    expect(saleCents(' $45.05 ')).toBe(4505);
    expect(saleCents('0.1')).toBe(10);
    expect(saleCents('.99')).toBe(99);
    expect(saleCents('45.')).toBe(4500);
    expect(saleCents('1,250.00')).toBe(125_000);
    // 0.29 * 100 is 28.999… in binary: read as text it is 29.
    expect(saleCents('0.29')).toBe(29);
    expect(saleCents('0')).toBe(0);
  });

  it('is undefined when nothing was typed', () => {
    expect(saleCents('')).toBeUndefined();
    expect(saleCents('   ')).toBeUndefined();
  });

  it('refuses what is not an amount of dollars and cents', () => {
    for (const text of ['abc', '45.505', '-5', '4 5', '1e3', '$', '.', '12,34', '45,50', '$-1']) {
      expect(saleCents(text), text).toBeNull();
    }
  });

  it('refuses more than the contract allows', () => {
    expect(saleCents('1000000')).toBe(MAX_SALE_CENTS);
    expect(saleCents('1000000.01')).toBeNull();
    expect(saleCents('99999999999999999999')).toBeNull();
  });
});
