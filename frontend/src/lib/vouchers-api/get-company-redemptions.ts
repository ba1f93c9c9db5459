import type { ListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { redemptionPage, live } from './list-helpers';

/** GET /api/redemptions: the company's usage history. */
export function useCompanyRedemptions(query: ListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.companyRedemptions, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.companyRedemptions, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(
        VOUCHER_URLS.companyRedemptions,
        query,
        await apiJson(url, redemptionPage, { signal }),
      ),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.redemptions),
  });
}
