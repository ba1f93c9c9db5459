import { spendableAthletesPageSchema, type SpendableAthletesQuery } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { CREDIT_URLS } from './urls';

/** How many names the type-ahead offers at a time. */
export const ATHLETE_SUGGESTIONS = 8;

function spendableAthletesHref(query: SpendableAthletesQuery): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  const text = params.toString();
  return text ? `${CREDIT_URLS.spendableAthletes}?${text}` : CREDIT_URLS.spendableAthletes;
}

/** GET /api/credits/spendable-athletes: athletes the partner may charge now, by name (the type-ahead). */
export function getSpendableAthletes(query: SpendableAthletesQuery, signal?: AbortSignal) {
  return apiJson(spendableAthletesHref(query), () => spendableAthletesPageSchema, signal ? { signal } : {});
}

export const spendableAthletesQueryOptions = (query: SpendableAthletesQuery) =>
  queryOptions({
    queryKey: [CREDIT_URLS.spendableAthletes, query],
    queryFn: ({ signal }) => getSpendableAthletes(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const useSpendableAthletes = (search: string, enabled = true) =>
  useQuery({
    ...spendableAthletesQueryOptions({ search: search.trim(), limit: ATHLETE_SUGGESTIONS }),
    enabled,
  });
