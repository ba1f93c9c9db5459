import { formatDiscount, type DiscountType } from '@avpass/domain';
import { setupI18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherText } from '../voucher-text';
import type { PublicVoucher } from '../vouchers';
import { VOUCHER_CATALOGS } from './voucher-catalogs';
import { discountTextIn, voucherTextIn, type Words } from './voucher-words';

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
  terms: ' Once a visit. ',
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

let english: Words;
let spanish: Words;
beforeAll(async () => {
  const i18n = setupI18n();
  i18n.load('en', (await VOUCHER_CATALOGS.en()).default as Record<string, string>);
  i18n.activate('en');
  english = { t: (id, values) => i18n._(id, values), language: 'en' };
  const es = setupI18n();
  es.load('es', (await VOUCHER_CATALOGS.es()).default as Record<string, string>);
  es.activate('es');
  spanish = { t: (id, values) => es._(id, values), language: 'es' };
});

describe("the discount's words (discountTextIn)", () => {
  const discounts: ReadonlyArray<[DiscountType, number]> = [
    ['percentage', 25],
    ['percentage', 12.5],
    ['fixed', 10],
    ['fixed', 1000],
    ['bogo', 0],
    ['free-service', 0],
  ];

  it("in English: formatDiscount word for word (the spec's fixed texts)", () => {
    for (const [type, value] of discounts)
      expect(discountTextIn(english, type, value)).toBe(formatDiscount(type, value));
  });

  it("in Spanish: the catalog's words, the number as US Spanish writes it", () => {
    expect(discounts.map(([type, value]) => discountTextIn(spanish, type, value))).toEqual([
      '25% de descuento',
      '12.5% de descuento',
      '$10 de descuento',
      '$1,000 de descuento',
      '2x1',
      'Servicio gratis',
    ]);
  });
});

// voucherTextIn no longer starts from voucherText (issue 42's budget: the voucher page carries neither
// the English labels nor their formatting), so this holds that the two still say the same in English.
describe("the voucher's words in English from the catalog", () => {
  const vouchers: Record<string, PublicVoucher> = {
    'a partner voucher': base,
    'a custom title, no expiry, unlimited': {
      ...base,
      customTitle: ' FREE Spring Offer ',
      expirationDate: null,
      usageLimit: 999999,
      discountType: 'fixed',
      discountValue: 12.5,
      partnerType: 'gym',
    },
    'a trainer with a name and a role': {
      ...base,
      qrType: 'trainer',
      partnerType: 'trainer',
      trainerName: ' Maria Lopez ',
      trainerRole: 'coach',
      discountType: 'free-service',
    },
    'a trainer without a name or a role': {
      ...base,
      qrType: 'trainer',
      trainerName: '  ',
      trainerRole: null,
      discountType: 'bogo',
    },
    'an exclusive with instructions': {
      ...base,
      isProjectRootedExclusive: true,
      exclusiveDetails: { specialInstructions: ' Ask for Sam. ' },
    },
    'a partner type with no label': { ...base, partnerType: 'bakery' },
  };
  for (const [name, voucher] of Object.entries(vouchers))
    it(`${name}: what voucherText says`, () => {
      expect(voucherTextIn(voucher, english)).toEqual(voucherText(voucher));
    });
});
