import { pageSchema, qrCodeSchema } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS, withQuery } from './urls';

const qrCodePage = pageSchema(qrCodeSchema);

/** GET /api/vendors/{id}/qr-codes?limit&offset: the codes assigned to the partner, paged. */
export const vendorQrCodesQueryOptions = (vendorId: string, limit: number, offset: number) =>
  queryOptions({
    queryKey: [PARTNER_URLS.vendorQrCodes(vendorId), { limit, offset }],
    queryFn: ({ signal }) =>
      apiJson(withQuery(PARTNER_URLS.vendorQrCodes(vendorId), { limit, offset }), () => qrCodePage, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useVendorQrCodes(vendorId: string, limit: number, offset: number) {
  return useQuery(vendorQrCodesQueryOptions(vendorId, limit, offset));
}
