import {
  RPC,
  type QrCode,
  type RpcMeta,
  type CardSize,
  type RenderFormat,
  type RenderVariant,
  type RpcRequestInput,
  type ZipSource,
} from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import type { RenderedBuffer, VoucherRenderer } from '../render';

/**
 * Codes asked for per resolve call (the contract's most). A code can carry 5,000 characters of terms
 * and a NATS message holds about 1 MB: vouchers answers fewer when they would not fit, and the next
 * call goes on from the last code answered.
 */
export const RESOLVE_PAGE_SIZE = 500;
/** Links (a bare QR render's codes, resolveLinks) asked for per call: a few hundred bytes each. */
export const LINK_PAGE_SIZE = 2000;
const RESOLVE_TIMEOUT_MS = 30_000;

type Range = { after?: string | undefined; until?: string | undefined };

/**
 * The codes of a ZIP's source from position `start` on (at most `count` of them; a batch or "all" seeks
 * there by the cursor `range.after` when it is known, and stops at `range.until`), page by page, asked
 * of vouchers as the requester; the next page is fetched while the caller renders the current one.
 * A batch or "all" is paged by keyset after the first page (every page costs the same, however deep)
 * and never counted; a list of ids is sliced here. Codes deleted meanwhile shorten the source: a page
 * without a next cursor is its end.
 */
export function codePages(
  rpc: RpcClient,
  meta: RpcMeta,
  source: ZipSource,
  start = 0,
  count = Number.POSITIVE_INFINITY,
  range: Range = {},
): AsyncGenerator<QrCode[]> {
  return pagesOf(
    (payload) => rpc.call(RPC.vouchers.resolveForRender, payload, meta, RESOLVE_TIMEOUT_MS),
    RESOLVE_PAGE_SIZE,
    source,
    start,
    count,
    range,
  );
}

/**
 * How many codes of `source` the requester may print; the resolve call refuses (NOT_FOUND, FORBIDDEN)
 * when a listed code is not visible to them. A list of ids is checked in one call.
 */
export async function countVisible(rpc: RpcClient, meta: RpcMeta, source: ZipSource): Promise<number> {
  if ('ids' in source) {
    await rpc.call(RPC.vouchers.resolveForRender, { ids: source.ids, limit: 0 }, meta, RESOLVE_TIMEOUT_MS);
    return source.ids.length;
  }
  const page = await rpc.call(
    RPC.vouchers.resolveForRender,
    { ...source, limit: 0 },
    meta,
    RESOLVE_TIMEOUT_MS,
  );
  return page.total ?? 0; // counted: count defaults to true
}

/** One file of a ZIP to be: its code's id (an entry name's tie-breaker) and how to render it. */
export interface RenderItem {
  id: string;
  render(): Promise<RenderedBuffer>;
}

/**
 * What a ZIP job renders from (position, count and range as for codePages), page by page: a bare QR
 * from links, pages of 2,000; a card from the whole code, pages of 500.
 */
export async function* renderPages(
  rpc: RpcClient,
  meta: RpcMeta,
  renderer: VoucherRenderer,
  job: { source: ZipSource; format: RenderFormat; variant: RenderVariant; size?: CardSize | undefined },
  start = 0,
  count = Number.POSITIVE_INFINITY,
  range: Range = {},
): AsyncGenerator<RenderItem[]> {
  const { format, variant, size } = job;
  if (variant === 'qr') {
    // The same codes as codePages, as links (vouchers.render.resolve-links): all a bare QR needs.
    const pages = pagesOf(
      (payload) => rpc.call(RPC.vouchers.resolveLinks, payload, meta, RESOLVE_TIMEOUT_MS),
      LINK_PAGE_SIZE,
      job.source,
      start,
      count,
      range,
    );
    for await (const links of pages)
      yield links.map((link) => ({ id: link.id, render: () => renderer.renderLink(link, format) }));
    return;
  }
  for await (const codes of codePages(rpc, meta, job.source, start, count, range))
    yield codes.map((code) => ({ id: code.id, render: () => renderer.render(code, format, variant, size) }));
}

type PagePayload = RpcRequestInput<typeof RPC.vouchers.resolveForRender> &
  RpcRequestInput<typeof RPC.vouchers.resolveLinks>;

async function* pagesOf<T>(
  fetch: (payload: PagePayload) => Promise<{ items: T[]; nextCursor?: string | null | undefined }>,
  pageSize: number,
  source: ZipSource,
  start: number,
  count: number,
  range: Range,
): AsyncGenerator<T[]> {
  const until = range.until ? { until: range.until } : {};
  const end = 'ids' in source ? Math.min(start + count, source.ids.length) : start + count;
  const fetchPage = (position: number, cursor: string | null) => {
    const limit = Math.min(pageSize, end - position);
    const payload: PagePayload =
      'ids' in source
        ? { ids: source.ids.slice(position, position + limit), limit }
        : cursor
          ? { ...source, ...until, limit, cursor, count: false }
          : { ...source, ...until, limit, offset: position, count: false };
    return fetch(payload);
  };
  let position = start;
  let next: ReturnType<typeof fetchPage> | null =
    position < end ? fetchPage(position, range.after ?? null) : null;
  while (next) {
    const page = await next;
    // A page can be shorter than asked (the answer's size budget): go on from its last code.
    position += page.items.length;
    const more = position < end && page.items.length > 0 && ('ids' in source || page.nextCursor != null);
    next = more ? fetchPage(position, page.nextCursor ?? null) : null;
    // Observed when awaited; a build that stops early must not leave a rejection unhandled.
    next?.catch(() => undefined);
    if (page.items.length) yield page.items;
  }
}
