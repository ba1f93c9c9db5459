import { cancelRedemptionResponseSchema, type CancelRedemptionResponse } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { invalidateVoucherData } from '@/lib/vouchers-api/invalidate-voucher-data';
import { TILL_URLS } from './urls';

/** POST /api/redemptions/{id}/cancel: undo a redemption with a reason; the use goes back to the code. */
export function cancelTillRedemption(id: string, reason: string): Promise<CancelRedemptionResponse> {
  return apiJson(TILL_URLS.cancel(id), cancelRedemptionResponseSchema, { method: 'POST', body: { reason } });
}

/**
 * Undo at the till. A second cancel is refused (409) and changes nothing, so no key is needed; either
 * way today's list and every count refetch.
 */
export function useCancelTillRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelTillRedemption(id, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [TILL_URLS.recent] });
      void invalidateVoucherData(queryClient);
    },
  });
}
