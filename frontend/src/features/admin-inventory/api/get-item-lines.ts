import { inventoryLineSchema } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';

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
