import { RPC, type QrCode, type ResolvedVouchersPage, type RpcMeta, type ZipSource } from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';

/**
 * Codes asked for per resolve call (the contract's most). A code can carry 5,000 characters of terms
 * and a NATS message holds about 1 MB: vouchers answers fewer when they would not fit, and the next
 * call goes on from the last code answered.
 */
export const RESOLVE_PAGE_SIZE = 500;
const RESOLVE_TIMEOUT_MS = 30_000;

/**
 * The codes of a ZIP's source from position `start` on (at most `count` of them; a batch or "all" seeks
 * there by the cursor `range.after` when it is known, and stops at `range.until`), page by page, asked
 * of vouchers as the requester; the next page is fetched while the caller renders the current one.
 * A batch or "all" is paged by keyset after the first page (every page costs the same, however deep)
 * and never counted; a list of ids is sliced here. Codes deleted meanwhile shorten the source: a page
 * without a next cursor is its end.
 */
export async function* codePages(
  rpc: RpcClient,
  meta: RpcMeta,
  source: ZipSource,
  start = 0,
  count = Number.POSITIVE_INFINITY,
  range: { after?: string | undefined; until?: string | undefined } = {},
): AsyncGenerator<QrCode[]> {
  const until = range.until ? { until: range.until } : {};
  const end = 'ids' in source ? Math.min(start + count, source.ids.length) : start + count;
  const fetchPage = (position: number, cursor: string | null): Promise<ResolvedVouchersPage> => {
    const limit = Math.min(RESOLVE_PAGE_SIZE, end - position);
    const payload =
      'ids' in source
        ? { ids: source.ids.slice(position, position + limit), limit }
        : cursor
          ? { ...source, ...until, limit, cursor, count: false }
          : { ...source, ...until, limit, offset: position, count: false };
    return rpc.call(RPC.vouchers.resolveForRender, payload, meta, RESOLVE_TIMEOUT_MS);
  };
  let position = start;
  let next: Promise<ResolvedVouchersPage> | null =
    position < end ? fetchPage(position, range.after ?? null) : null;
  while (next) {
    const page: ResolvedVouchersPage = await next;
    // A page can be shorter than asked (the answer's size budget): go on from its last code.
    position += page.items.length;
    const more = position < end && page.items.length > 0 && ('ids' in source || page.nextCursor != null);
    next = more ? fetchPage(position, page.nextCursor ?? null) : null;
    // Observed when awaited; a build that stops early must not leave a rejection unhandled.
    next?.catch(() => undefined);
    if (page.items.length) yield page.items;
  }
}
