import { beforeAll, describe, expect, it } from 'vitest';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { heldVoucherMeta } from './held-voucher-meta';

const base = { usageLimit: 3, usageCount: 1, expirationDate: '2099-12-31', lastRedemption: null };
let en: Words<MessageId>;
let es: Words<MessageId>;
beforeAll(async () => {
  [en, es] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

describe('what a member reads under a voucher of My vouchers', () => {
  it('says the uses left and until when for one ready to use, in the member’s language', () => {
    expect(heldVoucherMeta({ ...base, state: 'active' }, en)).toBe('2 uses left · Valid until Dec 31, 2099');
    expect(heldVoucherMeta({ ...base, state: 'active', usageCount: 2 }, en)).toBe(
      '1 use left · Valid until Dec 31, 2099',
    );
    expect(heldVoucherMeta({ ...base, state: 'active' }, es)).toBe(
      'Quedan 2 usos · Válido hasta el 31 dic 2099',
    );
    expect(heldVoucherMeta({ ...base, usageLimit: 999999, expirationDate: null, state: 'active' }, en)).toBe(
      'Unlimited uses',
    );
  });

  it('says where and when a used one was used, or only that it was', () => {
    const lastRedemption = { redeemedAt: '2026-11-30T10:15:00Z', partnerName: 'Harbor Physio' };
    expect(heldVoucherMeta({ ...base, state: 'used', lastRedemption }, en)).toMatch(
      /^Used at Harbor Physio on Nov 30, 2026, \d{1,2}:15\s[AP]M$/,
    );
    expect(heldVoucherMeta({ ...base, state: 'used', lastRedemption }, es)).toMatch(
      /^Usado en Harbor Physio el 30 nov 2026, \d{1,2}:15\s[ap]\.\s?m\.$/,
    );
    expect(heldVoucherMeta({ ...base, state: 'used' }, en)).toBe('Used');
    expect(heldVoucherMeta({ ...base, state: 'expired' }, es)).toBe('Vencido');
  });
});
