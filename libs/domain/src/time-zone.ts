// Wall-clock readings in a named IANA time zone, computed with Intl so the host's own zone
// (process.env.TZ, the browser's locale) never leaks into business dates.

import { formatDateOnly } from './date-only';
import { toInstant } from './instant';

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: "${String(timeZone)}"`);
}

/**
 * The zone's offset through one UTC minute, when it is the same at both ends (no change of offset
 * inside it): readings of the present minute (every redeem takes several) cost arithmetic, not Intl.
 */
const minuteOffsets = new Map<string, { minute: number; offset: number }>();
const MINUTE = 60_000;

/** The wall-clock reading of an instant in `timeZone`. */
export function wallClockAt(instant: Date | number, timeZone: string): WallClock {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  const minute = Math.floor(time / MINUTE);
  const known = minuteOffsets.get(timeZone);
  if (known?.minute === minute && Number.isFinite(time)) return utcReading(time + known.offset, time);
  const clock = readWallClock(time, timeZone);
  // Only readings of the present fill it: a list of past instants, each in its own minute, stays at
  // one Intl call per reading.
  if (Number.isFinite(time) && Math.abs(time - Date.now()) < MINUTE) {
    const start = minute * MINUTE;
    const end = start + MINUTE - 1;
    const offset = wallClockAsUtc(readWallClock(start, timeZone)) - start;
    if (offset === wallClockAsUtc(readWallClock(end, timeZone)) - end) {
      if (minuteOffsets.size > 100) minuteOffsets.clear();
      minuteOffsets.set(timeZone, { minute, offset });
    }
  }
  return clock;
}

/** The reading of `shifted` (an instant moved by the zone's offset) as UTC; milliseconds of `time`. */
function utcReading(shifted: number, time: number): WallClock {
  const d = new Date(shifted);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: ((time % 1000) + 1000) % 1000,
  };
}

function readWallClock(time: number, timeZone: string): WallClock {
  assertTimeZone(timeZone);
  const parts: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(time)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24, // some engines print midnight as 24 even with h23
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((time % 1000) + 1000) % 1000,
  };
}

/** Milliseconds since the epoch for a wall-clock reading, as if it were UTC. */
export function wallClockAsUtc(clock: WallClock): number {
  const date = new Date(
    Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      clock.hour,
      clock.minute,
      clock.second,
      clock.millisecond,
    ),
  );
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day); // Date.UTC maps years 0-99 to 1900s.
  return date.getTime();
}

/** The zone's UTC offset in milliseconds at an instant (-8h for Los Angeles in winter). */
export function utcOffsetAt(instant: Date | number, timeZone: string): number {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  return wallClockAsUtc(wallClockAt(time, timeZone)) - time;
}

/** 'YYYY-MM-DD' of the business day containing `now`. */
export function todayInTimeZone(now: Date, timeZone: string): string {
  return formatDateOnly(wallClockAt(toInstant(now), timeZone));
}
