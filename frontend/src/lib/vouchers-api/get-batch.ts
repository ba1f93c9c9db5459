import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const batchDetailSchema = lazySchema((c) => c.batchDetailSchema);

/** GET /api/admin/batches/{id}: "View Codes". */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminBatch(id ?? '')],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminBatch(id ?? ''), batchDetailSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
