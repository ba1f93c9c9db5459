// Text shown on the voucher card: the logo fallback and the cleaned-up title and service.

import type { DiscountType } from './voucher-kinds';

const DEFAULT_INITIALS = 'AV';
const LEADING_FREE = /^FREE\s+/i;
const FIRST_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * 'Acme Sports EXCLUSIVE' -> 'AS'. First letter of each word, skipping the word EXCLUSIVE
 * (exclusive titles all end with it) and words without letters such as '&'; at most 2; 'AV' if none.
 */
export function voucherInitials(title: string | null | undefined): string {
  const initials = (title ?? '')
    .split(/\s+/)
    .filter((word) => word.toUpperCase() !== 'EXCLUSIVE')
    .map((word) => FIRST_LETTER_OR_DIGIT.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return initials || DEFAULT_INITIALS;
}

/** Drops a leading 'FREE ' unless the discount really is a free service, so '20% Off' is not headed 'FREE ...'. */
export function displayTitle(title: string, discountType: DiscountType): string {
  return discountType === 'free-service' ? title : title.replace(LEADING_FREE, '');
}

/** 'FREE Massage' -> 'Massage': the discount badge already says what is free. */
export function displayService(service: string): string {
  return service.replace(LEADING_FREE, '');
}
