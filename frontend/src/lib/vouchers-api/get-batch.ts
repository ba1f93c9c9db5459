import { batchDetailSchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/** GET /api/admin/batches/{id}: "View Codes". */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminBatch(id ?? '')],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminBatch(id ?? ''), batchDetailSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
