import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EXCLUSIVES_URL, deleteUrl } from './urls';

/** DELETE /api/qr-codes/{id}, as for any code (spec section 7). */
export function useDeleteExclusive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(deleteUrl(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXCLUSIVES_URL] }),
  });
}
