import { periodTotalsSchema, statementDeliveriesSchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';

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
