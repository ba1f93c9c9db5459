import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const inventorySummarySchema = lazySchema((c) => c.inventorySummarySchema);

/** GET /api/inventory/summary: the admin inventory cards and the dashboard's low-stock notice. */
export const inventorySummaryQuery = () =>
  queryOptions({
    queryKey: [INVENTORY_URLS.summary],
    queryFn: ({ signal }) => apiJson(INVENTORY_URLS.summary, inventorySummarySchema, { signal }),
    staleTime: 0,
  });

export function useInventorySummary(enabled = true) {
  return useQuery({ ...inventorySummaryQuery(), enabled });
}
