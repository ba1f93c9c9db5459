import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthDayTime, formatNumericDate } from './date-format';
import { inEveryHostTimeZone } from '../test/host-time-zone';

const LA = 'America/Los_Angeles';

describe('date formats', () => {
  // 2026-03-09T06:30Z is 23:30 on Mar 8 in Los Angeles (PDT) and already Mar 9 in London.
  const lateEvening = new Date('2026-03-09T06:30:00Z');

  it("'MMM d, yyyy' shows the business date", () => {
    expect(formatDate(lateEvening, LA)).toBe('Mar 8, 2026');
    expect(formatDate(lateEvening, 'Europe/London')).toBe('Mar 9, 2026');
    expect(formatDate('2026-12-25T12:00:00Z', 'UTC')).toBe('Dec 25, 2026');
  });

  it("'MMM d, h:mm a' shows a 12-hour clock", () => {
    expect(formatMonthDayTime(lateEvening, LA)).toBe('Mar 8, 11:30 PM');
    expect(formatMonthDayTime('2026-09-01T07:05:00Z', LA)).toBe('Sep 1, 12:05 AM');
    expect(formatMonthDayTime('2026-09-01T19:00:00Z', LA)).toBe('Sep 1, 12:00 PM');
    expect(formatMonthDayTime('2026-09-01T16:59:00Z', LA)).toBe('Sep 1, 9:59 AM');
  });

  it("'MMM d, yyyy h:mm a' shows date and time", () => {
    expect(formatDateTime(lateEvening, LA)).toBe('Mar 8, 2026 11:30 PM');
    expect(formatDateTime('2026-07-04T18:45:00Z', 'Asia/Kolkata')).toBe('Jul 5, 2026 12:15 AM');
    expect(formatDateTime('2026-01-01T13:00:00Z', 'UTC')).toBe('Jan 1, 2026 1:00 PM');
  });

  it("'MM/dd/yyyy' pads month and day", () => {
    expect(formatNumericDate(lateEvening, LA)).toBe('03/08/2026');
    expect(formatNumericDate(new Date('2026-11-20T12:00:00Z'), LA)).toBe('11/20/2026');
  });

  it('shows a date-only expiry as that date in every zone', () => {
    expect(formatNumericDate('2026-03-08', LA)).toBe('03/08/2026');
    expect(formatNumericDate('2026-03-08', 'Asia/Kolkata')).toBe('03/08/2026');
    expect(formatDate('2026-03-08', 'Pacific/Kiritimati')).toBe('Mar 8, 2026');
  });

  it('refuses to invent a time for a date-only value, and rejects bad input', () => {
    expect(() => formatDateTime('2026-03-08', LA)).toThrow(RangeError);
    expect(() => formatDate('2026-03-08T10:00:00', LA)).toThrow(RangeError);
    expect(() => formatDate(lateEvening, 'Nowhere/Town')).toThrow(/Unknown time zone/);
  });

  it('gives the same text whatever time zone the host runs in', () => {
    const answers = inEveryHostTimeZone(() => [
      formatDateTime(lateEvening, LA),
      formatNumericDate('2026-03-08', LA),
    ]);
    for (const answer of answers) expect(answer).toEqual(['Mar 8, 2026 11:30 PM', '03/08/2026']);
  });
});
