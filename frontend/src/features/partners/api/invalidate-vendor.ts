import { type Vendor } from '@avpass/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { PARTNER_URLS } from './urls';

/** A partner changed: the grid's pages and its details are read again. */
export function invalidateVendor(queryClient: QueryClient, vendor?: Vendor): Promise<void> {
  if (vendor) queryClient.setQueryData([PARTNER_URLS.vendor(vendor.id)], vendor);
  return queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.vendors] });
}
