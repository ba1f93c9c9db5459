import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key';

export const UNCONFIRMED_REDEEM_MESSAGE = 'We could not confirm the redemption — press again to check';

/**
 * Whether a failed redeem may still have been counted: the service was unavailable, the answer timed
 * out or the connection was lost (no answer at all). The next press must then reuse the same key, so
 * the server answers with the first outcome instead of redeeming twice. A refusal (4xx: used up,
 * expired, rate limited) is definitive.
 */
export function isUnconfirmedRedeem(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status; // an ApiError carries the HTTP status
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408;
}

/**
 * One Idempotency-Key per redeem intent: kept across presses until a definitive answer (success or a
 * refusal), then the next press starts a new intent.
 */
export function useRedeemIntent() {
  const key = useRef<string | null>(null);
  return {
    key: () => (key.current ??= newIdempotencyKey()),
    settle: () => {
      key.current = null;
    },
  };
}
