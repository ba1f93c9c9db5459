import type { MemberUses, TillCheckResponse, TillHolder, TillRefusal } from '@avpass/contracts';

/** The headline of a refusal; the server's `reason` says the rest in words. */
export const REFUSAL_TITLES: Record<TillRefusal, string> = {
  used_up: 'Used up',
  expired: 'Expired',
  inactive: 'Not active',
  outside_hours: 'Outside its hours',
  not_valid_here: 'Not valid at this shop',
  upcoming: 'Not yet valid',
  member_limit: 'Limit per member reached',
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

/** The words of a per-member period after "2 of 3" (the server's PER_MEMBER_PERIOD_WORDS; no zod here). */
const PERIOD_WORDS: Record<MemberUses['period'], string> = {
  day: 'today',
  week: 'this week',
  month: 'this month',
  ever: '',
};

/** "2 of 3 this month", "1 of 2"; one per member, used: "Already used once — one per member". */
export function memberUsesText(uses: MemberUses): string {
  if (uses.period === 'ever' && uses.limit === 1 && uses.used >= 1)
    return 'Already used once — one per member';
  return `${uses.used} of ${uses.limit}${PERIOD_WORDS[uses.period] ? ` ${PERIOD_WORDS[uses.period]}` : ''}`;
}

/** "Ana G." from the till's view of the holder. */
export function holderText(holder: TillHolder): string {
  return holder.lastInitial ? `${holder.firstName} ${holder.lastInitial}.` : holder.firstName;
}
