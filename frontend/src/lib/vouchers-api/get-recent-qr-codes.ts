import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, VOUCHER_URLS } from './urls';
import { live } from './list-helpers';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const qrCodeListSchema = lazySchema((c) => c.qrCodeSchema.array());

/** GET /api/qr-codes: the newest codes (the generator shows 5), polled every 8 s. */
export function useRecentQrCodes() {
  return useQuery({
    queryKey: [VOUCHER_URLS.recent],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.recent, qrCodeListSchema, { signal }),
    ...live(POLL_MS.recentCodes),
  });
}
