import { isUnconfirmed, useIdempotencyKeys } from '@/lib/idempotency';

/**
 * Whether a failed redeem may still have been counted: the service was unavailable, the answer timed
 * out or the connection was lost (no answer at all). The next press must then reuse the same key, so
 * the server answers with the first outcome instead of redeeming twice. A refusal (4xx: used up,
 * expired, rate limited) is definitive.
 */
export const isUnconfirmedRedeem = isUnconfirmed;

/** Where the voucher's pending redeem key is kept (sessionStorage, see IdempotencyKeys). */
export const redeemKeyScope = (voucherId: string) => `redeem:${voucherId}`;

/**
 * One Idempotency-Key per redeem intent: kept across presses, and across a reload of the page (in
 * sessionStorage, per voucher), until a definitive answer (success or a refusal); then the next
 * press starts a new intent.
 */
export function useRedeemIntent(voucherId: string) {
  const keys = useIdempotencyKeys(redeemKeyScope(voucherId));
  return {
    key: () => keys.key(),
    settle: () => keys.settle(),
  };
}
