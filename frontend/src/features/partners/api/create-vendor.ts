import { vendorSchema, type CreateVendorRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';
import { invalidateVendor } from './invalidate-vendor';

/** POST /api/vendors. */
export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorRequest) =>
      apiJson(PARTNER_URLS.vendors, () => vendorSchema, { method: 'POST', body }),
    onSuccess: (vendor) => invalidateVendor(queryClient, vendor),
  });
}
