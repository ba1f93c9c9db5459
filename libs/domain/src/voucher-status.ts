// The single rule for a voucher's status, shared by every screen and renderer so that the
// voucher page, admin tables, company panel and downloaded vouchers never disagree.

import { addDays, isDateOnly } from './date-only';
import { DEFAULT_BUSINESS_TIMEZONE, endOfBusinessDay, isExpired, type Expiry } from './expiry';
import { toInstant } from './instant';
import { isUsedUp } from './usage-limit';

export const VOUCHER_STATUSES = ['active', 'upcoming', 'expired', 'used_up', 'inactive'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export interface VoucherStatusInput {
  usageCount: number;
  usageLimit: number;
  expirationDate: Expiry;
  /**
   * When it starts: a date-only start ('YYYY-MM-DD') is valid from the START of that day in the
   * business time zone (the counterpart of the expiry's end-of-day rule); absent or null: at once.
   */
  startDate?: Expiry | undefined;
  /** Only an explicit false deactivates; absent means active. */
  isActive?: boolean;
}

export const VOUCHER_STATUS_LABELS = {
  voucherPage: {
    active: 'ACTIVE',
    upcoming: 'UPCOMING',
    expired: 'EXPIRED',
    used_up: 'REDEEMED',
    inactive: 'INACTIVE',
  },
  adminTable: {
    active: 'Active',
    upcoming: 'Upcoming',
    expired: 'Expired',
    used_up: 'Used Up',
    inactive: 'Inactive',
  },
} as const satisfies Record<string, Record<VoucherStatus, string>>;

/**
 * The first instant at which a voucher with this start may be used, or null when it may at once.
 * A date-only start is the start of that business day (midnight in `timeZone`: the instant right after
 * the previous day's end, so a day that begins at 01:00 after a DST jump begins then); an instant is
 * itself.
 */
export function startsAt(
  start: Expiry | undefined,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): Date | null {
  if (start === null || start === undefined) return null;
  if (typeof start === 'string' && isDateOnly(start)) {
    return new Date(endOfBusinessDay(addDays(start, -1), timeZone).getTime() + 1);
  }
  return toInstant(start);
}

/** True before the voucher's start (see startsAt). */
export function isUpcoming(
  start: Expiry | undefined,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): boolean {
  const from = startsAt(start, timeZone);
  return from !== null && toInstant(now).getTime() < from.getTime();
}

/**
 * Precedence: inactive, then used up, then expired, then upcoming, then active.
 * Used up beats expired: a fully used voucher stays REDEEMED after its date passes, which is
 * the more informative fact for a member at the till and for reporting. A voucher whose start has
 * not come is UPCOMING (not yet redeemable); its start is never after its expiry for a new code.
 */
export function voucherStatus(
  voucher: VoucherStatusInput,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): VoucherStatus {
  if (voucher.isActive === false) return 'inactive';
  if (isUsedUp(voucher.usageCount, voucher.usageLimit)) return 'used_up';
  if (isExpired(voucher.expirationDate, now, timeZone)) return 'expired';
  if (isUpcoming(voucher.startDate, now, timeZone)) return 'upcoming';
  return 'active';
}

export function canRedeem(
  voucher: VoucherStatusInput,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): boolean {
  return voucherStatus(voucher, now, timeZone) === 'active';
}

/** Redemptions per code as a rounded percent (can exceed 100 with multi-use codes); 0 with no codes. */
export function redemptionRatePercent(redemptions: number, codes: number): number {
  if (!Number.isFinite(redemptions) || !Number.isFinite(codes) || redemptions < 0 || codes < 0) {
    throw new RangeError(`Counts must be finite and non-negative, got ${redemptions} / ${codes}`);
  }
  if (codes === 0) return 0;
  return Math.round((redemptions / codes) * 100);
}
