import type { RedeemResponse } from '@avpass/contracts';
import { useCallback, useState } from 'react';
import { apiErrorOf, ApiError } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { voucherOf, voucherStore } from './get-public-voucher';

/**
 * POST /api/redeem/{id}. One Idempotency-Key per press of the button: if the phone loses its
 * connection and the request is sent again, the server answers with the first outcome and counts once.
 */
export async function redeemVoucher(
  id: string,
  idempotencyKey: string,
  transactionAmount?: number,
): Promise<RedeemResponse> {
  const sale = transactionAmount !== undefined;
  // The sale rung up at the till, in cents, when staff typed one (issue 13); no body otherwise.
  const response = await fetch(VOUCHER_URLS.redeem(id), {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Idempotency-Key': idempotencyKey,
      ...(sale ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(sale ? { body: JSON.stringify({ transactionAmount }) } : {}),
    credentials: 'include',
  });
  if (!response.ok) throw await apiErrorOf(response);
  const body = (await response.json()) as { message?: unknown; voucher?: unknown };
  if (typeof body?.message !== 'string') throw new Error('The redeem answer is not a redemption.');
  return { ...(body as RedeemResponse), voucher: voucherOf(body.voucher) };
}

/** POST /api/redeem/{id} with a network failure retried with the same key (safe: counted once). */
async function redeemWithRetries(id: string, key: string, transactionAmount?: number) {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await redeemVoucher(id, key, transactionAmount);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
  throw lastError;
}

interface RedeemCallbacks {
  onSuccess?: (result: RedeemResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * The Redeem button's call: `isPending` while it runs; the answer's voucher is shown at once and the
 * voucher fetched again after any outcome (useVoucher's store). A plain hook rather than TanStack
 * Query's mutation, which the voucher page does not load (issue 40).
 */
export function useRedeemVoucher(id: string) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (
      { key, transactionAmount }: { key: string; transactionAmount?: number },
      { onSuccess, onError }: RedeemCallbacks = {},
    ) => {
      const store = voucherStore(id);
      setPending(true);
      redeemWithRetries(id, key, transactionAmount).then(
        (result) => {
          store.set(result.voucher);
          setPending(false);
          onSuccess?.(result);
          void store.refetch(true);
        },
        (error: unknown) => {
          setPending(false);
          onError?.(error);
          void store.refetch(true);
        },
      );
    },
    [id],
  );
  return { mutate, isPending };
}
