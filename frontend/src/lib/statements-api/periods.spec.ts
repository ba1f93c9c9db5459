import { describe, expect, it } from 'vitest';
import { centsOfDollars, monthName, monthSoFar, netWords, previousMonth } from './periods';
import { STATEMENT_URLS, withQuery } from './urls';

describe('statement periods and words', () => {
  it('the last finished month, across a year', () => {
    expect(previousMonth('2026-11-29')).toBe('2026-10');
    expect(previousMonth('2026-01-01')).toBe('2025-12');
  });

  it('the month so far runs from its first day through today', () => {
    expect(monthSoFar('2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
  });

  it('names the month and says who owes whom', () => {
    expect(monthName('2026-10')).toBe('October 2026');
    expect(netWords(1250)).toBe('The club owes you $12.50');
    expect(netWords(-750)).toBe('You owe the club $7.50');
    expect(netWords(0)).toBe('Nothing is owed');
    expect(netWords(-750, 'admin')).toBe('The partner owes $7.50');
  });

  it('reads dollars as whole cents, or nothing', () => {
    expect(centsOfDollars('12.50')).toBe(1250);
    expect(centsOfDollars('$3')).toBe(300);
    expect(centsOfDollars('-0.1')).toBe(-10);
    expect(centsOfDollars('twelve')).toBeNull();
    expect(centsOfDollars('')).toBeNull();
  });
});

describe('statement URLs', () => {
  it('carry only the filters given', () => {
    expect(withQuery(STATEMENT_URLS.list, { period: '2026-10', status: undefined, limit: 200 })).toBe(
      '/api/statements?period=2026-10&limit=200',
    );
  });
});
