import { allocationPageSchema } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, withQuery } from './urls';

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
