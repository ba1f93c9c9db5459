import { type ExclusiveFilter, type ExclusiveSort } from '@avpass/contracts';

export const EXCLUSIVES_URL = '/api/project-rooted-exclusives';

/** The partner picker's list (id, name, logo): every company, for the super administrator. */
export const VENDORS_URL = '/api/companies';

export const deleteUrl = (id: string) => `/api/qr-codes/${encodeURIComponent(id)}`;

/** The list refreshes on this interval and on focus, like the other staff lists (spec section 9). */
export const POLL_MS = 10_000;

/** One tab's page, with the table's search, sort and partner (issue 27) when set. */
export interface ExclusivesQuery {
  filter: ExclusiveFilter;
  limit: number;
  offset: number;
  search?: string | undefined;
  sort?: ExclusiveSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  partnerId?: string | undefined;
}

/** Where each page after the first starts (the server's nextCursor): keyset paging, by view and size. */
export const cursors = new Map<string, string>();

export const cursorKey = (q: ExclusivesQuery, offset: number) =>
  [q.filter, q.search ?? '', q.sort ?? '', q.order ?? '', q.partnerId ?? '', q.limit, offset].join('|');

export function exclusivesUrl(q: ExclusivesQuery): string {
  const params = new URLSearchParams({ filter: q.filter, limit: String(q.limit) });
  const cursor = q.offset ? cursors.get(cursorKey(q, q.offset)) : undefined;
  if (cursor) params.set('cursor', cursor);
  else if (q.offset) params.set('offset', String(q.offset));
  if (q.search?.trim()) params.set('search', q.search.trim());
  if (q.sort) params.set('sort', q.sort);
  if (q.order) params.set('order', q.order);
  if (q.partnerId) params.set('partnerId', q.partnerId);
  return `${EXCLUSIVES_URL}?${params.toString()}`;
}
