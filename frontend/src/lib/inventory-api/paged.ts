import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson, type SchemaLoader } from '@/lib/api-client';
import { withQuery } from './urls';

/** An inventory table's query: paging, and its search, sort and filters (issue 27), sent as they are. */
export type InventoryListQuery = { limit?: number; offset?: number } & Record<
  string,
  string | number | undefined
>;

/**
 * Cursors the server handed out, by list, view and position: `nextCursor` of the page at offset n is
 * the way to the page at n + limit (keyset: a deep page costs what the first costs); offset is the
 * fallback for a position no page has led to (a reload, a shared link).
 */
const pageCursors = new Map<string, string>();
const cursorKey = (url: string, query: InventoryListQuery, offset: number) => {
  const view = Object.entries(query)
    .filter(([name, value]) => name !== 'offset' && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([url, view, offset]);
};

/** The list's URL: `cursor=` when a page led here, else `offset=`. */
export function inventoryListUrl(url: string, query: InventoryListQuery): string {
  const { offset = 0, ...view } = query;
  const cursor = offset ? pageCursors.get(cursorKey(url, query, offset)) : undefined;
  return withQuery(url, { ...view, ...(cursor ? { cursor } : offset ? { offset } : {}) });
}

/** A server-paged inventory list (the query key starts with the URL, so stock changes refresh it). */
export function useInventoryList<T extends { nextCursor?: string | null }>(
  url: string,
  schema: SchemaLoader<T>,
  query: InventoryListQuery,
  enabled = true,
) {
  const href = inventoryListUrl(url, query);
  return useQuery({
    queryKey: [url, query],
    queryFn: async ({ signal }) => {
      const page = await apiJson(href, schema, { signal });
      const next = cursorKey(url, query, (query.offset ?? 0) + (query.limit ?? 0));
      if (page.nextCursor) pageCursors.set(next, page.nextCursor);
      else pageCursors.delete(next);
      return page;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
