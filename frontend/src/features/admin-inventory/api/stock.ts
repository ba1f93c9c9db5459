import {
  allocationSchema,
  bulkInventoryResponseSchema,
  inventoryLineSchema,
  messageResponseSchema,
} from '@avpass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery } from '@/lib/inventory-api';

/** GET /api/merch-items/{id}/inventory: the item's lines. */
export const itemLinesQuery = (itemId: string) =>
  queryOptions({
    queryKey: [INVENTORY_URLS.itemLines(itemId)],
    queryFn: ({ signal }) =>
      apiJson(INVENTORY_URLS.itemLines(itemId), inventoryLineSchema.array(), { signal }),
    staleTime: 0,
  });

export function useItemLines(itemId: string | null) {
  return useQuery({ ...itemLinesQuery(itemId ?? ''), enabled: !!itemId });
}

function useInventoryMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}

export interface NewLine {
  merchItemId: string;
  size: string;
  color: string | null;
  totalQuantity: number;
  minStockLevel: number;
  location: string;
}

/** POST /api/inventory. */
export const useAddInventory = () =>
  useInventoryMutation((body: NewLine) =>
    apiJson(INVENTORY_URLS.inventory, inventoryLineSchema, { method: 'POST', body }),
  );

/** POST /api/inventory/bulk: the initial stock of a new item. */
export const useBulkInventory = () =>
  useInventoryMutation(
    (body: {
      merchItemId: string;
      entries: { size: string; totalQuantity: number; minStockLevel: number }[];
    }) => apiJson(INVENTORY_URLS.bulkInventory, bulkInventoryResponseSchema, { method: 'POST', body }),
  );

/** PUT /api/inventory/{id}: a restock adds `quantity`. */
export const useRestock = () =>
  useInventoryMutation(({ id, quantity }: { id: string; quantity: number }) =>
    apiJson(`${INVENTORY_URLS.inventory}/${id}`, inventoryLineSchema, { method: 'PUT', body: { quantity } }),
  );

export interface NewAllocation {
  partnerId: string;
  merchInventoryId: string;
  merchItemId: string;
  quantity: number;
  price: number | null;
  notes: string;
}

/** POST /api/partner-allocations. */
export const useCreateAllocation = () =>
  useInventoryMutation((body: NewAllocation) =>
    apiJson(INVENTORY_URLS.allocations, allocationSchema, { method: 'POST', body }),
  );

/** DELETE /api/partner-allocations/{id}. */
export const useRemoveAllocation = () =>
  useInventoryMutation((id: string) =>
    apiJson(`${INVENTORY_URLS.allocations}/${id}`, messageResponseSchema, { method: 'DELETE' }),
  );
