import { companySummarySchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VENDORS_URL } from './urls';

/** GET /api/companies, only while the create dialog is open (GET /api/vendors answers a page). */
export function useVendors(enabled: boolean) {
  return useQuery({
    queryKey: [VENDORS_URL],
    queryFn: ({ signal }) => apiJson(VENDORS_URL, () => companySummarySchema.array(), { signal }),
    enabled,
  });
}
