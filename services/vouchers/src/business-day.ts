import { addDays, endOfBusinessDay, todayInTimeZone } from '@avpass/domain';

/** The first instant of today's business day (midnight in BUSINESS_TIMEZONE), from libs/domain's rule. */
export function startOfBusinessDay(now: Date, timeZone: string): Date {
  const yesterday = addDays(todayInTimeZone(now, timeZone), -1);
  return new Date(endOfBusinessDay(yesterday, timeZone).getTime() + 1);
}

/**
 * The earliest date-only expiry still valid at `now`: a code expiring on this business date is valid
 * through its end (isExpired's rule), one expiring the day before is not.
 */
export function earliestValidExpiry(now: Date, timeZone: string): string {
  return todayInTimeZone(now, timeZone);
}
