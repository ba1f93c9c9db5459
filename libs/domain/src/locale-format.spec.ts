import { describe, expect, it } from 'vitest';
import { formatNumberIn, INTL_LOCALES } from './locale-format';

const intl = (language: 'en' | 'es', value: number) =>
  new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 }).format(value);

describe('formatNumberIn', () => {
  it('groups and rounds like the house examples', () => {
    expect(formatNumberIn('en', 1234.5)).toBe('1,234.5');
    expect(formatNumberIn('en', 20)).toBe('20');
    expect(formatNumberIn('en', 1.005)).toBe('1.01');
    expect(formatNumberIn('en', 99.999)).toBe('100');
    expect(formatNumberIn('es', 1234567.891)).toBe('1,234,567.89');
  });

  it("is Intl's answer, character for character, in both languages", () => {
    // Ties on the shortest decimal form, values around the grouping and the rounding, negatives, zeros.
    const values = [
      0,
      -0,
      1,
      5,
      12.5,
      0.125,
      1.005,
      2.675,
      0.015,
      0.005,
      0.004,
      0.995,
      9.995,
      99.999,
      999.995,
      1000,
      1234.5,
      999999.995,
      1e6,
      1234567.891,
      -3.5,
      -0.001,
      -1234.565,
      1e20,
      1e21,
      1.5e-7,
      Number.MAX_SAFE_INTEGER,
      Infinity,
      -Infinity,
      NaN,
    ];
    let seed = 40;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) values.push(Math.round(random() * 10 ** (1 + (i % 9))) / 10 ** (i % 5));
    for (const language of ['en', 'es'] as const)
      for (const value of values)
        expect([value, formatNumberIn(language, value)]).toEqual([value, intl(language, value)]);
  });
});
