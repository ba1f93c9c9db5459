import { inventoryTransactionSchema, pageSchema } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, withQuery } from './urls';

const transactionPageSchema = pageSchema(inventoryTransactionSchema);

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
