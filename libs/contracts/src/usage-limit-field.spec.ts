import { describe, expect, it } from 'vitest';
import { bulkGenerateRequestSchema, generateQrRequestSchema, USAGE_LIMIT_REQUIRED_MESSAGE } from './vouchers';

const base = { clinic: 'Summit', service: 'Massage', expirationDate: '2099-01-01', discountValue: 25 };

describe('an empty "Custom number" of uses', () => {
  it('is refused with a message, never read as 1 use', () => {
    for (const usageLimit of ['', '   ']) {
      const parsed = generateQrRequestSchema.safeParse({ ...base, usageLimit });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ['usageLimit'], message: USAGE_LIMIT_REQUIRED_MESSAGE }),
      ]);
      const bulk = bulkGenerateRequestSchema.safeParse({ ...base, batchName: 'B', usageLimit });
      expect(bulk.error?.issues[0]?.message).toBe(USAGE_LIMIT_REQUIRED_MESSAGE);
    }
  });

  it('leaves the default alone: no usage limit sent is 1 use, a typed number is that number', () => {
    expect(generateQrRequestSchema.parse(base).usageLimit).toBe(1);
    expect(generateQrRequestSchema.parse({ ...base, usageLimit: ' 12 ' }).usageLimit).toBe(12);
    expect(generateQrRequestSchema.parse({ ...base, usageLimit: 'unlimited' }).usageLimit).toBe(999999);
  });
});
