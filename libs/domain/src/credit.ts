// Athlete credits (spec sections 3-5): the monthly allowance and whether a credit can still be spent.

import { isExpired } from './expiry';
import { assertCents } from './money';

/** monthlyAmount = total / duration, rounded to whole cents (half away from zero). */
export function monthlyCreditAmount(totalCents: number, durationMonths: number): number {
  assertCents(totalCents, 'totalAmount');
  if (!Number.isInteger(durationMonths) || durationMonths < 1) return 0;
  return Math.round(totalCents / durationMonths);
}

export type CreditState = 'active' | 'expired' | 'inactive';

/**
 * Inactive once deactivated (a deleted credit with a ledger); otherwise Active while its end date
 * ('YYYY-MM-DD', valid through the end of that day in the business time zone) has not passed.
 */
export function creditState(
  credit: { isActive: boolean; endDate: string },
  now: Date,
  timeZone: string,
): CreditState {
  if (!credit.isActive) return 'inactive';
  return isExpired(credit.endDate, now, timeZone) ? 'expired' : 'active';
}
