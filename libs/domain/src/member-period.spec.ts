import { describe, expect, it } from 'vitest';
import { memberPeriodStart } from './member-period';

describe('the period a per-member limit counts in (as member_period_start does)', () => {
  it('a day is itself, a month starts on the 1st, ever on 1970-01-01', () => {
    expect(memberPeriodStart('day', '2026-12-10')).toBe('2026-12-10');
    expect(memberPeriodStart('month', '2026-12-31')).toBe('2026-12-01');
    expect(memberPeriodStart('ever', '2026-12-10')).toBe('1970-01-01');
  });

  it('an ISO week starts on Monday, across a month and a year', () => {
    expect(memberPeriodStart('week', '2026-12-10')).toBe('2026-12-07'); // a Thursday
    expect(memberPeriodStart('week', '2026-12-07')).toBe('2026-12-07'); // the Monday itself
    expect(memberPeriodStart('week', '2026-12-13')).toBe('2026-12-07'); // the Sunday
    expect(memberPeriodStart('week', '2027-01-01')).toBe('2026-12-28');
  });
});
