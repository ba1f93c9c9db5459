import { allocationSchema } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';
import { useInventoryMutation } from './inventory-mutation';

export interface NewAllocation {
  partnerId: string;
  merchInventoryId: string;
  merchItemId: string;
  quantity: number;
  price: number | null;
  notes: string;
}

/** POST /api/partner-allocations. */
export const useCreateAllocation = () =>
  useInventoryMutation('allocate', (body: NewAllocation, headers) =>
    apiJson(INVENTORY_URLS.allocations, () => allocationSchema, { method: 'POST', body, headers }),
  );
