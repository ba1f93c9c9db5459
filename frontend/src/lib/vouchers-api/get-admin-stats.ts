import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live, voucherStats } from './list-helpers';

/** GET /api/admin/stats: polled every 12 s on the dashboard, 10 s elsewhere. */
export function useAdminStats(intervalMs: number = POLL_MS.stats) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminStats, voucherStats, { signal }),
    ...live(intervalMs),
  });
}
