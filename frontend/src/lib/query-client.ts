import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, isShedAnswer } from './api-client';

/** Spec section 7: the query key is the URL; the default fetcher GETs it and parses JSON. */
const fetchQueryKeyAsUrl: QueryFunction = async ({ queryKey, signal }) => {
  const response = await apiRequest(queryKey.join('/'), { signal });
  return response.json();
};

/** How many times in a row a poll the server turned away (503 + Retry-After) is asked again. */
const SHED_RETRIES = 3;

/**
 * A query the server turned away because it is busy (issue 28) keeps its last data, shows no error and
 * asks again after the server's Retry-After; any other failure is not retried (spec §7).
 */
export const retryWhenShed = (failureCount: number, error: unknown): boolean =>
  isShedAnswer(error) && failureCount < SHED_RETRIES;

export const shedRetryDelay = (_failureCount: number, error: unknown): number =>
  isShedAnswer(error) ? error.retryAfterMs : 1000;

/** A polled query's next poll: its interval, or later when the last answer said to come back later. */
export const nextPollAfter = (error: unknown, intervalMs: number): number =>
  isShedAnswer(error) ? Math.max(intervalMs, error.retryAfterMs) : intervalMs;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKeyAsUrl,
        retry: retryWhenShed,
        retryDelay: shedRetryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
