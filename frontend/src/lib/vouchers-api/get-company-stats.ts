import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live, voucherStats } from './list-helpers';

/** GET /api/stats: the signed-in company's stats, polled every 10 s. */
export function useCompanyStats() {
  return useQuery({
    queryKey: [VOUCHER_URLS.companyStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companyStats, voucherStats, { signal }),
    ...live(POLL_MS.stats),
  });
}
