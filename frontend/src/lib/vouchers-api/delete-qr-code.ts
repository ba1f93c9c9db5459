import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';
import type { CodesScope } from './get-qr-codes';
import { invalidateVoucherData } from './invalidate-voucher-data';

/**
 * Delete a code. super_admin deletes it everywhere (DELETE /api/admin/qr-codes/{id}); a company
 * removes it from its own list only (DELETE /api/qr-codes/{id}).
 */
export function useDeleteQrCode(scope: CodesScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(scope === 'admin' ? VOUCHER_URLS.adminDelete(id) : VOUCHER_URLS.voucher(id), {
        method: 'DELETE',
      });
    },
    onSuccess: () => invalidateVoucherData(queryClient),
  });
}
