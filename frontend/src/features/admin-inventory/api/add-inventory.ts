import { inventoryLineSchema } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';
import { useInventoryMutation } from './inventory-mutation';

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
    apiJson(INVENTORY_URLS.inventory, () => inventoryLineSchema, { method: 'POST', body, headers }),
  );
