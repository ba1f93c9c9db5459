import {
  exclusiveSchema,
  exclusivesPageSchema,
  companySummarySchema,
  type CreateExclusiveRequest,
  type Exclusive,
  type ExclusiveFilter,
  type ExclusivesPage,
} from '@avpass/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/api-client';

export const EXCLUSIVES_URL = '/api/project-rooted-exclusives';
/** The partner picker's list (id, name, logo): every company, for the super administrator. */
export const VENDORS_URL = '/api/companies';
const deleteUrl = (id: string) => `/api/qr-codes/${encodeURIComponent(id)}`;
/** The list refreshes on this interval and on focus, like the other staff lists (spec section 9). */
const POLL_MS = 10_000;

export interface ExclusivesQuery {
  filter: ExclusiveFilter;
  limit: number;
  offset: number;
}

/** Where each page after the first starts (the server's nextCursor): keyset paging, by tab and size. */
const cursors = new Map<string, string>();
const cursorKey = (q: ExclusivesQuery, offset: number) => `${q.filter}|${q.limit}|${offset}`;

export function exclusivesUrl(q: ExclusivesQuery): string {
  const params = new URLSearchParams({ filter: q.filter, limit: String(q.limit) });
  const cursor = q.offset ? cursors.get(cursorKey(q, q.offset)) : undefined;
  if (cursor) params.set('cursor', cursor);
  else if (q.offset) params.set('offset', String(q.offset));
  return `${EXCLUSIVES_URL}?${params.toString()}`;
}

export async function getExclusives(q: ExclusivesQuery, signal?: AbortSignal): Promise<ExclusivesPage> {
  const page = await apiJson(exclusivesUrl(q), exclusivesPageSchema, { signal });
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

/** GET /api/companies, only while the create dialog is open (GET /api/vendors answers a page). */
export function useVendors(enabled: boolean) {
  return useQuery({
    queryKey: [VENDORS_URL],
    queryFn: ({ signal }) => apiJson(VENDORS_URL, companySummarySchema.array(), { signal }),
    enabled,
  });
}

export function createExclusive(body: CreateExclusiveRequest): Promise<Exclusive> {
  return apiJson(EXCLUSIVES_URL, exclusiveSchema, { method: 'POST', body });
}

export function useCreateExclusive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExclusive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXCLUSIVES_URL] }),
  });
}

/** DELETE /api/qr-codes/{id}, as for any code (spec section 7). */
export function useDeleteExclusive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(deleteUrl(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXCLUSIVES_URL] }),
  });
}
