import { deleteCreditResponseSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { CREDIT_URLS } from './urls';
import { invalidateCredits } from './invalidate-credits';

export function useDeleteCredit() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('credits:delete', (id: string, key) =>
    apiJson(CREDIT_URLS.credit(id), () => deleteCreditResponseSchema, {
      method: 'DELETE',
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateCredits(queryClient),
  });
}
