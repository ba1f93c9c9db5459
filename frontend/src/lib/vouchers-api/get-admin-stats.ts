import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live } from './list-helpers';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const voucherStatsSchema = lazySchema((c) => c.voucherStatsSchema);

/** GET /api/admin/stats: polled every 12 s on the dashboard, 10 s elsewhere. */
export function useAdminStats(intervalMs: number = POLL_MS.stats) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminStats, voucherStatsSchema, { signal }),
    ...live(intervalMs),
  });
}
