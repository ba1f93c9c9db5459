import { addDays } from './date-only';
import { endOfBusinessDay } from './expiry';
import { todayInTimeZone } from './time-zone';

/**
 * The business day: the date on the wall clock of the business time zone (BUSINESS_TIMEZONE), from
 * midnight to midnight there. One definition with two faces (decision 192): these TypeScript functions,
 * and their SQL twins below for statements that work the day out inside PostgreSQL (a tally, a cancel).
 * libs/platform/test/business-day.test.ts evaluates both at instants across midnight and both DST
 * changes, against the real PostgreSQL, and expects them to agree.
 */

/** The business day ('YYYY-MM-DD') the instant `at` falls on. */
export function businessDayOf(at: Date, timeZone: string): string {
  return todayInTimeZone(at, timeZone);
}

/**
 * The first instant of the business day `at` falls on: the instant after the previous day's last
 * millisecond, so a midnight that the clock skips or repeats (a DST change at midnight) still starts the
 * day once, at its first instant.
 */
export function startOfBusinessDay(at: Date, timeZone: string): Date {
  const yesterday = addDays(businessDayOf(at, timeZone), -1);
  return new Date(endOfBusinessDay(yesterday, timeZone).getTime() + 1);
}

/**
 * `businessDayOf` in SQL: the `date` an instant (a timestamptz expression) falls on in the zone (a text
 * expression, by default the placeholder `?`).
 */
export function businessDaySql(instant: string, timeZone = '?'): string {
  return `(${instant} at time zone ${timeZone})::date`;
}

/**
 * `startOfBusinessDay` in SQL: the timestamptz that starts the business day `day` (a date expression),
 * as the instant after the previous day's last microsecond (`timeZone` appears twice: a `?` takes the
 * zone twice).
 */
export function startOfBusinessDaySql(day: string, timeZone = '?'): string {
  return `((((${day})::timestamp - interval '1 microsecond') at time zone ${timeZone}) + interval '1 microsecond')`;
}
