import { describe, expect, it } from 'vitest';
import { matchingCount, showingCount } from './partner-counts';

describe('the landing page counts its partners', () => {
  it('says how many of how many are shown', () => {
    expect(showingCount(40, 132)).toBe('Showing 40 of 132 partners');
    expect(showingCount(24, 10_000)).toBe('Showing 24 of 10,000 partners');
  });

  it('never shows more than the whole (a count a few seconds old)', () => {
    expect(showingCount(27, 25)).toBe('Showing 27 of 27 partners');
  });

  it('a search says the whole number found, or what is loaded and "+" from an older server', () => {
    expect(matchingCount(24, true, 26, 'bike')).toBe('26 partners matching "bike"');
    expect(matchingCount(1, false, 1, 'bike')).toBe('1 partner matching "bike"');
    expect(matchingCount(24, true, undefined, 'bike')).toBe('24+ partners matching "bike"');
  });
});
