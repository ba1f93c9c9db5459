import { merchItemSchema, pageSchema, type MerchItemListQuery } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, useInventoryList, withQuery } from '@/lib/inventory-api';

const itemPageSchema = pageSchema(merchItemSchema);

/** GET /api/merch-items: search by name, SKU or brand; category filter ('all' for none). */
export const merchItemsQuery = (search = '', category = 'all') => {
  const url = withQuery(INVENTORY_URLS.merchItems, {
    limit: 200,
    search: search.trim() || undefined,
    category: category === 'all' ? undefined : category,
  });
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson(url, () => itemPageSchema, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

export function useMerchItems(search = '', category = 'all') {
  return useQuery(merchItemsQuery(search, category));
}

/** The Merch Items table: a page in its search, sort, category and status (issue 27). */
export function useMerchItemsTable(query: MerchItemListQuery) {
  return useInventoryList(INVENTORY_URLS.merchItems, () => itemPageSchema, { ...query });
}
