import { bulkInventoryResponseSchema } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';
import { useInventoryMutation } from './inventory-mutation';

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
      apiJson(INVENTORY_URLS.bulkInventory, () => bulkInventoryResponseSchema, {
        method: 'POST',
        body,
        headers,
      }),
  );
