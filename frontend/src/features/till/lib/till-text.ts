import type { TillCheckResponse, TillRefusal } from '@avpass/contracts';

/** The headline of a refusal; the server's `reason` says the rest in words. */
export const REFUSAL_TITLES: Record<TillRefusal, string> = {
  used_up: 'Used up',
  expired: 'Expired',
  inactive: 'Not active',
  outside_hours: 'Outside its hours',
  not_valid_here: 'Not valid at this shop',
  upcoming: 'Not yet valid',
};

export function refusalTitle(result: Pick<TillCheckResponse, 'refusal'>): string {
  return result.refusal ? REFUSAL_TITLES[result.refusal] : 'Cannot be redeemed';
}

/** "2 of 3 left", "Unlimited", "None left". */
export function usesLeftText(usesLeft: number | null, usageLimit: number): string {
  if (usesLeft === null) return 'Unlimited';
  if (usesLeft <= 0) return 'None left';
  return `${usesLeft} of ${usageLimit} left`;
}
