import { tillRedeemResponseSchema, type TillRedeemRequest, type TillRedeemResponse } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, IdempotencyKeys, intentOf } from '@/lib/idempotency';
import { invalidateVoucherData } from '@/lib/vouchers-api/invalidate-voucher-data';
import { TILL_URLS } from './urls';

/**
 * POST /api/till/redeem with its Idempotency-Key: the one place the till redeems (the offline queue
 * sends the same request, with the key it kept, when the phone is back online).
 */
export function tillRedeem(body: TillRedeemRequest, idempotencyKey: string): Promise<TillRedeemResponse> {
  return apiJson(TILL_URLS.redeem, () => tillRedeemResponseSchema, {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
  });
}

/** Where the till's pending redeem keys are kept (sessionStorage, per intent). */
export const TILL_REDEEM_SCOPE = 'till:redeem';
/** This tab's pending till redeem keys (one set: they live in the tab's sessionStorage anyway). */
const redeemKeys = new IdempotencyKeys(TILL_REDEEM_SCOPE);

/**
 * Hands the key a redeem that got no answer was sent with to `keep` (the offline queue, which sends it
 * again with that key); once kept, the intent is settled here, so the next tap on the code is a new use.
 */
export async function takeOverRedeemKey<T>(
  input: TillRedeemInput,
  keep: (key: string) => Promise<T>,
): Promise<T> {
  const intent = intentOf(input);
  const kept = await keep(redeemKeys.key(intent));
  redeemKeys.settle(intent);
  return kept;
}

export type TillRedeemInput = Pick<TillRedeemRequest, 'code' | 'transactionAmount'>;

/**
 * One tap redeems. One Idempotency-Key per intent (the code and the sale amount), kept across taps
 * and a reload until a definitive answer: tapping again after a 5xx, a timeout or a lost connection
 * asks about the same redemption instead of making a second one; a success or a refusal (4xx)
 * settles it, so the next tap on the same code is a new use.
 */
export function useTillRedeem() {
  const queryClient = useQueryClient();
  const keys = redeemKeys;
  return useMutation({
    mutationFn: (input: TillRedeemInput) => keys.run(intentOf(input), (key) => tillRedeem(input, key)),
    networkMode: 'always', // offline: fail at once, so the till keeps it in its offline queue
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [TILL_URLS.recent] });
      void invalidateVoucherData(queryClient);
    },
  });
}
