import { describe, expect, it } from 'vitest';
import { validFromText } from './voucher-text';

describe('"Valid from" on the voucher page and the /generate preview', () => {
  it('prints the start as the calendar date it is, whatever the zone', () => {
    expect(validFromText('2026-03-08')).toBe('Valid from Mar 8, 2026');
  });

  it('says nothing for a code valid at once', () => {
    expect(validFromText(null)).toBeNull();
    expect(validFromText(undefined)).toBeNull();
    expect(validFromText('')).toBeNull();
  });
});
