import type { Exclusive, ExclusiveFilter } from '@avpass/contracts';
import { EXCLUSIVE_TYPE_LABELS, formatDate, formatDateTime, type ExclusiveType } from '@avpass/domain';

/** The eight tabs of spec section 2, in order. */
export const EXCLUSIVE_TABS: ReadonlyArray<{ filter: ExclusiveFilter; label: string }> = [
  { filter: 'all', label: 'All' },
  { filter: 'active', label: 'Active' },
  { filter: 'upcoming', label: 'Upcoming' },
  { filter: 'expired', label: 'Expired' },
  { filter: 'training', label: 'Training' },
  { filter: 'raffles', label: 'Raffles' },
  { filter: 'events', label: 'Events' },
  { filter: 'discounts', label: 'Discounts' },
];

export const typeLabel = (type: ExclusiveType) => EXCLUSIVE_TYPE_LABELS[type];

/** The file an exclusive's QR downloads as: named from the id's first 8 characters (spec section 9). */
export const qrFileName = (id: string) => `project-rooted-${id.slice(0, 8)}.png`;

/**
 * An event date as picked: a day ('YYYY-MM-DD') or a local date and time. It is a wall-clock reading,
 * so it is printed as is (read and printed in UTC), never shifted into the viewer's zone.
 */
export function eventDateText(eventDate: string): string {
  return eventDate.length > 10
    ? formatDateTime(`${eventDate}:00Z`, 'UTC')
    : formatDate(`${eventDate}T12:00:00Z`, 'UTC');
}

/** The "Event / Details" cell: event name and date, trainer, duration (whatever the exclusive has). */
export function detailLines(exclusive: Exclusive): string[] {
  const d = exclusive.exclusiveDetails ?? {};
  const lines: string[] = [];
  const when = d.eventDate ? eventDateText(d.eventDate) : null;
  if (d.eventName || when) lines.push([d.eventName, when].filter(Boolean).join(' · '));
  if (d.trainerName) lines.push(`Trainer: ${d.trainerName}`);
  if (d.sessionDuration) lines.push(`Duration: ${d.sessionDuration}`);
  if (d.vendorName) lines.push(`Vendor: ${d.vendorName}`);
  return lines;
}
