import type { RedeemResponse } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, ApiError } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { voucherOf } from './get-public-voucher';

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

export function useRedeemVoucher(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A network failure is retried with the same key (safe: the server counts it once).
    mutationFn: async ({ key, transactionAmount }: { key: string; transactionAmount?: number }) => {
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
    },
    onSuccess: (result) => queryClient.setQueryData([VOUCHER_URLS.voucher(id)], result.voucher),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.voucher(id)] }),
  });
}
