import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const companySummaryListSchema = lazySchema((c) => c.companySummarySchema.array());

/** GET /api/companies: every company for super_admin (the Assign dialog), the own one otherwise. */
export function useCompanies(enabled = true) {
  return useQuery({
    queryKey: [VOUCHER_URLS.companies],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companies, companySummaryListSchema, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
