// Points in time arriving as Date or as ISO-8601 text.

import { parseDateOnly } from './date-only';

// The offset is mandatory: without it Date.parse reads the text in the host's time zone.
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

export function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  return match !== null && parseDateOnly(match[1] ?? '') !== null && !Number.isNaN(Date.parse(value));
}

/** A valid Date, or an ISO instant with an explicit offset ('2026-03-08T10:00:00Z'); throws RangeError otherwise. */
export function toInstant(value: Date | string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid Date');
    return value;
  }
  if (!isIsoInstant(value)) {
    throw new RangeError(`Not an ISO-8601 instant with a time zone offset: "${value}"`);
  }
  return new Date(Date.parse(value));
}
