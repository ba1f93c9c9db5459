import { allocationSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery } from './urls';

/** PUT /api/partner-allocations/{id} {usedQuantity, notes}. */
export function useUpdateUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, usedQuantity, notes }: { id: string; usedQuantity: number; notes: string }) =>
      apiJson(`${INVENTORY_URLS.allocations}/${id}`, allocationSchema, {
        method: 'PUT',
        body: { usedQuantity, notes },
      }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}
