import type { BatchListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { batchPage } from './list-helpers';

/** GET /api/admin/batches (super_admin); the tab's sort rides along when set (issue 27). */
export function useAdminBatches(query: BatchListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.adminBatches, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminBatches, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.adminBatches, query, await apiJson(url, batchPage, { signal })),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
