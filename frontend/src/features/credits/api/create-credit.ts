import { athleteCreditSchema, type CreateCreditRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { CREDIT_URLS } from './urls';
import { invalidateCredits } from './invalidate-credits';

/** A credit allocation, with an Idempotency-Key per intent (kept across a retry after a 5xx). */
export function useCreateCredit() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('credits:create', (body: CreateCreditRequest, key) =>
    apiJson(CREDIT_URLS.credits, () => athleteCreditSchema, {
      method: 'POST',
      body,
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: async (credit) => {
      // The member's detail shows their credits (decision 336).
      if (credit.memberId)
        await queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.credits(credit.memberId)] });
      await invalidateCredits(queryClient);
    },
  });
}
