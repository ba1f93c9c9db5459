import type { QrCode } from '@avpass/contracts';
import { displayTitle, formatDate, type DiscountType } from '@avpass/domain';
import { viewerTimeZone } from '@/lib/time-zone';

/** Tables show the first 8 characters of an id (spec section 2). */
export const shortId = (id: string): string => id.slice(0, 8);

/** The words under a discount in the codes tables. */
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

/** Instants are shown in the viewer's own zone. */
export const createdText = (createdAt: string): string => formatDate(createdAt, viewerTimeZone());
