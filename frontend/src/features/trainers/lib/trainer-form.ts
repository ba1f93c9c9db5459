import {
  splitTrainerNames,
  TRAINER_DEFAULT_DISCOUNT,
  TRAINER_DEFAULT_VALID_DAYS,
  TRAINER_USAGE_LIMITS,
  type GenerateTrainerQrRequest,
  type TrainerConfig,
} from '@avpass/contracts';
import {
  DEFAULT_PARTNER_TYPE,
  dollarsToCents,
  isPartnerType,
  trainerTitleTemplate,
  type PartnerType,
  type TrainerRole,
} from '@avpass/domain';

/** The trainer form as typed (text inputs hold text; money in dollars). */
export interface TrainerFormValues {
  mode: 'single' | 'batch';
  trainerName: string;
  trainerNames: string;
  trainerRole: TrainerRole;
  trainerImage: string | null;
  partnerName: string;
  partnerId: string;
  couponTitle: string;
  partnerType: PartnerType;
  description: string;
  discountValue: string;
  service: string;
  usageType: (typeof TRAINER_USAGE_LIMITS)[number];
  validDays: string;
  /** Optional 'YYYY-MM-DD': valid from the start of that day (blank: at once). */
  startDate: string;
  hoursEnabled: boolean;
  hoursStart: string;
  hoursEnd: string;
  minPurchase: string;
  maxDiscount: string;
  storeLocations: string;
  productCategories: string;
  exclusions: string;
  stackable: boolean;
  referralBonus: string;
  performanceBonus: string;
  bonusThreshold: string;
  trackingCode: string;
  campaignName: string;
  notes: string;
  terms: string;
}

/** §9 defaults: 10 % off, unlimited uses, valid 365 days. */
export const INITIAL_TRAINER_FORM: TrainerFormValues = {
  mode: 'single',
  trainerName: '',
  trainerNames: '',
  trainerRole: 'trainer',
  trainerImage: null,
  partnerName: '',
  partnerId: '',
  couponTitle: '',
  partnerType: DEFAULT_PARTNER_TYPE,
  description: '',
  discountValue: String(TRAINER_DEFAULT_DISCOUNT),
  service: '',
  usageType: 'unlimited',
  validDays: String(TRAINER_DEFAULT_VALID_DAYS),
  startDate: '',
  hoursEnabled: false,
  hoursStart: '09:00',
  hoursEnd: '17:00',
  minPurchase: '',
  maxDiscount: '',
  storeLocations: '',
  productCategories: '',
  exclusions: '',
  stackable: false,
  referralBonus: '',
  performanceBonus: '',
  bonusThreshold: '',
  trackingCode: '',
  campaignName: '',
  notes: '',
  terms: '',
};

/** Dollars as typed -> cents; blank is 0 (none). A value that is not money stays as text for the server to refuse. */
function cents(text: string): number | string {
  if (!text.trim()) return 0;
  try {
    return dollarsToCents(text);
  } catch {
    return text;
  }
}

const centsToText = (value: number | undefined) => (value ? (value / 100).toFixed(2) : '');

/** The request the form sends (the server's schema checks it, and the same schema runs here first). */
export function trainerRequestOf(v: TrainerFormValues): GenerateTrainerQrRequest {
  return {
    ...(v.mode === 'batch' ? { trainerNames: v.trainerNames } : { trainerName: v.trainerName }),
    trainerRole: v.trainerRole,
    trainerImage: v.trainerImage,
    partnerName: v.partnerName,
    partnerId: v.partnerId || null,
    couponTitle: v.couponTitle,
    partnerType: v.partnerType,
    description: v.description,
    discountValue: v.discountValue,
    service: v.service,
    usageLimit: v.usageType,
    validDays: v.validDays,
    ...(v.startDate.trim() ? { startDate: v.startDate.trim() } : {}),
    validHours: v.hoursEnabled ? { start: v.hoursStart, end: v.hoursEnd } : null,
    minPurchase: cents(v.minPurchase),
    maxDiscount: cents(v.maxDiscount),
    storeLocations: v.storeLocations,
    productCategories: v.productCategories,
    exclusions: v.exclusions,
    stackable: v.stackable,
    referralBonus: v.referralBonus,
    performanceBonus: v.performanceBonus,
    bonusThreshold: v.bonusThreshold,
    trackingCode: v.trackingCode,
    campaignName: v.campaignName,
    notes: v.notes,
    terms: v.terms,
  };
}

const num = (text: string) => (text.trim() && Number.isFinite(Number(text)) ? Number(text) : undefined);
const str = (text: string) => (text.trim() ? text.trim() : undefined);

/**
 * The coupon title as a template: a trainer's name typed into it (the name in the form) is saved as
 * `{name}`, so the config gives each later trainer their own title, not this one's.
 */
export function couponTitleTemplate(v: TrainerFormValues): string {
  const names = v.mode === 'batch' ? splitTrainerNames(v.trainerNames) : [v.trainerName];
  return names.reduce((title, name) => trainerTitleTemplate(title, name), v.couponTitle);
}

/** What Save Config keeps: every setting, not the names or the photo; the title as a template. */
export function configOf(v: TrainerFormValues): TrainerConfig {
  const minPurchase = cents(v.minPurchase);
  const maxDiscount = cents(v.maxDiscount);
  const entries: TrainerConfig = {
    trainerRole: v.trainerRole,
    partnerName: str(v.partnerName),
    partnerId: v.partnerId || null,
    couponTitle: str(couponTitleTemplate(v)),
    partnerType: v.partnerType,
    description: str(v.description),
    discountValue: num(v.discountValue),
    service: str(v.service),
    usageType: v.usageType,
    expirationDays: num(v.validDays),
    minPurchase: typeof minPurchase === 'number' && minPurchase > 0 ? minPurchase : undefined,
    maxDiscount: typeof maxDiscount === 'number' && maxDiscount > 0 ? maxDiscount : undefined,
    validHours: v.hoursEnabled ? { start: v.hoursStart, end: v.hoursEnd } : null,
    storeLocations: str(v.storeLocations),
    productCategories: str(v.productCategories),
    exclusions: str(v.exclusions),
    stackable: v.stackable,
    referralBonus: num(v.referralBonus),
    performanceBonus: num(v.performanceBonus),
    bonusThreshold: num(v.bonusThreshold),
    trackingCode: str(v.trackingCode),
    campaignName: str(v.campaignName),
    notes: str(v.notes),
    terms: str(v.terms),
  };
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined),
  ) as TrainerConfig;
}

/** Apply Saved Config: the saved settings over the form's defaults; names and photo stay as typed. */
export function applyConfig(v: TrainerFormValues, c: TrainerConfig): TrainerFormValues {
  const text = (value: string | number | undefined, fallback: string) =>
    value === undefined ? fallback : String(value);
  return {
    ...v,
    trainerRole: c.trainerRole ?? v.trainerRole,
    partnerName: text(c.partnerName, ''),
    partnerId: c.partnerId ?? '',
    // An older config (or the §3 client's) may carry the title as customTitle only.
    couponTitle: text(c.couponTitle ?? c.customTitle, ''),
    partnerType: isPartnerType(c.partnerType) ? c.partnerType : DEFAULT_PARTNER_TYPE,
    description: text(c.description, ''),
    discountValue: text(c.discountValue, INITIAL_TRAINER_FORM.discountValue),
    service: text(c.service, ''),
    usageType: c.usageType ?? 'unlimited',
    validDays: text(c.expirationDays, INITIAL_TRAINER_FORM.validDays),
    hoursEnabled: Boolean(c.validHours),
    hoursStart: c.validHours?.start ?? INITIAL_TRAINER_FORM.hoursStart,
    hoursEnd: c.validHours?.end ?? INITIAL_TRAINER_FORM.hoursEnd,
    minPurchase: centsToText(c.minPurchase),
    maxDiscount: centsToText(c.maxDiscount),
    storeLocations: text(c.storeLocations, ''),
    productCategories: text(c.productCategories, ''),
    exclusions: text(c.exclusions, ''),
    stackable: c.stackable ?? false,
    referralBonus: text(c.referralBonus, ''),
    performanceBonus: text(c.performanceBonus, ''),
    bonusThreshold: text(c.bonusThreshold, ''),
    trackingCode: text(c.trackingCode, ''),
    campaignName: text(c.campaignName, ''),
    notes: text(c.notes, ''),
    terms: text(c.terms, ''),
  };
}
