import { creditSummarySchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { live } from './paged-list';
import { CREDIT_URLS } from './urls';

/** GET /api/credits/partner-summary: the four cards. */
export function useCreditSummary() {
  return useQuery({
    queryKey: [CREDIT_URLS.partnerSummary],
    queryFn: ({ signal }) => apiJson(CREDIT_URLS.partnerSummary, () => creditSummarySchema, { signal }),
    ...live,
  });
}
