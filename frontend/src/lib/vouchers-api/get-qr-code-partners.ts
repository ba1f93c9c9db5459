import { qrCodePartnerSchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/** GET /api/qr-codes/{id}/partners: current assignment (the Assign dialog). */
export function useQrCodePartners(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.partners(id ?? '')],
    queryFn: ({ signal }) =>
      apiJson(VOUCHER_URLS.partners(id ?? ''), qrCodePartnerSchema.array(), { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
