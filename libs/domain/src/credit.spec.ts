import { describe, expect, it } from 'vitest';
import { creditState, monthlyCreditAmount } from './credit';

describe('credit rules', () => {
  it('the monthly amount is the total over the duration in whole cents', () => {
    expect(monthlyCreditAmount(120_000, 12)).toBe(10_000);
    expect(monthlyCreditAmount(100_000, 12)).toBe(8_333);
    expect(monthlyCreditAmount(100, 0)).toBe(0);
  });

  it('a credit is active through the end of its last business day, then expired', () => {
    const tz = 'America/Los_Angeles';
    const credit = { isActive: true, endDate: '2026-11-30' };
    expect(creditState(credit, new Date('2026-12-01T07:59:59.999Z'), tz)).toBe('active');
    expect(creditState(credit, new Date('2026-12-01T08:00:00.000Z'), tz)).toBe('expired');
    expect(creditState({ ...credit, isActive: false }, new Date('2026-11-01T00:00:00Z'), tz)).toBe(
      'inactive',
    );
  });
});
