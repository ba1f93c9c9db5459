import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIMEZONE,
  defaultExpiryDate,
  endOfBusinessDay,
  expiresAt,
  isExpired,
} from './expiry';
import { hostOffsetsInJanuary, inEveryHostTimeZone } from '../test/host-time-zone';

const LA = 'America/Los_Angeles';
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('endOfBusinessDay', () => {
  it.each([
    ['2026-01-15', LA, '2026-01-16T07:59:59.999Z'], // PST, UTC-8
    ['2026-07-15', LA, '2026-07-16T06:59:59.999Z'], // PDT, UTC-7
    ['2026-03-08', LA, '2026-03-09T06:59:59.999Z'], // clocks went forward at 02:00 that morning
    ['2026-03-07', LA, '2026-03-08T07:59:59.999Z'], // the day before, still PST
    ['2026-11-01', LA, '2026-11-02T07:59:59.999Z'], // clocks went back at 02:00 that morning
    ['2026-10-31', LA, '2026-11-01T06:59:59.999Z'], // the day before, still PDT
    ['2026-01-15', 'Europe/London', '2026-01-15T23:59:59.999Z'],
    ['2026-07-15', 'Europe/London', '2026-07-15T22:59:59.999Z'],
    ['2026-03-29', 'Europe/London', '2026-03-29T22:59:59.999Z'],
    ['2026-10-25', 'Europe/London', '2026-10-25T23:59:59.999Z'],
    ['2026-01-15', 'Asia/Kolkata', '2026-01-15T18:29:59.999Z'],
    ['2026-07-15', 'Asia/Kolkata', '2026-07-15T18:29:59.999Z'],
    ['2026-01-15', 'UTC', '2026-01-15T23:59:59.999Z'],
    ['2026-07-15', 'UTC', '2026-07-15T23:59:59.999Z'],
    ['2028-02-29', LA, '2028-03-01T07:59:59.999Z'],
  ])('%s in %s ends at %s', (date, zone, expected) => {
    expect(endOfBusinessDay(date, zone).toISOString()).toBe(expected);
  });

  it('gives the same instant whatever time zone the host runs in', () => {
    expect(new Set(hostOffsetsInJanuary()).size).toBeGreaterThan(1);
    const answers = inEveryHostTimeZone(() =>
      ['2026-01-15', '2026-07-15', '2026-03-08', '2026-11-01'].map((d) => iso(endOfBusinessDay(d, LA))),
    );
    for (const answer of answers) {
      expect(answer).toEqual([
        '2026-01-16T07:59:59.999Z',
        '2026-07-16T06:59:59.999Z',
        '2026-03-09T06:59:59.999Z',
        '2026-11-02T07:59:59.999Z',
      ]);
    }
  });

  it('waits for the second 23:59:59.999 when clocks fall back at midnight', () => {
    // Sao Paulo left summer time at 00:00 on 2018-02-18, repeating the last hour of Feb 17.
    expect(endOfBusinessDay('2018-02-17', 'America/Sao_Paulo').toISOString()).toBe(
      '2018-02-18T02:59:59.999Z',
    );
    // ...and skipped 00:00-01:00 on 2018-11-04; Nov 3 still ends at 23:59:59.999 (UTC-3).
    expect(endOfBusinessDay('2018-11-03', 'America/Sao_Paulo').toISOString()).toBe(
      '2018-11-04T02:59:59.999Z',
    );
  });

  it('ends a day the zone skipped entirely at the moment the clocks jumped', () => {
    // Samoa jumped from the end of 2011-12-29 (UTC-10) straight to 2011-12-31 (UTC+14).
    expect(endOfBusinessDay('2011-12-30', 'Pacific/Apia').toISOString()).toBe('2011-12-30T09:59:59.999Z');
    expect(endOfBusinessDay('2011-12-29', 'Pacific/Apia').toISOString()).toBe('2011-12-30T09:59:59.999Z');
  });

  it('rejects bad dates and unknown zones', () => {
    expect(() => endOfBusinessDay('2026-02-30', LA)).toThrow(RangeError);
    expect(() => endOfBusinessDay('2026-01-15', 'Atlantis/Capital')).toThrow(/Unknown time zone/);
  });
});

describe('isExpired with a date-only expiry (valid through the end of that business day)', () => {
  it('a voucher expiring Jan 15 in Los Angeles still works at 23:59 Pacific, when it is already Jan 16 in UTC', () => {
    expect(isExpired('2026-01-15', new Date('2026-01-16T07:59:00Z'), LA)).toBe(false);
  });

  it('a voucher expiring Jan 15 in Los Angeles has expired at 00:01 Pacific on Jan 16', () => {
    expect(isExpired('2026-01-15', new Date('2026-01-16T08:01:00Z'), LA)).toBe(true);
  });

  it('the last millisecond of the day is still valid and the next one is not', () => {
    expect(isExpired('2026-07-15', new Date('2026-07-16T06:59:59.999Z'), LA)).toBe(false);
    expect(isExpired('2026-07-15', new Date('2026-07-16T07:00:00.000Z'), LA)).toBe(true);
  });

  it('a voucher expiring Jan 15 in Kolkata has expired at 00:01 local, while it is still Jan 15 in UTC', () => {
    expect(isExpired('2026-01-15', new Date('2026-01-15T18:29:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isExpired('2026-01-15', new Date('2026-01-15T18:31:00Z'), 'Asia/Kolkata')).toBe(true);
  });

  it('uses Los Angeles as the default business time zone', () => {
    expect(DEFAULT_BUSINESS_TIMEZONE).toBe('America/Los_Angeles');
    expect(isExpired('2026-01-15', new Date('2026-01-16T07:59:00Z'))).toBe(false);
    expect(isExpired('2026-01-15', new Date('2026-01-16T08:01:00Z'))).toBe(true);
  });

  it('does not depend on the host time zone', () => {
    const answers = inEveryHostTimeZone(() => [
      isExpired('2026-01-15', new Date('2026-01-16T07:59:00Z'), LA),
      isExpired('2026-01-15', new Date('2026-01-16T08:01:00Z'), LA),
    ]);
    for (const answer of answers) expect(answer).toEqual([false, true]);
  });
});

describe('isExpired with an instant expiry (expires at that exact moment)', () => {
  const expiry = new Date('2026-01-15T00:00:00.000Z');

  it('treats a Date at midnight UTC as that instant, not as a whole business day', () => {
    expect(isExpired(expiry, new Date('2026-01-14T23:59:59.999Z'), LA)).toBe(false);
    expect(isExpired(expiry, new Date('2026-01-15T00:00:00.000Z'), LA)).toBe(true);
  });

  it('accepts ISO text with an offset', () => {
    expect(isExpired('2026-01-15T12:00:00-08:00', new Date('2026-01-15T19:59:00Z'), LA)).toBe(false);
    expect(isExpired('2026-01-15T12:00:00-08:00', new Date('2026-01-15T20:00:00Z'), LA)).toBe(true);
  });

  it('refuses ambiguous or malformed expiry text instead of guessing', () => {
    expect(() => isExpired('2026-01-15T12:00:00', new Date(), LA)).toThrow(RangeError);
    expect(() => isExpired('next week', new Date(), LA)).toThrow(RangeError);
    expect(() => isExpired(new Date(Number.NaN), new Date(), LA)).toThrow('Invalid Date');
    expect(() => isExpired(expiry, new Date(), 'Not/AZone')).toThrow(/Unknown time zone/);
  });
});

describe('a voucher without an expiry date', () => {
  it('never expires', () => {
    expect(isExpired(null, new Date('2999-01-01T00:00:00Z'), LA)).toBe(false);
    expect(expiresAt(null, LA)).toBeNull();
  });
});

describe('expiresAt', () => {
  it('is the first expired instant', () => {
    expect(iso(expiresAt('2026-03-08', LA))).toBe('2026-03-09T07:00:00.000Z');
    expect(iso(expiresAt('2026-03-08T07:00:00Z', LA))).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('defaultExpiryDate', () => {
  it('is 30 days after the business date, not the UTC date', () => {
    // 23:30 Pacific on Jan 31 (already Feb 1 in UTC): 30 days after Jan 31.
    expect(defaultExpiryDate(new Date('2026-02-01T07:30:00Z'), LA)).toBe('2026-03-02');
    expect(defaultExpiryDate(new Date('2026-02-01T08:30:00Z'), LA)).toBe('2026-03-03');
  });
});
