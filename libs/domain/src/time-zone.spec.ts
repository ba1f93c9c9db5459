import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostOffsetsInJanuary, inEveryHostTimeZone } from '../test/host-time-zone';
import { isValidTimeZone, todayInTimeZone, utcOffsetAt, wallClockAt } from './time-zone';

const HOUR = 3_600_000;

describe('isValidTimeZone', () => {
  it('accepts IANA zone names and rejects anything else', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('PST8PDTX')).toBe(false);
  });
});

describe('wall clock and offsets', () => {
  it('reads the local time in the business zone', () => {
    expect(wallClockAt(new Date('2026-07-04T19:05:06.789Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 7,
      day: 4,
      hour: 12,
      minute: 5,
      second: 6,
      millisecond: 789,
    });
    expect(wallClockAt(new Date('2026-01-01T07:59:00Z'), 'America/Los_Angeles').hour).toBe(23);
    expect(wallClockAt(new Date('2026-01-01T08:00:00Z'), 'America/Los_Angeles').hour).toBe(0);
  });

  it('knows summer time, winter time and half-hour zones', () => {
    expect(utcOffsetAt(new Date('2026-01-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-8 * HOUR);
    expect(utcOffsetAt(new Date('2026-07-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
    expect(utcOffsetAt(new Date('2026-07-15T12:00:00Z'), 'Europe/London')).toBe(HOUR);
    expect(utcOffsetAt(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('rejects an unknown zone with a clear message', () => {
    expect(() => wallClockAt(new Date(), 'Nowhere/City')).toThrow('Unknown time zone: "Nowhere/City"');
  });
});

describe('readings of the present minute (kept per zone, issue 28)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The reading computed by Intl alone, for comparison. */
  const byIntl = (at: number, zone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
    const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return {
      year: n('year'),
      month: n('month'),
      day: n('day'),
      hour: n('hour') % 24,
      minute: n('minute'),
      second: n('second'),
      millisecond: at % 1000,
    };
  };

  it('reads the same as Intl on every call, across a change to summer time', () => {
    // Berlin goes from +1 to +2 at 01:00 UTC on 29 March 2026.
    const change = Date.parse('2026-03-29T01:00:00.000Z');
    for (const at of [change - 60_000, change - 1_500, change - 1, change, change + 1, change + 59_999]) {
      vi.useFakeTimers({ now: at });
      for (let i = 0; i < 3; i++)
        expect(wallClockAt(at, 'Europe/Berlin')).toEqual(byIntl(at, 'Europe/Berlin'));
      expect(todayInTimeZone(new Date(at), 'Europe/Berlin')).toBe('2026-03-29');
    }
  });

  it('keeps each zone apart', () => {
    const at = Date.parse('2026-07-04T23:30:15.250Z');
    vi.useFakeTimers({ now: at });
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata'])
      expect(wallClockAt(at + 1_000, zone)).toEqual(byIntl(at + 1_000, zone));
  });
});

describe('todayInTimeZone', () => {
  it('gives the business date, which differs from the UTC date late in the Los Angeles evening', () => {
    // 23:59 Pacific on Jan 15 is already Jan 16 in UTC.
    expect(todayInTimeZone(new Date('2026-01-16T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-01-15');
    expect(todayInTimeZone(new Date('2026-01-16T08:01:00Z'), 'America/Los_Angeles')).toBe('2026-01-16');
  });

  it('gives the business date, which is ahead of the UTC date early in the Kolkata morning', () => {
    expect(todayInTimeZone(new Date('2026-01-15T18:31:00Z'), 'Asia/Kolkata')).toBe('2026-01-16');
    expect(todayInTimeZone(new Date('2026-01-15T18:31:00Z'), 'UTC')).toBe('2026-01-15');
  });

  it('does not depend on the host time zone', () => {
    expect(new Set(hostOffsetsInJanuary()).size).toBeGreaterThan(1);
    const answers = inEveryHostTimeZone(() =>
      todayInTimeZone(new Date('2026-01-16T07:59:00Z'), 'America/Los_Angeles'),
    );
    expect(new Set(answers)).toEqual(new Set(['2026-01-15']));
  });
});
