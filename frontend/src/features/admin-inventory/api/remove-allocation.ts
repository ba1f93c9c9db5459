import { messageResponseSchema } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { INVENTORY_URLS } from '@/lib/inventory-api';
import { useInventoryMutation } from './inventory-mutation';

/** DELETE /api/partner-allocations/{id}. */
export const useRemoveAllocation = () =>
  useInventoryMutation('remove-allocation', (id: string, headers) =>
    apiJson(`${INVENTORY_URLS.allocations}/${id}`, () => messageResponseSchema, {
      method: 'DELETE',
      headers,
    }),
  );
