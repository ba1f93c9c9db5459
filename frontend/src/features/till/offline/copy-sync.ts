import type { TillCodesResponse } from '@avpass/contracts';
import { ApiError } from '@/lib/api-client';
import type { CopyMeta, CopyStore, FetchCopyPage, FetchPassKeys, FetchRevocations } from './copy-types';

/** Rows a page asks for (the server's most): 100,000 codes are 100 pages. */
export const COPY_PAGE_LIMIT = 1000;

let runs = 0;
/** A run's stamp on the rows it writes: distinct even for two runs in one millisecond. */
function nextRunStamp(at: Date): number {
  runs = (runs + 1) % 1000;
  return at.getTime() * 1000 + runs;
}

/**
 * Brings the copy up to date: the whole copy the first time (or for another partner), else what changed
 * since the last run (rows written, removals dropped). Page by page, each in one IndexedDB transaction,
 * never the whole copy in memory; the copy on the phone stays usable until a run completes. A delta the
 * server no longer accepts (400: a cursor from another deployment) starts a whole copy instead.
 */
export async function refreshCopy(options: {
  store: CopyStore;
  fetchPage: FetchCopyPage;
  partnerId: string;
  now?: () => Date;
}): Promise<CopyMeta> {
  const { store, fetchPage, partnerId } = options;
  const started = (options.now ?? (() => new Date()))();
  const meta = await store.meta();
  if (meta && meta.partnerId !== partnerId) await store.clear();
  const since = meta?.partnerId === partnerId ? meta.since : undefined;
  // The member pass lists' state rides along (refreshPassLists keeps it).
  const passLists =
    meta?.partnerId === partnerId
      ? {
          ...(meta.revocationsSince !== undefined ? { revocationsSince: meta.revocationsSince } : {}),
          ...(meta.passKeysAt !== undefined ? { passKeysAt: meta.passKeysAt } : {}),
        }
      : {};

  async function run(from: string | undefined): Promise<CopyMeta> {
    const stamp = nextRunStamp(started);
    let first: TillCodesResponse | null = null;
    let cursor: string | null = null;
    do {
      const page: TillCodesResponse = await fetchPage({
        ...(from !== undefined ? { since: from } : {}),
        ...(cursor ? { cursor } : {}),
        limit: COPY_PAGE_LIMIT,
      });
      first ??= page;
      await store.apply(page.items, page.removed, stamp);
      cursor = page.nextCursor;
    } while (cursor);
    if (from === undefined) await store.dropOtherRuns(stamp);
    const cap = first.memberDailyCap;
    const next: CopyMeta = {
      ...passLists,
      partnerId,
      // The first page's: every change after it is in a later page or in the next delta.
      since: first.since,
      timeZone: first.timeZone,
      syncedAt: started.toISOString(),
      count: await store.count(),
      ...(cap !== undefined ? { memberDailyCap: cap } : {}),
    };
    await store.setMeta(next);
    return next;
  }

  try {
    return await run(since);
  } catch (error) {
    if (since !== undefined && error instanceof ApiError && error.status === 400) return run(undefined);
    throw error;
  }
}

/** Revocations asked for per page (the server's most). */
export const REVOCATIONS_PAGE_LIMIT = 1000;

/**
 * Brings the member pass's lists up to date beside the copy (issue 43): the public keys whole (a
 * handful; the next key is listed before it signs), the revocations by delta since the last run (the
 * whole list the first time, or when the server no longer accepts the `since`: 400). Call after
 * refreshCopy (the copy's meta must exist); the meta keeps the revocations' next `since`.
 */
export async function refreshPassLists(options: {
  store: CopyStore;
  fetchKeys: FetchPassKeys;
  fetchRevocations: FetchRevocations;
  now?: () => Date;
}): Promise<CopyMeta | undefined> {
  const { store, fetchKeys, fetchRevocations } = options;
  const started = (options.now ?? (() => new Date()))();
  const meta = await store.meta();
  if (!meta) return undefined;
  const keys = await fetchKeys();
  await store.setPassKeys(keys.keys);

  async function run(from: string | undefined): Promise<string> {
    let first: string | undefined;
    let cursor: string | null = null;
    let replace = from === undefined;
    do {
      const page = await fetchRevocations({
        ...(from !== undefined ? { since: from } : {}),
        ...(cursor ? { cursor } : {}),
        limit: REVOCATIONS_PAGE_LIMIT,
      });
      first ??= page.since;
      await store.applyRevocations(page.items, replace);
      replace = false;
      cursor = page.nextCursor;
    } while (cursor);
    return first;
  }

  let since: string;
  try {
    since = await run(meta.revocationsSince);
  } catch (error) {
    if (meta.revocationsSince === undefined || !(error instanceof ApiError) || error.status !== 400)
      throw error;
    since = await run(undefined);
  }
  // The copy's meta as it is now (a copy run may have written it meanwhile), with the lists' state.
  const latest = (await store.meta()) ?? meta;
  const next: CopyMeta = { ...latest, revocationsSince: since, passKeysAt: started.toISOString() };
  await store.setMeta(next);
  return next;
}
