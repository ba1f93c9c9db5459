import { type CodeListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { qrCodePage, live } from './list-helpers';

/** GET /api/qr-codes/all: the codes assigned to the signed-in company (everything for super_admin). */
export function useCompanyQrCodes(query: CodeListQuery) {
  const url = withListQuery(VOUCHER_URLS.companyList, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.companyList, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.companyList, query, await apiJson(url, qrCodePage, { signal })),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.qrList),
  });
}
