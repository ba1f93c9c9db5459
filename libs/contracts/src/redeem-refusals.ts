/**
 * Why a redeem was refused with 409: the voucher's status at that moment. A module of its own (no zod)
 * so the voucher page can import it without the library's schemas.
 */
export const REDEEM_REFUSALS = {
  used_up: 'This voucher has already been used the maximum number of times.',
  expired: 'This voucher has expired.',
  inactive: 'This voucher is no longer active.',
  /** Used only when the start is unknown; a refusal names the date (validFromMessage). */
  upcoming: 'This voucher is not valid yet.',
  /** The member has redeemed the club's daily cap of held codes (issue 43); a refusal names the cap. */
  member_daily_cap: 'This member has used all their vouchers for today — the daily limit per member.',
} as const;

/**
 * A held code whose holder has redeemed the club's per-member daily cap that business day (issue 43):
 * "Already used 3 vouchers today — the daily limit per member."
 */
export const memberDailyCapMessage = (limit: number) =>
  `Already used ${limit} ${limit === 1 ? 'voucher' : 'vouchers'} today — the daily limit per member.`;

/**
 * A code redeemed before its start (`startDate`, valid from the start of that business day): the
 * status is upcoming. `date` as the screens show it ("Mar 8, 2026").
 */
export const validFromMessage = (date: string) => `This voucher is valid from ${date}.`;

/** "this month", as the till and a refusal name a per-member period (issue 41). */
export const PER_MEMBER_PERIOD_WORDS = {
  day: 'today',
  week: 'this week',
  month: 'this month',
  ever: 'in all',
} as const;

/**
 * A held code over its holder's per-member limit (issue 41): "one per member" reads "Already used once —
 * one per member."; otherwise "Already used 3 of 3 times this month — the limit per member."
 */
export const memberLimitMessage = (limit: number, period: keyof typeof PER_MEMBER_PERIOD_WORDS) =>
  period === 'ever' && limit === 1
    ? 'Already used once — one per member.'
    : `Already used ${limit} of ${limit} times ${PER_MEMBER_PERIOD_WORDS[period]} — the limit per member.`;

/** A trainer code redeemed outside its daily window (validHours, in BUSINESS_TIMEZONE). */
export const outsideHoursMessage = (start: string, end: string) =>
  `This voucher can only be redeemed between ${start} and ${end}.`;

/** The heading of the voucher page's notice when Redeem is not offered, by status (the refusal follows). */
export const UNAVAILABLE_TITLES = {
  active: '',
  upcoming: 'Not valid yet',
  used_up: 'Fully redeemed',
  expired: 'Expired',
  inactive: 'Not active',
} as const;

/** What the voucher page says for an unknown or malformed id (the gateway's first HTML says the same). */
export const VOUCHER_NOT_FOUND = {
  title: 'Voucher Not Found',
  description: 'This discount voucher is invalid or has expired.',
  action: 'Go to AV Pass',
} as const;
