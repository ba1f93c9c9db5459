import { businessDayOf } from '@avpass/domain';

/** The first instant of today's business day (midnight in BUSINESS_TIMEZONE): libs/domain's rule. */
export { startOfBusinessDay } from '@avpass/domain';

/**
 * The earliest date-only expiry still valid at `now`: a code expiring on this business date is valid
 * through its end (isExpired's rule), one expiring the day before is not.
 */
export function earliestValidExpiry(now: Date, timeZone: string): string {
  return businessDayOf(now, timeZone);
}
