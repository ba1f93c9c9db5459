import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData } from './invalidate-voucher-data';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const qrCodePartnerListSchema = lazySchema((c) => c.qrCodePartnerSchema.array());

/** POST /api/qr-codes/{id}/assign-partners: replaces the set. */
export function useAssignPartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, partnerIds }: { id: string; partnerIds: string[] }) =>
      apiJson(VOUCHER_URLS.assignPartners(id), qrCodePartnerListSchema, {
        method: 'POST',
        body: { partnerIds },
      }),
    onSuccess: (_result, { id }) => {
      void queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.partners(id)] });
      return invalidateVoucherData(queryClient);
    },
  });
}
