import { messageResponseSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery } from '@/lib/inventory-api';

export function useDeleteMerchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(`${INVENTORY_URLS.merchItems}/${id}`, () => messageResponseSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}
