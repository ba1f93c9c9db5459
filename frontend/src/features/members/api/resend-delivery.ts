import { memberDeliverySchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { MEMBER_URLS } from '@/lib/members-api';

/**
 * POST /api/members/{id}/deliveries/{deliveryId}/resend: a failed or bounced message sent again, with an
 * Idempotency-Key kept per delivery until a definitive answer (decision 80), so pressing Resend again
 * after a 503 or a lost connection cannot send it twice.
 */
export function useResendDelivery(memberId: string) {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('member-delivery-resend', (deliveryId: string, key: string) =>
    apiJson(MEMBER_URLS.resend(memberId, deliveryId), () => memberDeliverySchema, {
      method: 'POST',
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.deliveries(memberId)] }),
  });
}
