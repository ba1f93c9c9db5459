import { describe, expect, it } from 'vitest';
import {
  exclusiveStatus,
  exclusiveTitle,
  inferExclusiveDiscount,
  isUpcomingEvent,
  vendorExclusiveTitle,
} from './exclusive';
import { UNLIMITED_USAGE_LIMIT } from './usage-limit';

const TZ = 'America/Los_Angeles';

describe('the discount an exclusive value becomes', () => {
  it.each([
    ['20% off', 'training_session', 'percentage', 20],
    ['20 % OFF your first month', 'custom', 'percentage', 20],
    ['Save 12.5%', 'exclusive_discount', 'percentage', 13],
    ['Buy 2 sessions, get 30% off the third', 'exclusive_discount', 'percentage', 30],
    ['150% bonus', 'exclusive_discount', 'percentage', 100],
    ['$15 OFF', 'exclusive_discount', 'fixed', 15],
    ['$ 15 off', 'raffle_prize', 'fixed', 15],
    ['Get $1,000 in gear', 'raffle_prize', 'fixed', 1000],
    ['10 OFF', 'exclusive_discount', 'fixed', 10],
    ['10off', 'special_event', 'fixed', 10],
    ['take 25 off any class', 'training_session', 'fixed', 25],
    ['save 5.50', 'exclusive_discount', 'fixed', 6],
    ['save 5.50', 'training_session', 'free-service', 0],
    ['Buy one get one', 'exclusive_discount', 'free-service', 0],
    ['Buy one get one', 'special_event', 'free-service', 0],
    ['FREE session', 'training_session', 'free-service', 0],
    ['FREE session', 'exclusive_discount', 'free-service', 0],
    ['VIP seat', 'special_event', 'free-service', 0],
    ['', 'exclusive_discount', 'free-service', 0],
    ['   ', 'training_session', 'free-service', 0],
    ['🔥 20% off 🔥', 'exclusive_discount', 'percentage', 20],
    ['🎟️ $5 off 🎟️', 'special_event', 'fixed', 5],
    ['🎉', 'exclusive_discount', 'free-service', 0],
    ['% off everything', 'exclusive_discount', 'free-service', 0],
    ['offer 3', 'exclusive_discount', 'fixed', 3],
  ] as const)('%j (%s) -> %s %d', (text, type, discountType, discountValue) => {
    expect(inferExclusiveDiscount(text, type)).toEqual({ discountType, discountValue });
  });

  it('treats a missing value as no discount', () => {
    expect(inferExclusiveDiscount(null, 'exclusive_discount')).toEqual({
      discountType: 'free-service',
      discountValue: 0,
    });
    expect(inferExclusiveDiscount(undefined, 'custom').discountType).toBe('free-service');
  });

  it('does not read the word "office" as OFF', () => {
    expect(inferExclusiveDiscount('2 office visits', 'special_event').discountType).toBe('free-service');
  });
});

describe('exclusive titles', () => {
  it("drops a leading 'FREE ' in the discount type only", () => {
    expect(exclusiveTitle('FREE Smoothie', 'exclusive_discount')).toBe('Smoothie');
    expect(exclusiveTitle('free  smoothie ', 'exclusive_discount')).toBe('smoothie');
    expect(exclusiveTitle('FREE Smoothie', 'training_session')).toBe('FREE Smoothie');
    expect(exclusiveTitle('FREEDOM run', 'exclusive_discount')).toBe('FREEDOM run');
    expect(exclusiveTitle('FREE', 'exclusive_discount')).toBe('FREE');
  });

  it("names a vendor's exclusive '{vendor name} EXCLUSIVE'", () => {
    expect(vendorExclusiveTitle(' Peak Physio ')).toBe('Peak Physio EXCLUSIVE');
  });
});

describe('exclusive status', () => {
  const now = new Date('2026-03-10T20:00:00Z'); // 13:00 on 10 March in Los Angeles
  it('is Expired first, then Redeemed, else Active', () => {
    expect(exclusiveStatus({ usageCount: 1, usageLimit: 1, expirationDate: '2026-03-09' }, now, TZ)).toBe(
      'expired',
    );
    expect(exclusiveStatus({ usageCount: 1, usageLimit: 1, expirationDate: '2026-03-10' }, now, TZ)).toBe(
      'redeemed',
    );
    expect(exclusiveStatus({ usageCount: 0, usageLimit: 1, expirationDate: '2026-03-10' }, now, TZ)).toBe(
      'active',
    );
    expect(
      exclusiveStatus(
        { usageCount: 5000, usageLimit: UNLIMITED_USAGE_LIMIT, expirationDate: '2026-04-01' },
        now,
        TZ,
      ),
    ).toBe('active');
  });

  it('counts an event today or later as upcoming, in the business time zone', () => {
    expect(isUpcomingEvent('2026-03-10', now, TZ)).toBe(true);
    expect(isUpcomingEvent('2026-03-10T09:00', now, TZ)).toBe(true);
    expect(isUpcomingEvent('2026-03-09', now, TZ)).toBe(false);
    // 06:30 UTC on the 11th is still the 10th in Los Angeles (PDT, UTC-7).
    expect(isUpcomingEvent('2026-03-10', new Date('2026-03-11T06:30:00Z'), TZ)).toBe(true);
    expect(isUpcomingEvent('2026-03-10', new Date('2026-03-11T07:30:00Z'), TZ)).toBe(false);
    expect(isUpcomingEvent(null, now, TZ)).toBe(false);
    expect(isUpcomingEvent('next week', now, TZ)).toBe(false);
  });
});
