import { describe, expect, it } from 'vitest';
import { heldVoucherMeta } from './held-voucher-meta';
import { memberWords } from './member-words';

const base = { usageLimit: 3, usageCount: 1, expirationDate: '2099-12-31', lastRedemption: null };

describe('what a member reads under a voucher of My vouchers', () => {
  it('says the uses left and until when for one ready to use, in the member’s language', () => {
    expect(heldVoucherMeta({ ...base, state: 'active' }, memberWords('en'), 'en')).toBe(
      '2 uses left · Valid until Dec 31, 2099',
    );
    expect(heldVoucherMeta({ ...base, state: 'active' }, memberWords('es'), 'es')).toBe(
      'Quedan 2 usos · Válido hasta el 31 dic 2099',
    );
    expect(
      heldVoucherMeta(
        { ...base, usageLimit: 999999, expirationDate: null, state: 'active' },
        memberWords('en'),
        'en',
      ),
    ).toBe('Unlimited uses');
  });

  it('says where and when a used one was used, or only that it was', () => {
    const lastRedemption = { redeemedAt: '2026-11-30T10:15:00Z', partnerName: 'Harbor Physio' };
    expect(heldVoucherMeta({ ...base, state: 'used', lastRedemption }, memberWords('en'), 'en')).toMatch(
      /^Used at Harbor Physio on Nov 30, 2026, \d{1,2}:15 [AP]M$/,
    );
    expect(heldVoucherMeta({ ...base, state: 'used', lastRedemption }, memberWords('es'), 'es')).toMatch(
      /^Usado en Harbor Physio el 30 nov 2026, \d{1,2}:15$/,
    );
    expect(heldVoucherMeta({ ...base, state: 'used' }, memberWords('en'), 'en')).toBe('Used');
    expect(heldVoucherMeta({ ...base, state: 'expired' }, memberWords('es'), 'es')).toBe('Caducado');
  });
});
