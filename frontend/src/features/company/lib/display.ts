import { NO_EXPIRATION_TEXT, type QrCode } from '@avpass/contracts';
import { displayTitle, formatDate, formatDateTime, type DiscountType } from '@avpass/domain';
import { viewerTimeZone } from '@/lib/time-zone';

export const DISCOUNT_TYPE_LABELS: Readonly<Record<DiscountType, string>> = {
  percentage: 'Percentage',
  fixed: 'Fixed amount',
  bogo: 'Buy one, get one',
  'free-service': 'Free service',
};

/** The name a partner knows the code by: its page title, else the partner (clinic) name. */
export function codeName(code: Pick<QrCode, 'customTitle' | 'clinicName' | 'discountType'>): string {
  return displayTitle(code.customTitle?.trim() || code.clinicName, code.discountType);
}

/** Date-only expiries print as the calendar date, whatever the viewer's zone. */
export function expiryText(expirationDate: string | null): string {
  return expirationDate ? formatDate(expirationDate, 'UTC') : NO_EXPIRATION_TEXT;
}

/** Instants are shown in the viewer's own zone. */
export const createdText = (createdAt: string): string => formatDate(createdAt, viewerTimeZone());
export const dateTimeText = (at: string): string => formatDateTime(at, viewerTimeZone());

/** The first 8 characters of an id, as the tables show it. */
export const shortId = (id: string): string => id.slice(0, 8);
