import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData } from './invalidate-voucher-data';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const bulkAssignPartnersResponseSchema = lazySchema((c) => c.bulkAssignPartnersResponseSchema);

/** What to assign: a selection of codes or a whole batch, to these partners. */
export type BulkAssignInput =
  | { qrCodeIds: string[]; partnerIds: string[] }
  | { batchId: string; partnerIds: string[] };

/**
 * POST /api/qr-codes/assign-partners (super_admin): a selection or a whole batch in one call,
 * answering how many codes and new assignments; one Idempotency-Key per intent (kept across a retry).
 */
export function useBulkAssignPartners() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('vouchers:assign-partners', (body: BulkAssignInput, key) =>
    apiJson(VOUCHER_URLS.bulkAssignPartners, bulkAssignPartnersResponseSchema, {
      method: 'POST',
      body,
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateVoucherData(queryClient),
  });
}
