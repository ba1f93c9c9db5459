import { inventoryLineSchema } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';
import { useInventoryMutation } from './inventory-mutation';

/** PUT /api/inventory/{id}: a restock adds `quantity`. */
export const useRestock = () =>
  useInventoryMutation('restock', ({ id, quantity }: { id: string; quantity: number }, headers) =>
    apiJson(`${INVENTORY_URLS.inventory}/${id}`, () => inventoryLineSchema, {
      method: 'PUT',
      body: { quantity },
      headers,
    }),
  );
