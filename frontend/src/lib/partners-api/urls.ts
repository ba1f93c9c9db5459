/**
 * The partner directory (GET /api/vendors, super_admin): newest first, `?search` over the name and the
 * e-mail, paged by keyset (`?cursor` = the previous page's `nextCursor`). Query keys start with the URL.
 */
export const PARTNER_DIRECTORY_URL = '/api/vendors';

/** How many partners one page of the picker loads (the list asks for the next as it scrolls). */
export const DIRECTORY_PAGE_SIZE = 30;

/** `/api/vendors?limit=&search=&cursor=`, leaving out a blank search and the first page's cursor. */
export function directoryUrl(query: { search?: string; cursor?: string | null; limit?: number }): string {
  const params = new URLSearchParams();
  params.set('limit', String(query.limit ?? DIRECTORY_PAGE_SIZE));
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.cursor) params.set('cursor', query.cursor);
  return `${PARTNER_DIRECTORY_URL}?${params.toString()}`;
}
