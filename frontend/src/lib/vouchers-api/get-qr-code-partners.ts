import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const qrCodePartnerListSchema = lazySchema((c) => c.qrCodePartnerSchema.array());

/** GET /api/qr-codes/{id}/partners: current assignment (the Assign dialog). */
export function useQrCodePartners(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.partners(id ?? '')],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.partners(id ?? ''), qrCodePartnerListSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
