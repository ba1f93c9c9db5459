import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live } from './list-helpers';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const voucherStatsSchema = lazySchema((c) => c.voucherStatsSchema);

/** GET /api/stats: the signed-in company's stats, polled every 10 s. */
export function useCompanyStats() {
  return useQuery({
    queryKey: [VOUCHER_URLS.companyStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companyStats, voucherStatsSchema, { signal }),
    ...live(POLL_MS.stats),
  });
}
