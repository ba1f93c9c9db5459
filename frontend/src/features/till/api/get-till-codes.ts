import { tillCodesResponseSchema, type TillCodesRequest, type TillCodesResponse } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { TILL_URLS } from './urls';

/**
 * GET /api/till/codes: one page of the till's offline copy (the codes this partner may honour), whole
 * or what changed since `since`. Not a query: the offline copy (offline/copy-sync.ts) walks the pages
 * and keeps them in IndexedDB.
 */
export function getTillCodes(query: TillCodesRequest, signal?: AbortSignal): Promise<TillCodesResponse> {
  const params = new URLSearchParams();
  if (query.since !== undefined) params.set('since', query.since);
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const search = params.toString();
  return apiJson(`${TILL_URLS.codes}${search ? `?${search}` : ''}`, () => tillCodesResponseSchema, {
    signal,
  });
}
