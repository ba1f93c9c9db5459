import type { CodeListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';
import { qrCodePage, live } from './list-helpers';

/** Whose codes a list shows: every code (super_admin) or the signed-in company's own. */
export type CodesScope = 'admin' | 'company';

/** The list URL of a scope: GET /api/admin/qr-codes (super_admin) or GET /api/qr-codes/all (a company). */
export const codeListUrl = (scope: CodesScope) =>
  scope === 'admin' ? VOUCHER_URLS.adminList : VOUCHER_URLS.companyList;

/** The codes of a scope, paged, searched, sorted and filtered on the server, polled every 10 s. */
export function useQrCodes(scope: CodesScope, query: CodeListQuery) {
  const listUrl = codeListUrl(scope);
  const url = withListQuery(listUrl, query);
  return useQuery({
    queryKey: [listUrl, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(listUrl, query, await apiJson(url, qrCodePage, { signal })),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.qrList),
  });
}
