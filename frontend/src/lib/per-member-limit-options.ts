import type { PerMemberLimit, PerMemberPeriod } from '@avpass/contracts';

/** The "Per member" choices of the create forms (issue 41): none, one ever, or N per day/week/month. */
export const PER_MEMBER_CHOICES = [
  { value: 'none', label: 'No limit' },
  { value: 'once', label: 'One per member, ever' },
  { value: 'day', label: 'Per day' },
  { value: 'week', label: 'Per week' },
  { value: 'month', label: 'Per month' },
] as const;

export type PerMemberChoice = (typeof PER_MEMBER_CHOICES)[number]['value'];

/** Whether the choice asks for a number of uses ("N per day/week/month"). */
export function perMemberTakesCount(choice: PerMemberChoice): boolean {
  return choice === 'day' || choice === 'week' || choice === 'month';
}

/**
 * What the form sends as `perMemberLimit`: null for no limit, `{count: 1, period: 'ever'}` for one
 * per member, else the typed count (as typed: the server says what is wrong with it) and the period.
 */
export function perMemberLimitInput(
  choice: PerMemberChoice,
  count: string,
): { count: number | string; period: PerMemberPeriod } | null {
  if (choice === 'none') return null;
  if (choice === 'once') return { count: 1, period: 'ever' };
  const trimmed = count.trim();
  return { count: /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed, period: choice };
}

const PERIOD_WORDS: Record<Exclude<PerMemberPeriod, 'ever'>, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
};

/** Human text for a code's limit: "1 per member", "2 per member per month"; null: none. */
export function perMemberLimitText(limit: PerMemberLimit | null | undefined): string | null {
  if (!limit) return null;
  if (limit.period === 'ever') return `${limit.count} per member`;
  return `${limit.count} per member per ${PERIOD_WORDS[limit.period]}`;
}
