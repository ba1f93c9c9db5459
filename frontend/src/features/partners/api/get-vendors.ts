import {
  pageSchema,
  vendorSchema,
  type Page,
  type Vendor,
  type VendorSort,
  type VendorStatusFilter,
} from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS, withQuery } from './urls';

export interface VendorListFilter {
  search: string;
  category: string;
  limit: number;
  offset: number;
  /** The screen's sort and status (issue 27); absent, newest first and every status. */
  sort?: VendorSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  status?: VendorStatusFilter | undefined;
}

const vendorPage = pageSchema(vendorSchema);

/** Where each page after the first starts (the server's nextCursor): keyset paging, by view and size. */
const cursors = new Map<string, string>();
const cursorKey = (f: VendorListFilter, offset: number) =>
  [f.search.trim(), f.category, f.sort ?? '', f.order ?? '', f.status ?? '', f.limit, offset].join('|');

/** GET /api/vendors?search&category&status&sort&order&limit&offset|cursor: one page, answered by the server. */
export async function getVendors(filter: VendorListFilter, signal?: AbortSignal): Promise<Page<Vendor>> {
  const cursor = filter.offset ? cursors.get(cursorKey(filter, filter.offset)) : undefined;
  const url = withQuery(PARTNER_URLS.vendors, {
    search: filter.search.trim(),
    category: filter.category,
    status: filter.status,
    sort: filter.sort,
    order: filter.order,
    limit: filter.limit,
    ...(cursor ? { cursor } : { offset: filter.offset }),
  });
  const page = await apiJson(url, () => vendorPage, { signal });
  const next = cursorKey(filter, filter.offset + filter.limit);
  if (page.nextCursor) cursors.set(next, page.nextCursor);
  else cursors.delete(next);
  return page;
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
