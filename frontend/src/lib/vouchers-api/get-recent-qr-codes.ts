import { qrCodeSchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live } from './list-helpers';

/** GET /api/qr-codes: the newest codes (the generator shows 5), polled every 8 s. */
export function useRecentQrCodes() {
  return useQuery({
    queryKey: [VOUCHER_URLS.recent],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.recent, qrCodeSchema.array(), { signal }),
    ...live(POLL_MS.recentCodes),
  });
}
