import type { AllocationListQuery } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { useInventoryList } from './paged';
import { INVENTORY_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const allocationPageSchema = lazySchema((c) => c.allocationPageSchema);

/** GET /api/partner-allocations: every active allocation (admin) or the company's own, with its cards. */
export const allocationsQuery = (search = '') => {
  const url = withQuery(INVENTORY_URLS.allocations, { limit: 200, search: search.trim() || undefined });
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson(url, allocationPageSchema, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

export function useAllocations(search = '') {
  return useQuery(allocationsQuery(search));
}

/** An allocations table (admin, or the partner's cards): a page in its search, sort and filters (issue 27). */
export function useAllocationsTable(query: AllocationListQuery) {
  return useInventoryList(INVENTORY_URLS.allocations, allocationPageSchema, { ...query });
}
