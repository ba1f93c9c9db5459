import { recordTransactionResponseSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { CREDIT_URLS } from './urls';
import { invalidateCredits } from './invalidate-credits';

export function useVoidTransaction() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(
    'credits:void',
    ({ id, reason }: { id: string; reason: string }, key) =>
      apiJson(CREDIT_URLS.voidTransaction(id), () => recordTransactionResponseSchema, {
        method: 'POST',
        body: { reason },
        headers: idempotencyHeader(key),
      }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateCredits(queryClient),
  });
}
