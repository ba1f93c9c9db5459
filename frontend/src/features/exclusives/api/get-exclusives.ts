import { exclusivesPageSchema, type ExclusivesPage } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { EXCLUSIVES_URL, POLL_MS, ExclusivesQuery, cursors, cursorKey, exclusivesUrl } from './urls';

export async function getExclusives(q: ExclusivesQuery, signal?: AbortSignal): Promise<ExclusivesPage> {
  const page = await apiJson(exclusivesUrl(q), () => exclusivesPageSchema, { signal });
  const next = cursorKey(q, q.offset + q.limit);
  if (page.nextCursor) cursors.set(next, page.nextCursor);
  else cursors.delete(next);
  return page;
}

/** GET /api/project-rooted-exclusives: one tab's page and every tab's count. */
export function useExclusives(q: ExclusivesQuery) {
  return useQuery({
    queryKey: [EXCLUSIVES_URL, q],
    queryFn: ({ signal }) => getExclusives(q, signal),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
