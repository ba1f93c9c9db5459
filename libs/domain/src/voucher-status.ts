// The single rule for a voucher's status, shared by every screen and renderer so that the
// voucher page, admin tables, company panel and downloaded vouchers never disagree.

import { DEFAULT_BUSINESS_TIMEZONE, isExpired, type Expiry } from './expiry';
import { isUsedUp } from './usage-limit';

export const VOUCHER_STATUSES = ['active', 'expired', 'used_up', 'inactive'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export interface VoucherStatusInput {
  usageCount: number;
  usageLimit: number;
  expirationDate: Expiry;
  /** Only an explicit false deactivates; absent means active. */
  isActive?: boolean;
}

export const VOUCHER_STATUS_LABELS = {
  voucherPage: { active: 'ACTIVE', expired: 'EXPIRED', used_up: 'REDEEMED', inactive: 'INACTIVE' },
  adminTable: { active: 'Active', expired: 'Expired', used_up: 'Used Up', inactive: 'Inactive' },
} as const satisfies Record<string, Record<VoucherStatus, string>>;

/**
 * Precedence: inactive, then used up, then expired, then active.
 * Used up beats expired: a fully used voucher stays REDEEMED after its date passes, which is
 * the more informative fact for a member at the till and for reporting.
 */
export function voucherStatus(
  voucher: VoucherStatusInput,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIMEZONE,
): VoucherStatus {
  if (voucher.isActive === false) return 'inactive';
  if (isUsedUp(voucher.usageCount, voucher.usageLimit)) return 'used_up';
  if (isExpired(voucher.expirationDate, now, timeZone)) return 'expired';
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
