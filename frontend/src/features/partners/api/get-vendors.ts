import { pageSchema, vendorSchema, type Page, type Vendor } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS, withQuery } from './urls';

export interface VendorListFilter {
  search: string;
  category: string;
  limit: number;
  offset: number;
}

const vendorPage = pageSchema(vendorSchema);

/** GET /api/vendors?search&category&limit&offset: one page, answered by the server. */
export function getVendors(filter: VendorListFilter, signal?: AbortSignal): Promise<Page<Vendor>> {
  const url = withQuery(PARTNER_URLS.vendors, {
    search: filter.search.trim(),
    category: filter.category,
    limit: filter.limit,
    offset: filter.offset,
  });
  return apiJson(url, vendorPage, { signal });
}

export const vendorsQueryOptions = (filter: VendorListFilter) =>
  queryOptions({
    queryKey: [PARTNER_URLS.vendors, filter],
    queryFn: ({ signal }) => getVendors(filter, signal),
    // The grid keeps showing the last page while the next search answers (no flash of the skeleton).
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useVendors(filter: VendorListFilter) {
  return useQuery(vendorsQueryOptions(filter));
}
