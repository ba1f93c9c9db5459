// How many times a voucher may be redeemed, and how "unlimited" is stored.

// One sentinel for unlimited: the old system also stored 999, but 999 is a real, plausible limit,
// and two encodings meant two readings (only 999999 showed ∞). 999 now simply means 999 uses.
export const UNLIMITED_USAGE_LIMIT = 999999;

export const DEFAULT_USAGE_LIMIT = 1;

/** The largest real (finite) limit; anything above it would collide with or exceed the sentinel. */
export const MAX_FINITE_USAGE_LIMIT = UNLIMITED_USAGE_LIMIT - 1;

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED_USAGE_LIMIT;
}

/**
 * Form input -> stored limit: 'unlimited' -> 999999, '5' -> 5.
 * Throws RangeError('Must be a number') for non-digits, 'Must be at least 1' for 0, and asks for
 * 'unlimited' for numbers at or above the sentinel so a typed number always means a real limit.
 */
export function parseUsageLimitInput(input: string): number {
  const text = input.trim();
  if (text.toLowerCase() === 'unlimited') return UNLIMITED_USAGE_LIMIT;
  if (!/^\d+$/.test(text)) throw new RangeError('Must be a number');
  const limit = Number(text);
  if (limit < 1) throw new RangeError('Must be at least 1');
  if (limit > MAX_FINITE_USAGE_LIMIT) {
    throw new RangeError(`Must be at most ${MAX_FINITE_USAGE_LIMIT}; choose unlimited for no limit`);
  }
  return limit;
}

/** An unlimited voucher never runs out, however often it has been used. */
export function isUsedUp(usageCount: number, usageLimit: number): boolean {
  return !isUnlimited(usageLimit) && usageCount >= usageLimit;
}

/** "2 / 5", or "2 / ∞" when unlimited. */
export function formatUsage(used: number, limit: number): string {
  return `${used} / ${isUnlimited(limit) ? '∞' : limit}`;
}

/** Uses left as display text: "3", "0" (never negative), or "∞". */
export function formatRemainingUses(used: number, limit: number): string {
  return isUnlimited(limit) ? '∞' : String(Math.max(0, limit - used));
}
