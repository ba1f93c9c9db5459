import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const voucherSettingsSchema = lazySchema((c) => c.voucherSettingsSchema);

/** GET /api/settings/vouchers: the club-wide defaults of new codes (any signed-in user). */
export function useVoucherSettings() {
  return useQuery({
    queryKey: [VOUCHER_URLS.voucherSettings],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.voucherSettings, voucherSettingsSchema, { signal }),
    staleTime: 60_000,
  });
}
