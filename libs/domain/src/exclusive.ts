// Project Rooted exclusives (spec sections 4 and 5): the discount inferred from the free-text value,
// the title rule of the discount type, and the status and "Upcoming" rules the screen filters by.

import { isDateOnly } from './date-only';
import { isExpired, type Expiry } from './expiry';
import { todayInTimeZone } from './time-zone';
import { isUsedUp } from './usage-limit';

export const EXCLUSIVE_TYPES = [
  'training_session',
  'raffle_prize',
  'special_event',
  'exclusive_discount',
  'custom',
] as const;
export type ExclusiveType = (typeof EXCLUSIVE_TYPES)[number];

export const EXCLUSIVE_TYPE_LABELS: Readonly<Record<ExclusiveType, string>> = {
  training_session: 'Training Session',
  raffle_prize: 'Raffle Prize',
  special_event: 'Special Event',
  exclusive_discount: 'Exclusive Discount',
  custom: 'Custom',
};

/** The kinds an exclusive's discount can become (never BOGO: §5 names only these three). */
export type InferredDiscountType = 'percentage' | 'fixed' | 'free-service';
export interface InferredDiscount {
  discountType: InferredDiscountType;
  /** Whole percent or whole dollars (the column is an integer): 5.50 becomes 6, 12.5% becomes 13. */
  discountValue: number;
}

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const FIRST_NUMBER = new RegExp(NUMBER);
const BEFORE_PERCENT = new RegExp(String.raw`(${NUMBER})\s*%`);
const AFTER_DOLLAR = new RegExp(String.raw`\$\s*(${NUMBER})`);
const BEFORE_OFF = new RegExp(String.raw`(${NUMBER})\s*off\b`, 'i');

/** "1,000" is one thousand, not one. */
const withoutThousands = (text: string) => text.replace(/(\d),(?=\d{3}\b)/g, '$1');
const whole = (n: string) => Math.round(Number(n));

/**
 * The discount an exclusive's value text becomes, decided once on the server (and shown live by the
 * form): text with '%' is a percentage of its number (the one before '%', else the first; at most
 * 100); '$' or a number followed by OFF is a fixed discount of that number; a discount-type exclusive
 * whose text has a number is fixed with it; anything else is a free service with value 0.
 */
export function inferExclusiveDiscount(
  value: string | null | undefined,
  exclusiveType: ExclusiveType,
): InferredDiscount {
  const text = withoutThousands(value?.trim() ?? '');
  const first = FIRST_NUMBER.exec(text)?.[0];
  if (text.includes('%')) {
    const n = BEFORE_PERCENT.exec(text)?.[1] ?? first;
    if (n !== undefined) return { discountType: 'percentage', discountValue: Math.min(100, whole(n)) };
  }
  const dollars = AFTER_DOLLAR.exec(text)?.[1] ?? (text.includes('$') ? first : undefined);
  const off = BEFORE_OFF.exec(text)?.[1];
  const fixed = dollars ?? off;
  if (fixed !== undefined) return { discountType: 'fixed', discountValue: whole(fixed) };
  if (exclusiveType === 'exclusive_discount' && first !== undefined) {
    return { discountType: 'fixed', discountValue: whole(first) };
  }
  return { discountType: 'free-service', discountValue: 0 };
}

/** In the discount type a leading 'FREE ' is dropped from the title (§5); other types keep it. */
export function exclusiveTitle(title: string, exclusiveType: ExclusiveType): string {
  const trimmed = title.trim();
  if (exclusiveType !== 'exclusive_discount') return trimmed;
  return trimmed.replace(/^free\s+/i, '').trim() || trimmed;
}

/** The custom title when a vendor is chosen (§5). */
export const vendorExclusiveTitle = (vendorName: string) => `${vendorName.trim()} EXCLUSIVE`;

export const EXCLUSIVE_STATUSES = ['active', 'expired', 'redeemed'] as const;
export type ExclusiveStatus = (typeof EXCLUSIVE_STATUSES)[number];
export const EXCLUSIVE_STATUS_LABELS: Readonly<Record<ExclusiveStatus, string>> = {
  active: 'Active',
  expired: 'Expired',
  redeemed: 'Redeemed',
};

/** §4: Expired when the date has passed (first), Redeemed when used up, otherwise Active. */
export function exclusiveStatus(
  exclusive: { usageCount: number; usageLimit: number; expirationDate: Expiry },
  now: Date,
  timeZone: string,
): ExclusiveStatus {
  if (isExpired(exclusive.expirationDate, now, timeZone)) return 'expired';
  if (isUsedUp(exclusive.usageCount, exclusive.usageLimit)) return 'redeemed';
  return 'active';
}

/** The calendar day of an event date ('YYYY-MM-DD' or a 'YYYY-MM-DDTHH:mm' local time), or null. */
export function eventDay(eventDate: string | null | undefined): string | null {
  const day = eventDate?.trim().slice(0, 10);
  return day && isDateOnly(day) ? day : null;
}

/**
 * "Upcoming": the event's day is today or later in the business time zone (an event is still to come
 * on its own day, like a date-only expiry that runs through the end of its day).
 */
export function isUpcomingEvent(eventDate: string | null | undefined, now: Date, timeZone: string): boolean {
  const day = eventDay(eventDate);
  return day !== null && day >= todayInTimeZone(now, timeZone);
}
