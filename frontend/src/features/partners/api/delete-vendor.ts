import { messageResponseSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';
import { invalidateVendor } from './invalidate-vendor';

/** DELETE /api/vendors/{id}: its vouchers and redemptions stay. */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(PARTNER_URLS.vendor(id), () => messageResponseSchema, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [PARTNER_URLS.vendor(id)] });
      return invalidateVendor(queryClient);
    },
  });
}
