import type { InventoryTransactionListQuery } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { useInventoryList } from './paged';
import { INVENTORY_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

const transactionPageSchema = lazySchema((c) => c.pageSchema(c.inventoryTransactionSchema));

/** GET /api/inventory-transactions (?inventoryId= for the admin's chosen line; a partner's own). */
export const transactionsQuery = (inventoryId?: string) => {
  const url = withQuery(INVENTORY_URLS.transactions, { inventoryId, limit: 200 });
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson(url, transactionPageSchema, { signal }),
    staleTime: 0,
  });
};

export function useTransactions(inventoryId?: string, enabled = true) {
  return useQuery({ ...transactionsQuery(inventoryId), enabled });
}

/** A ledger table (the admin's Transactions tab, the partner's history): a page in its view (issue 27). */
export function useTransactionsTable(query: InventoryTransactionListQuery, enabled = true) {
  return useInventoryList(INVENTORY_URLS.transactions, transactionPageSchema, { ...query }, enabled);
}
