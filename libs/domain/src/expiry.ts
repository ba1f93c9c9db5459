// When a voucher stops being valid. Stored dates are UTC; a date-only expiry means
// "through the end of that day where the business is", not the end of the UTC day.

import { addDays, isDateOnly, requireDateOnly } from './date-only';
import { toInstant } from './instant';
import { assertTimeZone, todayInTimeZone, utcOffsetAt, wallClockAsUtc } from './time-zone';

export const DEFAULT_BUSINESS_TIMEZONE = 'America/Los_Angeles';

/** New vouchers expire this many days after today (spec section 9). */
export const DEFAULT_EXPIRY_DAYS = 30;

const DAY_MS = 86_400_000;

/** A date-only expiry ('YYYY-MM-DD', end-of-day rule), an instant (Date or ISO text with offset), or none. */
export type Expiry = Date | string | null;

/**
 * The UTC instant of 23:59:59.999 local time on `dateOnly` in `timeZone`.
 * When that reading happens twice (a fall-back at midnight) the later one is returned, because the
 * day is not over until then; when it does not happen at all (a skipped day), the instant the day's
 * clock jumped past it, minus 1 ms.
 */
export function endOfBusinessDay(dateOnly: string, timeZone: string): Date {
  // A pure function of its two strings, asked for the same few expiry dates on every status check.
  const key = `${timeZone} ${dateOnly}`;
  const known = endOfDayCache.get(key);
  if (known !== undefined) return new Date(known);
  const end = computeEndOfBusinessDay(dateOnly, timeZone);
  if (endOfDayCache.size >= END_OF_DAY_CACHE_SIZE) endOfDayCache.clear();
  endOfDayCache.set(key, end.getTime());
  return end;
}

const END_OF_DAY_CACHE_SIZE = 10_000;
const endOfDayCache = new Map<string, number>();

function computeEndOfBusinessDay(dateOnly: string, timeZone: string): Date {
  assertTimeZone(timeZone);
  const { year, month, day } = requireDateOnly(dateOnly);
  const wall = wallClockAsUtc({ year, month, day, hour: 23, minute: 59, second: 59, millisecond: 999 });

  // Offsets in force a day either side cover any transition near the target reading.
  const offsets = new Set([DAY_MS * -1, 0, DAY_MS].map((shift) => utcOffsetAt(wall + shift, timeZone)));
  let latest: number | null = null;
  for (const offset of offsets) {
    const candidate = wall - offset;
    if (utcOffsetAt(candidate, timeZone) === offset && (latest === null || candidate > latest)) {
      latest = candidate;
    }
  }
  if (latest !== null) return new Date(latest);

  // The reading falls in a gap: find the transition between the smaller and larger offset.
  const sorted = [...offsets].sort((a, b) => a - b);
  const before = sorted[0] ?? 0;
  let low = wall - (sorted[sorted.length - 1] ?? 0); // still on the earlier offset
  let high = wall - before; // already past the transition
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (utcOffsetAt(mid, timeZone) === before) low = mid;
    else high = mid;
  }
  return new Date(high - 1);
}

/** The first instant at which the voucher counts as expired, or null if it never expires. */
export function expiresAt(expiry: Expiry, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): Date | null {
  if (expiry === null) return null;
  if (typeof expiry === 'string' && isDateOnly(expiry)) {
    return new Date(endOfBusinessDay(expiry, timeZone).getTime() + 1);
  }
  assertTimeZone(timeZone);
  return toInstant(expiry);
}

/**
 * A null expiry never expires; 'YYYY-MM-DD' is valid through the end of that business day;
 * a Date or ISO instant expires at that exact instant.
 */
export function isExpired(expiry: Expiry, now: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): boolean {
  const limit = expiresAt(expiry, timeZone);
  return limit !== null && toInstant(now).getTime() >= limit.getTime();
}

/** The default expiry for a new voucher: 30 days after today's business date. */
export function defaultExpiryDate(now: Date, timeZone: string = DEFAULT_BUSINESS_TIMEZONE): string {
  return addDays(todayInTimeZone(now, timeZone), DEFAULT_EXPIRY_DAYS);
}
