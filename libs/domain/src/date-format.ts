// Date and time text for screens and renderers. Built from Intl wall-clock parts with fixed
// English month names, so output is identical in every browser, Node version and host zone.

import { parseDateOnly, type CalendarDate } from './date-only';
import { toInstant } from './instant';
import { wallClockAt, type WallClock } from './time-zone';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant (Date or ISO text with offset), or for date-only formats also a 'YYYY-MM-DD' date. */
export type DateInput = Date | string;

// A date-only value is a calendar date already: it is shown as is, never shifted by a zone.
function calendarDate(value: DateInput, timeZone: string): CalendarDate {
  if (typeof value === 'string') {
    const date = parseDateOnly(value);
    if (date) return date;
  }
  return wallClockAt(toInstant(value), timeZone);
}

function wallClock(value: DateInput, timeZone: string): WallClock {
  return wallClockAt(toInstant(value), timeZone);
}

const monthName = (month: number): string => MONTHS[month - 1] ?? '';
const pad2 = (n: number): string => String(n).padStart(2, '0');
const pad4 = (n: number): string => String(n).padStart(4, '0');

function clockTime({ hour, minute }: WallClock): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'MMM d, yyyy': "Mar 8, 2026". */
export function formatDate(value: DateInput, timeZone: string): string {
  const { year, month, day } = calendarDate(value, timeZone);
  return `${monthName(month)} ${day}, ${pad4(year)}`;
}

/** 'h:mm a': "3:05 PM". */
export function formatTime(value: DateInput, timeZone: string): string {
  return clockTime(wallClock(value, timeZone));
}

/** 'MMM d, h:mm a': "Mar 8, 3:05 PM". */
export function formatMonthDayTime(value: DateInput, timeZone: string): string {
  const clock = wallClock(value, timeZone);
  return `${monthName(clock.month)} ${clock.day}, ${clockTime(clock)}`;
}

/** 'MMM d, yyyy h:mm a': "Mar 8, 2026 3:05 PM". */
export function formatDateTime(value: DateInput, timeZone: string): string {
  const clock = wallClock(value, timeZone);
  return `${monthName(clock.month)} ${clock.day}, ${pad4(clock.year)} ${clockTime(clock)}`;
}

/** 'MM/dd/yyyy': "03/08/2026". */
export function formatNumericDate(value: DateInput, timeZone: string): string {
  const { year, month, day } = calendarDate(value, timeZone);
  return `${pad2(month)}/${pad2(day)}/${pad4(year)}`;
}
