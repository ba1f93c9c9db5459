import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const periodTotalsSchema = lazySchema((c) => c.periodTotalsSchema);
const statementDeliveriesSchema = lazySchema((c) => c.statementDeliveriesSchema);

/** GET /api/statements/totals?period= (the administrator): the month's current statements summed. */
export function usePeriodTotals(period: string) {
  const url = withQuery(STATEMENT_URLS.totals, { period });
  return useQuery({
    queryKey: [STATEMENT_URLS.list, 'totals', url],
    queryFn: ({ signal }) => apiJson(url, periodTotalsSchema, { signal }),
  });
}

/** GET /api/statements/{id}/deliveries (the administrator): its e-mails, a failed one with its reason. */
export function useStatementDeliveries(id: string) {
  const url = STATEMENT_URLS.deliveries(id);
  return useQuery({
    queryKey: [STATEMENT_URLS.list, 'deliveries', url],
    queryFn: ({ signal }) => apiJson(url, statementDeliveriesSchema, { signal }),
  });
}
