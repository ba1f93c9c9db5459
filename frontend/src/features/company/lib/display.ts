import { NO_EXPIRATION_TEXT } from '@avpass/contracts/voucher-text';
import { formatDate, formatDateTime } from '@avpass/domain';
import { viewerTimeZone } from '@/lib/time-zone';

/** Date-only expiries print as the calendar date, whatever the viewer's zone. */
export function expiryText(expirationDate: string | null): string {
  return expirationDate ? formatDate(expirationDate, 'UTC') : NO_EXPIRATION_TEXT;
}

/** Instants are shown in the viewer's own zone. */
export const dateTimeText = (at: string): string => formatDateTime(at, viewerTimeZone());
