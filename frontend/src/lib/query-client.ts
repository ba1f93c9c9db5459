import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Spec section 7: the query key is the URL; the default fetcher GETs it and parses JSON. */
const fetchQueryKeyAsUrl: QueryFunction = async ({ queryKey, signal }) => {
  const response = await apiRequest(queryKey.join('/'), { signal });
  return response.json();
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKeyAsUrl,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
