import type { CancelRedemptionResponse } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData } from './invalidate-voucher-data';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const cancelRedemptionResponseSchema = lazySchema((c) => c.cancelRedemptionResponseSchema);

export function cancelRedemption(id: string, reason: string): Promise<CancelRedemptionResponse> {
  return apiJson(VOUCHER_URLS.cancelRedemption(id), cancelRedemptionResponseSchema, {
    method: 'POST',
    body: { reason },
  });
}

/**
 * POST /api/redemptions/{id}/cancel: undo a redemption, giving its use back (issue 25): the tables'
 * Cancel and the till's Undo (which also refreshes today's list through `onSettled`). A second
 * cancel is refused (409), so no key is needed; either way the tables and stats refetch, so the row
 * shows what the server now holds.
 */
export function useCancelRedemption(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelRedemption(id, reason),
    onSettled: () => {
      options.onSettled?.();
      return invalidateVoucherData(queryClient);
    },
  });
}
