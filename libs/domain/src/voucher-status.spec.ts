import { describe, expect, it } from 'vitest';
import { UNLIMITED_USAGE_LIMIT } from './usage-limit';
import {
  VOUCHER_STATUSES,
  VOUCHER_STATUS_LABELS,
  canRedeem,
  isUpcoming,
  redemptionRatePercent,
  startsAt,
  voucherStatus,
  type VoucherStatusInput,
} from './voucher-status';

const LA = 'America/Los_Angeles';
// 10:00 Pacific on Jan 20, 2026.
const NOW = new Date('2026-01-20T18:00:00Z');

const voucher = (overrides: Partial<VoucherStatusInput> = {}): VoucherStatusInput => ({
  usageCount: 0,
  usageLimit: 1,
  expirationDate: '2026-02-01',
  isActive: true,
  ...overrides,
});

describe('voucherStatus', () => {
  it('a fresh voucher before its date is active and can be redeemed', () => {
    expect(voucherStatus(voucher(), NOW, LA)).toBe('active');
    expect(canRedeem(voucher(), NOW, LA)).toBe(true);
  });

  it('a voucher past its date shows EXPIRED and cannot be redeemed', () => {
    const past = voucher({ expirationDate: '2026-01-19' });
    expect(voucherStatus(past, NOW, LA)).toBe('expired');
    expect(canRedeem(past, NOW, LA)).toBe(false);
  });

  it('a voucher used as many times as its limit shows REDEEMED', () => {
    expect(voucherStatus(voucher({ usageCount: 1, usageLimit: 1 }), NOW, LA)).toBe('used_up');
    expect(voucherStatus(voucher({ usageCount: 4, usageLimit: 5 }), NOW, LA)).toBe('active');
    expect(canRedeem(voucher({ usageCount: 5, usageLimit: 5 }), NOW, LA)).toBe(false);
  });

  it('a voucher used up and expired shows REDEEMED, on every screen', () => {
    const status = voucherStatus(
      voucher({ usageCount: 1, usageLimit: 1, expirationDate: '2026-01-01' }),
      NOW,
      LA,
    );
    expect(status).toBe('used_up');
    expect(VOUCHER_STATUS_LABELS.voucherPage[status]).toBe('REDEEMED');
    expect(VOUCHER_STATUS_LABELS.adminTable[status]).toBe('Used Up');
  });

  it('a deactivated voucher shows INACTIVE even when used up or expired', () => {
    expect(voucherStatus(voucher({ isActive: false }), NOW, LA)).toBe('inactive');
    expect(
      voucherStatus(voucher({ isActive: false, usageCount: 9, expirationDate: '2020-01-01' }), NOW, LA),
    ).toBe('inactive');
    expect(canRedeem(voucher({ isActive: false }), NOW, LA)).toBe(false);
  });

  it('a voucher with no isActive flag counts as active', () => {
    const { isActive: _omitted, ...rest } = voucher();
    expect(voucherStatus(rest, NOW, LA)).toBe('active');
  });

  it('an unlimited voucher used many times is still active', () => {
    expect(voucherStatus(voucher({ usageCount: 5000, usageLimit: UNLIMITED_USAGE_LIMIT }), NOW, LA)).toBe(
      'active',
    );
  });

  it('a voucher for 999 uses is used up after 999 redemptions', () => {
    expect(voucherStatus(voucher({ usageCount: 999, usageLimit: 999 }), NOW, LA)).toBe('used_up');
  });

  it('a voucher without expiry date stays active', () => {
    expect(voucherStatus(voucher({ expirationDate: null }), new Date('2100-01-01T00:00:00Z'), LA)).toBe(
      'active',
    );
  });

  it('a voucher expiring today is still redeemable at 23:59 business time but not at 00:01', () => {
    const today = voucher({ expirationDate: '2026-01-20' });
    expect(canRedeem(today, new Date('2026-01-21T07:59:00Z'), LA)).toBe(true);
    expect(voucherStatus(today, new Date('2026-01-21T08:01:00Z'), LA)).toBe('expired');
  });

  it('defaults to the Los Angeles business day', () => {
    const today = voucher({ expirationDate: '2026-01-20' });
    expect(voucherStatus(today, new Date('2026-01-21T07:59:00Z'))).toBe('active');
  });
});

describe('a start date (issue 24)', () => {
  const starting = voucher({ startDate: '2026-01-22', expirationDate: '2026-02-01' });

  it('is UPCOMING before the start of its business day and cannot be redeemed', () => {
    expect(voucherStatus(starting, NOW, LA)).toBe('upcoming');
    expect(canRedeem(starting, NOW, LA)).toBe(false);
    // 23:59:59.999 Pacific on Jan 21 is 07:59:59.999Z on Jan 22: still upcoming.
    expect(voucherStatus(starting, new Date('2026-01-22T07:59:59.999Z'), LA)).toBe('upcoming');
  });

  it('is active from midnight of that day in the business time zone, not UTC midnight', () => {
    expect(voucherStatus(starting, new Date('2026-01-22T00:00:00Z'), LA)).toBe('upcoming');
    expect(voucherStatus(starting, new Date('2026-01-22T08:00:00Z'), LA)).toBe('active');
    expect(canRedeem(starting, new Date('2026-01-22T08:00:00Z'), LA)).toBe(true);
    expect(startsAt('2026-01-22', LA)?.toISOString()).toBe('2026-01-22T08:00:00.000Z');
    expect(startsAt('2026-01-22', 'UTC')?.toISOString()).toBe('2026-01-22T00:00:00.000Z');
  });

  it('starts at the first instant of a day that skips midnight (a DST jump at 00:00)', () => {
    // America/Santiago springs forward at 00:00 on 2025-09-07: the day begins at 01:00 local (04:00Z).
    expect(startsAt('2025-09-07', 'America/Santiago')?.toISOString()).toBe('2025-09-07T04:00:00.000Z');
  });

  it('no start (null or absent) is redeemable at once', () => {
    expect(isUpcoming(null, NOW, LA)).toBe(false);
    expect(isUpcoming(undefined, NOW, LA)).toBe(false);
    expect(voucherStatus(voucher({ startDate: null }), NOW, LA)).toBe('active');
  });

  it('inactive, used up and expired win over upcoming', () => {
    expect(voucherStatus({ ...starting, isActive: false }, NOW, LA)).toBe('inactive');
    expect(voucherStatus({ ...starting, usageCount: 1 }, NOW, LA)).toBe('used_up');
    expect(voucherStatus({ ...starting, expirationDate: '2026-01-19' }, NOW, LA)).toBe('expired');
  });
});

describe('status labels', () => {
  it('has a label for every status on the voucher page and in admin tables', () => {
    expect(VOUCHER_STATUSES).toEqual(['active', 'upcoming', 'expired', 'used_up', 'inactive']);
    expect(VOUCHER_STATUS_LABELS.voucherPage).toEqual({
      active: 'ACTIVE',
      upcoming: 'UPCOMING',
      expired: 'EXPIRED',
      used_up: 'REDEEMED',
      inactive: 'INACTIVE',
    });
    expect(VOUCHER_STATUS_LABELS.adminTable).toEqual({
      active: 'Active',
      upcoming: 'Upcoming',
      expired: 'Expired',
      used_up: 'Used Up',
      inactive: 'Inactive',
    });
  });
});

describe('redemptionRatePercent', () => {
  it('shows redemptions per code as a rounded percent', () => {
    expect(redemptionRatePercent(1, 3)).toBe(33);
    expect(redemptionRatePercent(2, 3)).toBe(67);
    expect(redemptionRatePercent(1, 8)).toBe(13);
    expect(redemptionRatePercent(0, 10)).toBe(0);
    expect(redemptionRatePercent(25, 10)).toBe(250);
  });

  it('shows 0 when there are no codes yet', () => {
    expect(redemptionRatePercent(0, 0)).toBe(0);
    expect(redemptionRatePercent(5, 0)).toBe(0);
  });

  it('rejects negative or non-finite counts', () => {
    expect(() => redemptionRatePercent(-1, 3)).toThrow(RangeError);
    expect(() => redemptionRatePercent(1, Number.NaN)).toThrow(RangeError);
  });
});
