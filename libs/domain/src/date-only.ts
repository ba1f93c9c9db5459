// Calendar dates without a time or zone ('YYYY-MM-DD'), as used for voucher expiry.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** Parses 'YYYY-MM-DD', rejecting impossible dates such as '2026-02-30'; null if not a date-only string. */
export function parseDateOnly(value: string): CalendarDate | null {
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Date.UTC rolls Feb 30 over to Mar 2; a round trip detects that.
  const probe = new Date(Date.UTC(year, month - 1, day));
  probe.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999.
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && parseDateOnly(value) !== null;
}

export function requireDateOnly(value: string): CalendarDate {
  const date = parseDateOnly(value);
  if (!date) throw new RangeError(`Not a valid 'YYYY-MM-DD' date: "${value}"`);
  return date;
}

export function formatDateOnly({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '2026-01-31' + 30 -> '2026-03-02'. Pure calendar arithmetic, unaffected by DST. */
export function addDays(dateOnly: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number, got ${days}`);
  const { year, month, day } = requireDateOnly(dateOnly);
  const start = new Date(Date.UTC(year, month - 1, day));
  start.setUTCFullYear(year);
  const result = new Date(start.getTime() + days * DAY_MS);
  return formatDateOnly({
    year: result.getUTCFullYear(),
    month: result.getUTCMonth() + 1,
    day: result.getUTCDate(),
  });
}
