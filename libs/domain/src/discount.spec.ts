import { describe, expect, it } from 'vitest';
import { PARTNER_TYPE_LABELS, TRAINER_ROLE_LABELS, formatDiscount } from './discount';
import { DISCOUNT_TYPES, isDiscountType, isPartnerType, isTrainerRole } from './voucher-kinds';

describe('formatDiscount', () => {
  it('shows each discount type the way the voucher badge reads', () => {
    expect(formatDiscount('percentage', 25)).toBe('25% Off');
    expect(formatDiscount('fixed', 10)).toBe('$10 Off');
    expect(formatDiscount('bogo', 0)).toBe('BOGO');
    expect(formatDiscount('free-service', 0)).toBe('Free Service');
  });

  it('groups thousands and keeps fractional values readable', () => {
    expect(formatDiscount('fixed', 1000)).toBe('$1,000 Off');
    expect(formatDiscount('percentage', 12.5)).toBe('12.5% Off');
  });
});

describe('vocabularies', () => {
  it('lists the four discount types in form order', () => {
    expect(DISCOUNT_TYPES).toEqual(['percentage', 'fixed', 'bogo', 'free-service']);
    expect(isDiscountType('bogo')).toBe(true);
    expect(isDiscountType('free')).toBe(false);
    expect(isDiscountType(3)).toBe(false);
  });

  it('labels partner types for the voucher card', () => {
    expect(PARTNER_TYPE_LABELS).toEqual({
      partner: 'Business Partner',
      facility: 'Training Facility',
      shop: 'Sports Shop',
      clinic: 'Sports Clinic',
      gym: 'Fitness Center',
    });
    expect(isPartnerType('gym')).toBe(true);
    expect(isPartnerType('trainer')).toBe(false);
  });

  it('labels trainer roles', () => {
    expect(TRAINER_ROLE_LABELS).toEqual({ trainer: 'Personal Trainer', athlete: 'Athlete', coach: 'Coach' });
    expect(isTrainerRole('coach')).toBe(true);
    expect(isTrainerRole('Coach')).toBe(false);
  });
});
