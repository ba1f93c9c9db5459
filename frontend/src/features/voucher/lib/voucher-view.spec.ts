import type { PublicVoucher } from '@avpass/contracts';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { newIdempotencyKey } from './idempotency-key';
import { voucherView } from './voucher-view';

const base: PublicVoucher = {
  id: '0b9c5a56-7a52-4c53-9d33-2f0b7c1c3a11',
  qrUrl: 'https://avpass.example/voucher/0b9c5a56-7a52-4c53-9d33-2f0b7c1c3a11',
  clinicName: 'Harbor Physio',
  discountType: 'percentage',
  discountValue: 20,
  service: 'FREE Sports Massage',
  expirationDate: '2026-03-08',
  usageLimit: 3,
  usageCount: 1,
  terms: '  ',
  logoUrl: null,
  customTitle: null,
  partnerType: 'clinic',
  qrType: 'partner',
  trainerName: null,
  trainerImage: null,
  trainerRole: null,
  isActive: true,
  isProjectRootedExclusive: false,
  exclusiveType: null,
  exclusiveDetails: null,
  status: 'active',
  createdAt: '2026-02-01T10:00:00.000Z',
};

let en: Words<MessageId>;
let es: Words<MessageId>;
beforeAll(async () => {
  [en, es] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});
/** The page's view in English, as the e2e suite reads it. */
const view = (voucher: PublicVoucher) => voucherView(voucher, en);

describe('what the voucher page prints', () => {
  it('a staff-only code offers no Redeem (the till redeems it) and prints the 8 characters staff type', () => {
    const shown = view({ ...base, redemptionMode: 'staff' });
    expect(shown).toMatchObject({ staffOnly: true, canRedeem: false, refusal: null, shortCode: '0B9C5A56' });
    // Absent reads as self: an older answer keeps its Redeem button.
    expect(view(base)).toMatchObject({ staffOnly: false, canRedeem: true, shortCode: '0B9C5A56' });
    expect(view({ ...base, redemptionMode: 'self' }).canRedeem).toBe(true);
  });

  it('a partner voucher: initials, partner type, cleaned service, MM/dd/yyyy, usage, store button', () => {
    const shown = view(base);
    expect(shown).toMatchObject({
      title: 'Harbor Physio',
      initials: 'HP',
      partnerTypeText: 'Sports Clinic',
      discountText: '20% Off',
      serviceText: 'Sports Massage',
      validUntilText: '03/08/2026',
      usageText: '1 / 3',
      terms: null,
      trainer: null,
      canRedeem: true,
      refusal: null,
      redeemLabel: 'Redeem Voucher at Store',
      redeemedDescription: 'This voucher has been successfully redeemed at the store.',
    });
  });

  it('no expiry, unlimited uses and a leading FREE in the title of a non-free discount', () => {
    const shown = view({
      ...base,
      expirationDate: null,
      usageLimit: 999999,
      customTitle: 'FREE Recovery Week',
    });
    expect(shown.validUntilText).toBe('No expiration date');
    expect(shown.usageText).toBe('1 / ∞');
    expect(shown.title).toBe('Recovery Week');
  });

  it('Redeem asks how much of the voucher one press uses', () => {
    expect(view(base).redeemQuestion).toBe('This uses 1 of 3.');
    expect(view({ ...base, usageLimit: 999999 }).redeemQuestion).toBe(
      'This counts as one use; this voucher has no limit.',
    );
  });

  it('the Redeem button is offered only while the server says active, with the reason otherwise', () => {
    expect(view({ ...base, status: 'used_up' })).toMatchObject({
      canRedeem: false,
      refusal: expect.stringContaining('maximum number of times'),
    });
    expect(view({ ...base, status: 'expired' })).toMatchObject({
      canRedeem: false,
      refusal: 'This voucher has expired.',
    });
    expect(view({ ...base, status: 'inactive' })).toMatchObject({
      canRedeem: false,
      refusal: 'This voucher is no longer active.',
    });
  });

  it('a trainer voucher gets the trainer header with the role label', () => {
    const shown = view({
      ...base,
      qrType: 'trainer',
      trainerName: 'Jordan Rivera',
      trainerRole: 'athlete',
    });
    expect(shown.trainer).toEqual({ name: 'Jordan Rivera', roleLabel: 'Athlete', image: null });
    expect(shown.initials).toBe('JR');
  });

  it('an exclusive voucher shows its instructions and redeems with Project Rooted; others never show instructions', () => {
    const details = { specialInstructions: 'Book at the front desk.' };
    const exclusive = view({
      ...base,
      customTitle: 'Acme EXCLUSIVE',
      isProjectRootedExclusive: true,
      exclusiveDetails: details,
    });
    expect(exclusive).toMatchObject({
      partnerTypeText: 'Project Rooted Exclusive',
      initials: 'A',
      redemptionInstructions: 'Book at the front desk.',
      redeemLabel: 'Redeem Voucher with Project Rooted',
      redeemedDescription: 'This voucher has been successfully redeemed with Project Rooted.',
    });
    expect(view({ ...base, exclusiveDetails: details }).redemptionInstructions).toBeNull();
  });
});

describe('a voucher that has not started (issue 24)', () => {
  it('says "Valid from {date}" with no Redeem button; an active one has no such line', () => {
    const shown = view({ ...base, startDate: '2026-03-01', status: 'upcoming' });
    expect(shown).toMatchObject({
      canRedeem: false,
      unavailableTitle: 'Valid from Mar 1, 2026',
      refusal: 'This voucher is valid from Mar 1, 2026.',
    });
    expect(view({ ...base, startDate: '2026-01-01' }).unavailableTitle).toBe('');
  });

  it('says the same in Spanish, with the date as a Spanish reader writes it', () => {
    const shown = voucherView({ ...base, startDate: '2026-03-01', status: 'upcoming' }, es);
    expect(shown).toMatchObject({
      unavailableTitle: 'Válido a partir del 1 mar 2026',
      refusal: 'Este cupón es válido a partir del 1 mar 2026.',
      discountText: '20% de descuento',
      partnerTypeText: 'Clínica deportiva',
      validUntilText: '08/03/2026',
      redeemLabel: 'Canjear en la tienda',
      redeemQuestion: 'Esto usa 1 de 3.',
    });
  });
});

describe('the redeem idempotency key', () => {
  it('is a fresh v4 UUID each time, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const original = crypto.randomUUID.bind(crypto);
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
