import type { BulkGenerateRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData, deploymentUrl } from './invalidate-voucher-data';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const bulkGenerateResponseSchema = lazySchema((c) => c.bulkGenerateResponseSchema);

/** POST /api/bulk-generate (super_admin), with an Idempotency-Key per intent (kept across a retry). */
export function useBulkGenerate() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('vouchers:bulk-generate', (body: BulkGenerateRequest, key) =>
    apiJson(VOUCHER_URLS.bulkGenerate, bulkGenerateResponseSchema, {
      method: 'POST',
      body: { ...body, deploymentUrl: deploymentUrl() },
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateVoucherData(queryClient),
  });
}
