import {
  messageResponseSchema,
  vendorSchema,
  type CreateVendorRequest,
  type UpdateVendorRequest,
  type Vendor,
} from '@avpass/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

/** A partner changed: the grid's pages and its details are read again. */
export function invalidateVendor(queryClient: QueryClient, vendor?: Vendor): Promise<void> {
  if (vendor) queryClient.setQueryData([PARTNER_URLS.vendor(vendor.id)], vendor);
  return queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.vendors] });
}

/** POST /api/vendors. */
export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorRequest) =>
      apiJson(PARTNER_URLS.vendors, vendorSchema, { method: 'POST', body }),
    onSuccess: (vendor) => invalidateVendor(queryClient, vendor),
  });
}

/** PATCH /api/vendors/{id}: only the fields sent change. */
export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateVendorRequest }) =>
      apiJson(PARTNER_URLS.vendor(id), vendorSchema, { method: 'PATCH', body: changes }),
    onSuccess: (vendor) => invalidateVendor(queryClient, vendor),
  });
}

/** DELETE /api/vendors/{id}: its vouchers and redemptions stay. */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(PARTNER_URLS.vendor(id), messageResponseSchema, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [PARTNER_URLS.vendor(id)] });
      return invalidateVendor(queryClient);
    },
  });
}
