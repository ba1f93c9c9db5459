import { type QueryClient } from '@tanstack/react-query';
import { CREDIT_URLS } from './urls';

/** Every credits list and figure: a charge, void or new credit can change any of them. */
export function invalidateCredits(queryClient: QueryClient) {
  const prefixes: string[] = [
    CREDIT_URLS.credits,
    CREDIT_URLS.ledger,
    CREDIT_URLS.partnerCredits,
    CREDIT_URLS.partnerTransactions,
    CREDIT_URLS.partnerSummary,
  ];
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && prefixes.includes(query.queryKey[0]),
  });
}
