import {
  athleteCreditSchema,
  deleteCreditResponseSchema,
  recordTransactionResponseSchema,
  type CreateCreditRequest,
  type RecordCreditTransactionRequest,
  type RecordLedgerTransactionRequest,
} from '@avpass/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, apiUpload } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { CREDIT_URLS } from './urls';

/** Every credits list and figure: a charge, void or new credit can change any of them. */
function invalidateCredits(queryClient: QueryClient) {
  const prefixes: string[] = [
    CREDIT_URLS.credits,
    CREDIT_URLS.ledger,
    CREDIT_URLS.partnerCredits,
    CREDIT_URLS.partnerTransactions,
    CREDIT_URLS.partnerSummary,
  ];
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && prefixes.includes(query.queryKey[0]),
  });
}

/** One key per opened dialog: a retry after a lost connection charges once. */
export { newIdempotencyKey } from '@/lib/idempotency';

/** A credit allocation, with an Idempotency-Key per intent (kept across a retry after a 5xx). */
export function useCreateCredit() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('credits:create', (body: CreateCreditRequest, key) =>
    apiJson(CREDIT_URLS.credits, athleteCreditSchema, {
      method: 'POST',
      body,
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateCredits(queryClient),
  });
}

export function useDeleteCredit() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('credits:delete', (id: string, key) =>
    apiJson(CREDIT_URLS.credit(id), deleteCreditResponseSchema, {
      method: 'DELETE',
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateCredits(queryClient),
  });
}

/** POST /api/credit-transactions (the administrator's Record Transaction). */
export function useRecordLedgerTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: RecordLedgerTransactionRequest & { key: string }) =>
      apiJson(CREDIT_URLS.ledger, recordTransactionResponseSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => invalidateCredits(queryClient),
  });
}

/** POST /api/credits/{id}/transactions (the partner's till); the partner comes from the session. */
export function useRecordPartnerTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      key,
      ...body
    }: Omit<RecordCreditTransactionRequest, 'partnerId' | 'partnerName'> & { key: string }) =>
      apiJson(CREDIT_URLS.recordForCredit(id), recordTransactionResponseSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => invalidateCredits(queryClient),
  });
}

export function useVoidTransaction() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(
    'credits:void',
    ({ id, reason }: { id: string; reason: string }, key) =>
      apiJson(CREDIT_URLS.voidTransaction(id), recordTransactionResponseSchema, {
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

const photoResponse = z.object({ url: z.string() });
export const ATHLETE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/upload/athlete-photo (multipart field `photo`): the stored photo's URL. */
export async function uploadAthletePhoto(file: File): Promise<string> {
  const { url } = await apiUpload(CREDIT_URLS.uploadPhoto, { photo: file }, photoResponse, {
    invalidMessage: 'Failed to upload image',
  });
  return url;
}
