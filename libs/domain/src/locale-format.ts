// Dates and numbers in a reader's language (issue 42; money in it is money.ts's formatCentsIn, so the
// voucher page carries no money code). English keeps the house formats of date-format.ts character for
// character (the spec's texts, every existing test); other languages go through Intl in that language,
// in the zone the caller names (the business zone).

import { parseDateOnly } from './date-only';
import {
  formatDate,
  formatDateTime,
  formatMonthDayTime,
  formatNumericDate,
  formatTime,
  type DateInput,
} from './date-format';
import { toInstant } from './instant';

/** The languages AV Pass speaks, as Intl names them (US English, US Spanish). */
export const INTL_LOCALES = { en: 'en-US', es: 'es-US' } as const;
export type LanguageCode = keyof typeof INTL_LOCALES;

const intlName = (language: string) => INTL_LOCALES[language as LanguageCode] ?? INTL_LOCALES.en;
const isEnglish = (language: string) => intlName(language) === INTL_LOCALES.en;

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format)
    cache.set(key, (format = new Intl.DateTimeFormat(intlName(language), { ...options, timeZone })));
  return format;
}

/** A 'YYYY-MM-DD' value is a calendar date, printed as is (noon UTC in the UTC zone); else an instant. */
function dateAndZone(value: DateInput, timeZone: string): [Date, string] {
  const date = typeof value === 'string' ? parseDateOnly(value) : null;
  return date
    ? [new Date(Date.UTC(date.year, date.month - 1, date.day, 12)), 'UTC']
    : [toInstant(value), timeZone];
}

const MEDIUM: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const NUMERIC: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** "Mar 8, 2026" / "8 mar 2026". */
export function formatDateIn(language: string, value: DateInput, timeZone: string): string {
  if (isEnglish(language)) return formatDate(value, timeZone);
  const [date, zone] = dateAndZone(value, timeZone);
  return dateFormat(language, zone, MEDIUM).format(date);
}

/** "03/08/2026" / "08/03/2026". */
export function formatNumericDateIn(language: string, value: DateInput, timeZone: string): string {
  if (isEnglish(language)) return formatNumericDate(value, timeZone);
  const [date, zone] = dateAndZone(value, timeZone);
  return dateFormat(language, zone, NUMERIC).format(date);
}

/** "3:05 PM" / "3:05 p.m.". */
export function formatTimeIn(language: string, value: DateInput, timeZone: string): string {
  if (isEnglish(language)) return formatTime(value, timeZone);
  return dateFormat(language, timeZone, CLOCK).format(toInstant(value));
}

/** "Mar 8, 2026 3:05 PM" / "8 mar 2026, 3:05 p.m.". */
export function formatDateTimeIn(language: string, value: DateInput, timeZone: string): string {
  if (isEnglish(language)) return formatDateTime(value, timeZone);
  return dateFormat(language, timeZone, { ...MEDIUM, ...CLOCK }).format(toInstant(value));
}

/** "Mar 8, 3:05 PM" / "8 mar, 3:05 p.m.". */
export function formatMonthDayTimeIn(language: string, value: DateInput, timeZone: string): string {
  if (isEnglish(language)) return formatMonthDayTime(value, timeZone);
  return dateFormat(language, timeZone, { day: 'numeric', month: 'short', ...CLOCK }).format(
    toInstant(value),
  );
}

/**
 * 1234.5 -> "1,234.5": at most two decimals, grouped as the language groups digits. Both languages group
 * as en-US does, so it is done here without Intl: a phone's first `Intl.NumberFormat` loads ICU's number
 * data, 140-220 ms of a low-tier phone's CPU before the voucher page's first draw (issue 40); the result is
 * Intl's, character for character (locale-format.spec.ts compares them). Rounded as Intl rounds: half away
 * from zero on the number's shortest decimal form (1.005 -> "1.01").
 */
export function formatNumberIn(language: string, value: number): string {
  const digits = String(Math.abs(value));
  if (!Number.isFinite(value) || digits.includes('e'))
    return new Intl.NumberFormat(intlName(language), { maximumFractionDigits: 2 }).format(value);
  const [whole = '0', fraction = ''] = digits.split('.');
  let hundredths = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if (fraction.length > 2 && fraction[2]! >= '5') hundredths += 1n;
  const text = hundredths.toString().padStart(3, '0');
  const cents = text.slice(-2).replace(/0+$/, '');
  const grouped = text.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${cents ? `.${cents}` : ''}`;
}
