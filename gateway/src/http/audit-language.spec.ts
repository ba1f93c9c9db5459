import { describeAuditEntry, type DescribableAuditEntry } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { auditWordsFor } from './audit-language';

const redeem: DescribableAuditEntry = {
  action: 'vouchers.voucher.till-redeemed',
  actorType: 'user',
  actorId: 'u1',
  actorName: 'Sam Rivera',
  ip: null,
  targetType: 'voucher',
  targetId: 'c1',
  targetName: 'Spring Tune-up',
  companyName: 'Riverside Bike Shop',
  changes: { discountApplied: { before: null, after: 900 } },
};

describe("the audit CSV's Description (issue 42)", () => {
  it("is in the request's Accept-Language", async () => {
    const words = await auditWordsFor('es-US,es;q=0.9,en;q=0.5');
    expect(words.language).toBe('es');
    expect(describeAuditEntry(redeem, words).text).toBe(
      'Sam Rivera canjeó Spring Tune-up en Riverside Bike Shop ($9.00 de descuento)',
    );
  });

  it('is English for English, for a language AV Pass does not speak, and without the header', async () => {
    for (const header of ['en', 'fr-FR', 'pseudo', undefined]) {
      const words = await auditWordsFor(header);
      expect(describeAuditEntry(redeem, words).text, String(header)).toBe(
        'Sam Rivera redeemed Spring Tune-up at Riverside Bike Shop ($9.00 off)',
      );
    }
  });
});
