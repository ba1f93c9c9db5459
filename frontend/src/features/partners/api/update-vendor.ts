import { vendorSchema, type UpdateVendorRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';
import { invalidateVendor } from './invalidate-vendor';

/** PATCH /api/vendors/{id}: only the fields sent change. */
export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateVendorRequest }) =>
      apiJson(PARTNER_URLS.vendor(id), () => vendorSchema, { method: 'PATCH', body: changes }),
    onSuccess: (vendor) => invalidateVendor(queryClient, vendor),
  });
}
