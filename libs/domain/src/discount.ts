// Discount and partner vocabularies with the labels every screen and renderer shows (spec sections 5 and 9).

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'bogo', 'free-service'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export function isDiscountType(value: unknown): value is DiscountType {
  return typeof value === 'string' && (DISCOUNT_TYPES as readonly string[]).includes(value);
}

const discountNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * 25 percentage -> "25% Off", 10 fixed -> "$10 Off".
 * A fixed discount value is whole dollars (the generator form's unit), not cents.
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

export const PARTNER_TYPES = ['partner', 'facility', 'shop', 'clinic', 'gym'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

// 'trainer' and 'exclusive' vouchers are rendered specially by the voucher page, so they have no label here.
export const PARTNER_TYPE_LABELS: Readonly<Record<PartnerType, string>> = {
  partner: 'Business Partner',
  facility: 'Training Facility',
  shop: 'Sports Shop',
  clinic: 'Sports Clinic',
  gym: 'Fitness Center',
};

export const DEFAULT_PARTNER_TYPE: PartnerType = 'partner';

export function isPartnerType(value: unknown): value is PartnerType {
  return typeof value === 'string' && (PARTNER_TYPES as readonly string[]).includes(value);
}

export const TRAINER_ROLES = ['trainer', 'athlete', 'coach'] as const;
export type TrainerRole = (typeof TRAINER_ROLES)[number];

export const TRAINER_ROLE_LABELS: Readonly<Record<TrainerRole, string>> = {
  trainer: 'Personal Trainer',
  athlete: 'Athlete',
  coach: 'Coach',
};

export function isTrainerRole(value: unknown): value is TrainerRole {
  return typeof value === 'string' && (TRAINER_ROLES as readonly string[]).includes(value);
}
