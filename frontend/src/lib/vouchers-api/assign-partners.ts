import { qrCodePartnerSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import { invalidateVoucherData } from './invalidate-voucher-data';

/** POST /api/qr-codes/{id}/assign-partners: replaces the set. */
export function useAssignPartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, partnerIds }: { id: string; partnerIds: string[] }) =>
      apiJson(VOUCHER_URLS.assignPartners(id), qrCodePartnerSchema.array(), {
        method: 'POST',
        body: { partnerIds },
      }),
    onSuccess: (_result, { id }) => {
      void queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.partners(id)] });
      return invalidateVoucherData(queryClient);
    },
  });
}
