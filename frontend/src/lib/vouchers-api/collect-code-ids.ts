import type { CodeListQuery } from '@avpass/contracts';
import { BULK_ASSIGN_MAX_IDS } from '@avpass/contracts/words';
import { apiJson } from '@/lib/api-client';
import { qrCodePage } from './list-helpers';
import { withListQuery } from './urls';

/** How many codes one page of the collection asks for (the lists' most). */
const COLLECT_PAGE = 200;

/**
 * The ids of every code a list's search matches (not only the page on screen), page by page by
 * keyset, at most `max` (the bulk calls' most: 10,000). For "Select All" and "Assign all that match".
 */
export async function collectCodeIds(
  url: string,
  search: string | undefined,
  {
    max = BULK_ASSIGN_MAX_IDS,
    signal,
    filters = {},
  }: { max?: number; signal?: AbortSignal; filters?: Pick<CodeListQuery, 'status' | 'partnerId'> } = {},
): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let cursor: string | null | undefined = null;
  let total = 0;
  do {
    const base = withListQuery(url, { limit: COLLECT_PAGE, search, ...filters });
    const pageUrl: string = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
    const page = await apiJson(pageUrl, qrCodePage, { signal });
    if (!cursor) total = page.total;
    for (const code of page.items) if (ids.length < max) ids.push(code.id);
    cursor = page.items.length > 0 ? page.nextCursor : null;
  } while (cursor && ids.length < max);
  return { ids, total };
}
