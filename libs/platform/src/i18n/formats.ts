import type { Language } from '@avpass/contracts';
import { assertCents } from '@avpass/domain';

/** The regional tag each language is written in: the club is in California (US English, US Spanish). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** A 'YYYY-MM-DD' calendar date: shown as it is, never moved by a zone. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A 'YYYY-MM' month (a statement's period). */
const MONTH_ONLY = /^\d{4}-\d{2}$/;

/** Dates, times, numbers and money in one language, dates in one zone (the business time zone). */
export interface Formats {
  readonly language: Language;
  /** "Mar 8, 2026" / "8 mar 2026". A 'YYYY-MM-DD' is that calendar day. */
  date(value: Date | string): string;
  /** "Mar 8, 2026, 3:05 PM" / "8 mar 2026, 3:05 p.m.". */
  dateTime(value: Date | string): string;
  /** "3:05 PM" / "3:05 p.m.". */
  time(value: Date | string): string;
  /** 'YYYY-MM' -> "March 2026" / "marzo de 2026". */
  month(period: string): string;
  /** 1234.5 -> "1,234.5" in both (US Spanish groups as US English does). */
  number(value: number): string;
  /** Integer cents as US dollars: 123456 -> "$1,234.56" / "$1,234.56"; -1250 -> "-$12.50". */
  money(cents: number): string;
}

const cache = new Map<string, Formats>();

/** The formatters of a language in a zone (made once per pair; Intl formatters are costly to build). */
export function formatsFor(language: Language, timeZone: string): Formats {
  const key = `${language}|${timeZone}`;
  let formats = cache.get(key);
  if (!formats) {
    formats = makeFormats(language, timeZone);
    cache.set(key, formats);
  }
  return formats;
}

function makeFormats(language: Language, timeZone: string): Formats {
  const locale = LOCALE_OF[language];
  const dateStyle = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  const timeStyle = { hour: 'numeric', minute: '2-digit' } as const;
  const date = new Intl.DateTimeFormat(locale, { ...dateStyle, timeZone });
  const calendarDay = new Intl.DateTimeFormat(locale, { ...dateStyle, timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { ...dateStyle, ...timeStyle, timeZone });
  const time = new Intl.DateTimeFormat(locale, { ...timeStyle, timeZone });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(locale);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  });
  const instant = (value: Date | string) => {
    const at = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(at.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
    return at;
  };
  return {
    language,
    date: (value) =>
      typeof value === 'string' && DATE_ONLY.test(value)
        ? calendarDay.format(new Date(`${value}T12:00:00Z`))
        : date.format(instant(value)),
    dateTime: (value) => dateTime.format(instant(value)),
    time: (value) => time.format(instant(value)),
    month: (period) => {
      if (!MONTH_ONLY.test(period)) throw new RangeError(`Not a month: ${period}`);
      return month.format(new Date(`${period}-15T12:00:00Z`));
    },
    number: (value) => number.format(value),
    money: (cents) => {
      assertCents(cents);
      return money.format(cents === 0 ? 0 : cents / 100);
    },
  };
}
