import {
  allocationSchema,
  bulkInventoryResponseSchema,
  inventoryLineSchema,
  messageResponseSchema,
} from '@avpass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
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

/**
 * A stock move: sent with an Idempotency-Key, one per intent (`scope` and the input), kept across a
 * retry after a 5xx or a lost connection so that the move happens once.
 */
function useInventoryMutation<TInput, TOutput>(
  scope: string,
  call: (input: TInput, headers: Record<string, string>) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(`inventory:${scope}`, (input: TInput, key) =>
    call(input, idempotencyHeader(key)),
  );
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
  useInventoryMutation('add-line', (body: NewLine, headers) =>
    apiJson(INVENTORY_URLS.inventory, inventoryLineSchema, { method: 'POST', body, headers }),
  );

/** POST /api/inventory/bulk: the initial stock of a new item. */
export const useBulkInventory = () =>
  useInventoryMutation(
    'bulk-lines',
    (
      body: {
        merchItemId: string;
        entries: { size: string; totalQuantity: number; minStockLevel: number }[];
      },
      headers,
    ) =>
      apiJson(INVENTORY_URLS.bulkInventory, bulkInventoryResponseSchema, { method: 'POST', body, headers }),
  );

/** PUT /api/inventory/{id}: a restock adds `quantity`. */
export const useRestock = () =>
  useInventoryMutation('restock', ({ id, quantity }: { id: string; quantity: number }, headers) =>
    apiJson(`${INVENTORY_URLS.inventory}/${id}`, inventoryLineSchema, {
      method: 'PUT',
      body: { quantity },
      headers,
    }),
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
  useInventoryMutation('allocate', (body: NewAllocation, headers) =>
    apiJson(INVENTORY_URLS.allocations, allocationSchema, { method: 'POST', body, headers }),
  );

/** DELETE /api/partner-allocations/{id}. */
export const useRemoveAllocation = () =>
  useInventoryMutation('remove-allocation', (id: string, headers) =>
    apiJson(`${INVENTORY_URLS.allocations}/${id}`, messageResponseSchema, { method: 'DELETE', headers }),
  );
