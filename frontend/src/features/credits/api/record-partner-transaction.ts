import { recordTransactionResponseSchema, type RecordCreditTransactionRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { CREDIT_URLS } from './urls';
import { invalidateCredits } from './invalidate-credits';

/** POST /api/credits/{id}/transactions (the partner's till); the partner comes from the session. */
export function useRecordPartnerTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      key,
      ...body
    }: Omit<RecordCreditTransactionRequest, 'partnerId' | 'partnerName'> & { key: string }) =>
      apiJson(CREDIT_URLS.recordForCredit(id), () => recordTransactionResponseSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => invalidateCredits(queryClient),
  });
}
