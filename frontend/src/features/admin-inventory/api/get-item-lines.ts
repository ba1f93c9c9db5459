import { inventoryLineSchema, type InventoryLineSort, type SortOrder } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, withQuery } from '@/lib/inventory-api';

/** The Inventory tab's view of an item's lines (issue 27): its sort and status filter. */
export interface ItemLinesView {
  sort?: InventoryLineSort;
  order?: SortOrder;
  status?: string;
}

/** GET /api/merch-items/{id}/inventory: the item's lines (at most 77), in the view's order. */
export const itemLinesQuery = (itemId: string, view: ItemLinesView = {}) => {
  const url = withQuery(INVENTORY_URLS.itemLines(itemId), { ...view });
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson(url, () => inventoryLineSchema.array(), { signal }),
    staleTime: 0,
  });
};

export function useItemLines(itemId: string | null, view: ItemLinesView = {}) {
  return useQuery({ ...itemLinesQuery(itemId ?? '', view), enabled: !!itemId });
}
