import {
  DEFAULT_BUSINESS_TIMEZONE,
  INTL_LOCALES,
  businessDayOf,
  dollarsToCents,
  formatCents,
  type LanguageCode,
} from '@avpass/domain';

/** Today in the club's business time zone (YYYY-MM-DD): statements are months there. */
export const businessToday = (now = new Date()) => businessDayOf(now, DEFAULT_BUSINESS_TIMEZONE);

/** The month before the one `day` (YYYY-MM-DD) falls in, as YYYY-MM: the last finished month. */
export function previousMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The business month so far: its first day through `day`. */
export const monthSoFar = (day: string) => ({ from: `${day.slice(0, 8)}01`, to: day });

/**
 * "November 2026" for 2026-11; in another language Intl's ("noviembre de 2026"), `heading` starting it
 * with a capital as a title does ("Noviembre de 2026").
 */
export function monthName(period: string, language = 'en', heading = false): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  const text = new Date(Date.UTC(year, month - 1, 1)).toLocaleString(
    INTL_LOCALES[language as LanguageCode] ?? INTL_LOCALES.en,
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
  return heading ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
}

/** The net in the partner's words: positive, the club pays the partner. */
export function netWords(netCents: number, who: 'partner' | 'admin' = 'partner'): string {
  if (netCents === 0) return 'Nothing is owed';
  const amount = formatCents(Math.abs(netCents));
  if (who === 'admin') return netCents > 0 ? `The club owes ${amount}` : `The partner owes ${amount}`;
  return netCents > 0 ? `The club owes you ${amount}` : `You owe the club ${amount}`;
}

/** Dollars typed in a form ("12.50", "-3") as whole cents, or null when it is not an amount. */
export function centsOfDollars(text: string): number | null {
  try {
    return dollarsToCents(text.trim().replace(/^\$/, ''));
  } catch {
    return null;
  }
}
