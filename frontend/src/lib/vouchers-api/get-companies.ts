import { companySummarySchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/** GET /api/companies: every company for super_admin (the Assign dialog), the own one otherwise. */
export function useCompanies(enabled = true) {
  return useQuery({
    queryKey: [VOUCHER_URLS.companies],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companies, companySummarySchema.array(), { signal }),
    enabled,
    staleTime: 30_000,
  });
}
