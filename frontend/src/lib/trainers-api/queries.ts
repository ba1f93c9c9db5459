import {
  savedTrainerConfigSchema,
  trainerAnalyticsSchema,
  trainerPageSchema,
  type ListQuery,
  type Role,
} from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { rememberNextCursor, withListQuery } from '@/lib/vouchers-api/urls';
import { analyticsQuery, TRAINER_URLS, type AnalyticsFilters } from './urls';

/**
 * The trainer codes the signed-in user may see: GET /api/qr-codes/trainers for the administrator,
 * GET /api/partner-assigned-qr-codes for a company (the codes assigned to it). Paged by cursor.
 */
export function useTrainerCodes(role: Role, query: ListQuery) {
  const base = role === 'super_admin' ? TRAINER_URLS.adminList : TRAINER_URLS.companyList;
  const url = withListQuery(base, query);
  return useQuery({
    queryKey: [base, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(base, query, await apiJson(url, trainerPageSchema, { signal })),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** GET /api/trainer-config: the administrator's saved trainer form settings (null until saved). */
export function useTrainerConfig() {
  return useQuery({
    queryKey: [TRAINER_URLS.config],
    queryFn: ({ signal }) => apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { signal }),
  });
}

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
