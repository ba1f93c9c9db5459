import { describe, expect, it } from 'vitest';
import { displayService, displayTitle, voucherInitials } from './initials';

describe('voucherInitials', () => {
  it('takes the first letters of the first two words, uppercased', () => {
    expect(voucherInitials('Acme Sports Clinic')).toBe('AS');
    expect(voucherInitials('joe pizza')).toBe('JP');
    expect(voucherInitials('Gym')).toBe('G');
  });

  it('skips the word EXCLUSIVE in any case', () => {
    expect(voucherInitials('Nike EXCLUSIVE')).toBe('N');
    expect(voucherInitials('exclusive Yoga Studio')).toBe('YS');
    expect(voucherInitials('EXCLUSIVE')).toBe('AV');
  });

  it('ignores words without letters or digits and extra spaces', () => {
    expect(voucherInitials('  Burgers  &  Fries ')).toBe('BF');
    expect(voucherInitials('"Best" Coffee')).toBe('BC');
  });

  it('falls back to AV when there is no title', () => {
    expect(voucherInitials('')).toBe('AV');
    expect(voucherInitials('   ')).toBe('AV');
    expect(voucherInitials(null)).toBe('AV');
    expect(voucherInitials(undefined)).toBe('AV');
  });
});

describe('displayTitle', () => {
  it("drops a leading 'FREE ' when the discount is not a free service", () => {
    expect(displayTitle('FREE Smoothie Upgrade', 'percentage')).toBe('Smoothie Upgrade');
    expect(displayTitle('Free  Smoothie', 'fixed')).toBe('Smoothie');
    expect(displayTitle('FREE Smoothie', 'bogo')).toBe('Smoothie');
  });

  it("keeps 'FREE' for a free-service voucher and leaves other titles alone", () => {
    expect(displayTitle('FREE Massage', 'free-service')).toBe('FREE Massage');
    expect(displayTitle('Freestyle Swim', 'percentage')).toBe('Freestyle Swim');
    expect(displayTitle('Get FREE Stuff', 'percentage')).toBe('Get FREE Stuff');
  });
});

describe('displayService', () => {
  it("removes a leading 'FREE ' from the service line", () => {
    expect(displayService('FREE Massage')).toBe('Massage');
    expect(displayService('Massage')).toBe('Massage');
    expect(displayService('Freeze Therapy')).toBe('Freeze Therapy');
  });
});
