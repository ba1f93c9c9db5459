import type { Exclusive, ExclusiveFilter } from '@avpass/contracts';
import type { Translate, Words } from '@avpass/contracts/i18n/voucher-words';
import { formatDateIn, formatDateTimeIn, type ExclusiveType } from '@avpass/domain';
import type { MessageId } from '@/i18n/message-id';

/** The translator the exclusives screen passes to its word functions. */
export type T = Translate<MessageId>;

/** The eight tabs of spec section 2, in order (their words: `exclusives.tab.<filter>`). */
export const EXCLUSIVE_TABS: readonly ExclusiveFilter[] = [
  'all',
  'active',
  'upcoming',
  'expired',
  'training',
  'raffles',
  'events',
  'discounts',
];

/** "Training Session", "Raffle Prize", … in the reader's language. */
export const typeLabel = (type: ExclusiveType, t: T) => t(`exclusives.type.${type}`);

/** The file an exclusive's QR downloads as: named from the id's first 8 characters (spec section 9). */
export const qrFileName = (id: string) => `project-rooted-${id.slice(0, 8)}.png`;

/**
 * An event date as picked: a day ('YYYY-MM-DD') or a local date and time. It is a wall-clock reading,
 * so it is printed as is (read and printed in UTC), never shifted into the viewer's zone; in the
 * reader's language.
 */
export function eventDateText(eventDate: string, language: string): string {
  return eventDate.length > 10
    ? formatDateTimeIn(language, `${eventDate}:00Z`, 'UTC')
    : formatDateIn(language, `${eventDate}T12:00:00Z`, 'UTC');
}

/** The "Event / Details" cell: event name and date, trainer, duration (whatever the exclusive has). */
export function detailLines(exclusive: Exclusive, { t, language }: Words<MessageId>): string[] {
  const d = exclusive.exclusiveDetails ?? {};
  const lines: string[] = [];
  const when = d.eventDate ? eventDateText(d.eventDate, language) : null;
  if (d.eventName || when) lines.push([d.eventName, when].filter(Boolean).join(' · '));
  if (d.trainerName) lines.push(t('exclusives.detail.trainer', { name: d.trainerName }));
  if (d.sessionDuration) lines.push(t('exclusives.detail.duration', { duration: d.sessionDuration }));
  if (d.vendorName) lines.push(t('exclusives.detail.vendor', { name: d.vendorName }));
  return lines;
}
