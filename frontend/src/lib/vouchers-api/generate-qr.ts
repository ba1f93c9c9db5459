import type { GenerateQrRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData, deploymentUrl } from './invalidate-voucher-data';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const generatedQrSchema = lazySchema((c) => c.generatedQrSchema);

/** POST /api/generate-qr (super_admin); the lists refetch about 100 ms later (spec section 4). */
export function useGenerateQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateQrRequest) =>
      apiJson(VOUCHER_URLS.generate, generatedQrSchema, {
        method: 'POST',
        body: { ...body, deploymentUrl: deploymentUrl() },
      }),
    onSuccess: () => {
      setTimeout(() => void invalidateVoucherData(queryClient), 100);
    },
  });
}
