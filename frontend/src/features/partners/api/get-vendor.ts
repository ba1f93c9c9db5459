import { vendorSchema, type Vendor } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

/** GET /api/vendors/{id}: the details dialog's partner, fresh after each change. */
export function getVendor(id: string, signal?: AbortSignal): Promise<Vendor> {
  return apiJson(PARTNER_URLS.vendor(id), () => vendorSchema, { signal });
}

export const vendorQueryOptions = (id: string, initial?: Vendor) =>
  queryOptions({
    queryKey: [PARTNER_URLS.vendor(id)],
    queryFn: ({ signal }) => getVendor(id, signal),
    initialData: initial,
    staleTime: 0,
  });

export function useVendor(id: string, initial?: Vendor) {
  return useQuery(vendorQueryOptions(id, initial));
}
