import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { analyticsQuery, TRAINER_URLS, type AnalyticsFilters } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const trainerAnalyticsSchema = lazySchema((c) => c.trainerAnalyticsSchema);

/** GET /api/trainer-analytics?startDate&endDate&trainerId. */
export function useTrainerAnalytics(filters: AnalyticsFilters) {
  const url = `${TRAINER_URLS.analytics}${analyticsQuery(filters)}`;
  return useQuery({
    queryKey: [TRAINER_URLS.analytics, filters],
    queryFn: ({ signal }) => apiJson(url, trainerAnalyticsSchema, { signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
