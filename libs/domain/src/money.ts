// Money is integer cents everywhere; dollars exist only at the edges (form input, display).

import { INTL_LOCALES, type LanguageCode } from './locale-format';

const MAX_CENTS = Number.MAX_SAFE_INTEGER;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Throws a RangeError unless `cents` is a safe integer (fractions of a cent are always a bug). */
export function assertCents(cents: number, label = 'cents'): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${label} must be a whole number of cents, got ${String(cents)}`);
  }
}

/** 1250 -> "$12.50", -1250 -> "-$12.50". */
export function formatCents(cents: number): string {
  assertCents(cents);
  // Normalise -0 so that zero never renders as "-$0.00".
  return usd.format(cents === 0 ? 0 : cents / 100);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/**
 * 1250 -> "$12.50" in a reader's language (issue 42): formatCents's text in English (and in a language
 * AV Pass does not speak), else Intl's in that language (es-US writes dollars as en-US does).
 */
export function formatCentsIn(language: string, cents: number): string {
  const locale = INTL_LOCALES[language as LanguageCode] ?? INTL_LOCALES.en;
  if (locale === INTL_LOCALES.en) return formatCents(cents);
  let format = moneyFormats.get(language);
  if (!format)
    moneyFormats.set(
      language,
      (format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })),
    );
  formatCents(cents); // the same checks (whole cents)
  return format.format(cents === 0 ? 0 : cents / 100);
}

/** 1250 -> 12.5. For arithmetic or inputs that want dollars; display uses formatCents. */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents === 0 ? 0 : cents / 100;
}

const DECIMAL_AMOUNT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * "12.345" -> 1235, -0.005 -> -1. Rounds half away from zero to whole cents.
 * Works on the decimal text, not on `dollars * 100`, because 12.345 * 100 is 1234.4999... in binary.
 */
export function dollarsToCents(input: string | number): number {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = DECIMAL_AMOUNT.exec(text);
  const asNumber = Number(text);
  if (!match || (match[2] === '' && !match[3]) || !Number.isFinite(asNumber)) {
    throw new RangeError(`Not a finite dollar amount: "${String(input)}"`);
  }
  if (Math.abs(asNumber) * 100 > MAX_CENTS) {
    throw new RangeError(`Dollar amount too large: "${String(input)}"`);
  }
  const [, sign, intPart = '', fracPart = '', exponent = '0'] = match;
  const digits = intPart + fracPart;
  if (!/[1-9]/.test(digits)) return 0;

  // Index in `digits` where the decimal point falls once scaled to cents.
  const point = intPart.length + Number(exponent) + 2;
  let whole: string;
  let firstDropped: string;
  if (point <= 0) {
    whole = '0';
    firstDropped = point === 0 ? (digits[0] ?? '0') : '0';
  } else if (point >= digits.length) {
    // Bounded: the magnitude check above keeps `point` within ~16 digits of the first non-zero digit.
    whole = digits + '0'.repeat(point - digits.length);
    firstDropped = '0';
  } else {
    whole = digits.slice(0, point);
    firstDropped = digits[point] ?? '0';
  }
  const magnitude = Number(BigInt(whole) + (firstDropped >= '5' ? 1n : 0n));
  if (magnitude === 0) return 0;
  return sign === '-' ? -magnitude : magnitude;
}
