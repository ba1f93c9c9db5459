import { type CodeListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { qrCodePage, live } from './list-helpers';

/** GET /api/admin/qr-codes (super_admin), paged and searchable, polled every 10 s. */
export function useAdminQrCodes(query: CodeListQuery) {
  const url = withListQuery(VOUCHER_URLS.adminList, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminList, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.adminList, query, await apiJson(url, qrCodePage, { signal })),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.qrList),
  });
}
