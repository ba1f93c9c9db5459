import { recordTransactionResponseSchema, type RecordLedgerTransactionRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { CREDIT_URLS } from './urls';
import { invalidateCredits } from './invalidate-credits';

/** POST /api/credit-transactions (the administrator's Record Transaction). */
export function useRecordLedgerTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: RecordLedgerTransactionRequest & { key: string }) =>
      apiJson(CREDIT_URLS.ledger, () => recordTransactionResponseSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => invalidateCredits(queryClient),
  });
}
