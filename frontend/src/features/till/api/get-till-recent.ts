import { tillRecentResponseSchema, type TillRecentResponse } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TILL_URLS } from './urls';

export const TILL_RECENT_LIMIT = 20;

export function getTillRecent(signal?: AbortSignal): Promise<TillRecentResponse> {
  return apiJson(`${TILL_URLS.recent}?limit=${TILL_RECENT_LIMIT}`, () => tillRecentResponseSchema, {
    signal,
  });
}

/**
 * GET /api/till/recent: today's redemptions at this partner's till (the administrator: every till),
 * newest first. Refreshed every minute, so an Undo whose window closed disappears.
 */
export function useTillRecent() {
  return useQuery({
    queryKey: [TILL_URLS.recent],
    queryFn: ({ signal }) => getTillRecent(signal),
    refetchInterval: 60_000,
  });
}
