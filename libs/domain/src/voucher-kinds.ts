// The vocabularies of a voucher: its discount types, partner types and trainer roles (spec sections 5
// and 9). Their English labels are discount.ts's: a reader in another language (the voucher page, issue
// 42) checks a kind here and takes its words from a catalog, without carrying the English.

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'bogo', 'free-service'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export function isDiscountType(value: unknown): value is DiscountType {
  return typeof value === 'string' && (DISCOUNT_TYPES as readonly string[]).includes(value);
}

export const PARTNER_TYPES = ['partner', 'facility', 'shop', 'clinic', 'gym'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

export const DEFAULT_PARTNER_TYPE: PartnerType = 'partner';

export function isPartnerType(value: unknown): value is PartnerType {
  return typeof value === 'string' && (PARTNER_TYPES as readonly string[]).includes(value);
}

export const TRAINER_ROLES = ['trainer', 'athlete', 'coach'] as const;
export type TrainerRole = (typeof TRAINER_ROLES)[number];

export function isTrainerRole(value: unknown): value is TrainerRole {
  return typeof value === 'string' && (TRAINER_ROLES as readonly string[]).includes(value);
}
