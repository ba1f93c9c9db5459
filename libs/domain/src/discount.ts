// The English labels of a voucher's kinds (voucher-kinds.ts) every screen and renderer shows (spec
// sections 5 and 9).

import type { DiscountType, PartnerType, TrainerRole } from './voucher-kinds';

const discountNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * 25 percentage -> "25% Off", 10 fixed -> "$10 Off": the English, word for word the spec's.
 * A fixed discount value is whole dollars (the generator form's unit), not cents.
 * Where the reader's language is known, use discountTextIn (libs/contracts/src/i18n/voucher-words.ts):
 * the same words from the voucher catalog (voucher.discount.*), "25% de descuento" in Spanish.
 */
export function formatDiscount(type: DiscountType, value: number): string {
  switch (type) {
    case 'percentage':
      return `${discountNumber.format(value)}% Off`;
    case 'fixed':
      return `$${discountNumber.format(value)} Off`;
    case 'bogo':
      return 'BOGO';
    case 'free-service':
      return 'Free Service';
  }
}

// 'trainer' and 'exclusive' vouchers are rendered specially by the voucher page, so they have no label here.
export const PARTNER_TYPE_LABELS: Readonly<Record<PartnerType, string>> = {
  partner: 'Business Partner',
  facility: 'Training Facility',
  shop: 'Sports Shop',
  clinic: 'Sports Clinic',
  gym: 'Fitness Center',
};

export const TRAINER_ROLE_LABELS: Readonly<Record<TrainerRole, string>> = {
  trainer: 'Personal Trainer',
  athlete: 'Athlete',
  coach: 'Coach',
};
