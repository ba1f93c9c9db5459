/** Spec section 7, Merchandise and inventory: the query keys are these URLs. */
export const INVENTORY_URLS = {
  merchItems: '/api/merch-items',
  itemLines: (itemId: string) => `/api/merch-items/${itemId}/inventory`,
  inventory: '/api/inventory',
  bulkInventory: '/api/inventory/bulk',
  summary: '/api/inventory/summary',
  transactions: '/api/inventory-transactions',
  allocations: '/api/partner-allocations',
} as const;

/** Every inventory query: a change to stock can move any list or card of the screens. */
export function isInventoryQuery(key: readonly unknown[]): boolean {
  const first = key[0];
  return (
    typeof first === 'string' &&
    (first.startsWith('/api/merch-items') ||
      first.startsWith('/api/inventory') ||
      first.startsWith('/api/partner-allocations'))
  );
}

export function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}
