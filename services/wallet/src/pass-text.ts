import { isUnlimited } from '@avpass/domain';
import type { PassWords } from './i18n';

/**
 * A pass's "Uses", the same on both wallets: "1 of 3"; an unlimited voucher counts up with no end
 * ("4 of ∞", as the voucher page's "4 / ∞"). Apple shows it in the change notification ("Used 1 of 3").
 */
export function usesValue(usageCount: number, usageLimit: number, { word }: PassWords): string {
  if (isUnlimited(usageLimit)) return word('value.uses-unlimited', { count: usageCount });
  return word('value.uses', { count: Math.min(usageCount, usageLimit), limit: usageLimit });
}
