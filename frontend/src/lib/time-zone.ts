import { DEFAULT_BUSINESS_TIMEZONE } from '@avpass/domain';

/**
 * The zone instants (created, redeemed) are shown in: the viewer's own. Date-only expiries are calendar
 * dates and are shown as they are, whatever the zone.
 */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_BUSINESS_TIMEZONE;
  } catch {
    return DEFAULT_BUSINESS_TIMEZONE;
  }
}
