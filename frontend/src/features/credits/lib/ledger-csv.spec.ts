import type { CreditTransaction } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { csvField, csvLines, ledgerCsvRow } from './ledger-csv';

describe('ledger CSV', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(
      csvLines([
        ['a', 'b'],
        ['c', 1],
      ]),
    ).toBe('a,b\r\nc,1\r\n');
  });

  it('keeps formulas as text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('writes money in dollars with two decimals from cents', () => {
    const row = ledgerCsvRow({
      id: 'a',
      creditId: 'c',
      athleteName: 'Ann',
      partnerId: null,
      partnerName: null,
      transactionType: 'purchase',
      amount: 1_005,
      description: 'Shoes',
      category: 'shoes',
      reference: null,
      balanceAfter: 10,
      notes: null,
      createdAt: '2026-11-23T01:00:00.000Z',
      createdBy: null,
      voidedAt: null,
      voidedBy: null,
      voidReason: null,
    } satisfies CreditTransaction);
    expect(row.slice(9, 12)).toEqual(['10.05', '0.10', 'Completed']);
  });
});
