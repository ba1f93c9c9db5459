import type { LastRedemption } from '@avpass/contracts';

/** A code's newest redemption as its row says it (`AssignmentsRepository.lastRedemptions`). */
export type LastUse = { redeemedAt: Date; channel: 'till' | 'self'; partnerName: string | null };

/**
 * The proof of the latest use as the voucher page and "My vouchers" show it: a till's redemption names
 * the till's partner; a member's own names only the code's one partner (`onlyPartnerName`), read as
 * "for use at" (the proof does not say where it was shown), and nothing when the code has several.
 */
export function lastRedemptionOf(
  last: LastUse | null | undefined,
  onlyPartnerName: string | null,
): LastRedemption | null {
  if (!last) return null;
  return {
    redeemedAt: last.redeemedAt.toISOString(),
    channel: last.channel,
    partnerName: last.channel === 'till' ? last.partnerName : onlyPartnerName,
  };
}
