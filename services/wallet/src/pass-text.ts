import { isUnlimited } from '@avpass/domain';

/**
 * A pass's "Uses", the same on both wallets: "1 of 3"; an unlimited voucher counts up with no end
 * ("4 of ∞", as the voucher page's "4 / ∞"). Apple shows it in the change notification ("Used 1 of 3").
 */
export function usesValue(usageCount: number, usageLimit: number): string {
  if (isUnlimited(usageLimit)) return `${usageCount} of ∞`;
  return `${Math.min(usageCount, usageLimit)} of ${usageLimit}`;
}
