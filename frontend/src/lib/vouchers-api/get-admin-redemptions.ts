import type { RedemptionListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { redemptionPage, live } from './list-helpers';

/** GET /api/admin/redemptions (super_admin), polled every 15 s. */
export function useAdminRedemptions(query: RedemptionListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.adminRedemptions, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminRedemptions, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(
        VOUCHER_URLS.adminRedemptions,
        query,
        await apiJson(url, redemptionPage, { signal }),
      ),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.redemptions),
  });
}
