import { describe, expect, it } from 'vitest';
import { assertCents, centsToDollars, dollarsToCents, formatCents } from './money';

describe('formatCents', () => {
  it('shows cents as US dollars with two decimals', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('puts the minus sign before the dollar sign for refunds', () => {
    expect(formatCents(-1250)).toBe('-$12.50');
  });

  it('never shows a negative zero', () => {
    expect(formatCents(-0)).toBe('$0.00');
  });

  it('refuses fractions of a cent, which signal a dollars/cents mix-up', () => {
    expect(() => formatCents(12.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(/whole number of cents/);
  });
});

describe('dollarsToCents', () => {
  it('converts what a user types in a price field', () => {
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents(' 7 ')).toBe(700);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('3.')).toBe(300);
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it('rounds half a cent away from zero, even where floating point would round down', () => {
    expect(dollarsToCents('12.345')).toBe(1235);
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents('12.344')).toBe(1234);
    expect(dollarsToCents('-12.345')).toBe(-1235);
    expect(dollarsToCents('0.004')).toBe(0);
    expect(dollarsToCents('0.005')).toBe(1);
    expect(dollarsToCents('-0.001')).toBe(0);
  });

  it('understands exponent notation from numeric inputs', () => {
    expect(dollarsToCents(1e-7)).toBe(0);
    expect(dollarsToCents(1.5e3)).toBe(150000);
    expect(dollarsToCents('5e-3')).toBe(1);
  });

  it('rejects amounts that are not finite numbers with a clear message', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(/Not a finite dollar amount/);
    expect(() => dollarsToCents('abc')).toThrow(/Not a finite dollar amount: "abc"/);
    expect(() => dollarsToCents('')).toThrow(RangeError);
    expect(() => dollarsToCents('.')).toThrow(RangeError);
    expect(() => dollarsToCents('1,000')).toThrow(RangeError);
    expect(() => dollarsToCents('0x10')).toThrow(RangeError);
  });

  it('rejects amounts too large to hold exactly in cents', () => {
    expect(() => dollarsToCents('1e20')).toThrow(/too large/);
  });
});

describe('centsToDollars and assertCents', () => {
  it('turns cents into dollars for form fields', () => {
    expect(centsToDollars(1250)).toBe(12.5);
    expect(centsToDollars(-1)).toBe(-0.01);
    expect(Object.is(centsToDollars(-0), 0)).toBe(true);
  });

  it('refuses non-integer cents', () => {
    expect(() => centsToDollars(0.5)).toThrow(RangeError);
    expect(() => assertCents(1.1, 'price')).toThrow('price must be a whole number of cents, got 1.1');
    expect(() => assertCents(42)).not.toThrow();
  });
});
