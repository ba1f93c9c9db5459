import { expect } from 'vitest';
import type { Harness } from './harness';

// The checks every keyset-paged table list shares (issue 27, "Tables"): walk its pages by cursor,
// compare the order with the one the sort promises, refuse a cursor of another sort, and count a
// filter's matches in the first page's total.

/** What a list answers when it is handed a cursor another sort (or direction) gave out. */
export const OTHER_SORT_CURSOR = 'cursor belongs to another sort order; start again from the first page';

/** Every page of a list by its cursors, `limit` at a time (at most `maxPages` pages). */
export async function allPages<T>(
  h: Harness,
  path: string,
  token: string,
  limit: number,
  maxPages = 50,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await h.api(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...(res.body.items as T[]));
    cursor = res.body.nextCursor ?? null;
    if (!cursor) return items;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/**
 * The order a keyset list promises: by a key in one direction, ties broken by the id in the same
 * direction. `keyThenId<Item>((c) => c.id)` gives `byIdThen(key, dir)`, a comparator for `sort`.
 */
export const keyThenId =
  <T>(id: (item: T) => string) =>
  <K>(key: (item: T) => K, dir: 1 | -1) =>
  (a: T, b: T): number => {
    const [x, y] = [key(a), key(b)];
    if (x < y) return -dir;
    if (x > y) return dir;
    return id(a) < id(b) ? -dir : id(a) > id(b) ? dir : 0;
  };

/** The pages held every item once, in the order `compare` gives. */
export function expectPagedInOrder<T>(
  paged: T[],
  compare: (a: T, b: T) => number,
  id: (item: T) => string,
): void {
  expect(new Set(paged.map(id)).size).toBe(paged.length);
  expect(paged.map(id)).toEqual([...paged].sort(compare).map(id));
}

/**
 * A page by offset (a reload, a shared link) is the page the cursors lead to: `path` walked by
 * cursor `limit` at a time, against `path&limit=…&offset=…`. Returns the offset page's answer.
 */
export async function expectOffsetPageMatches<T>(
  h: Harness,
  token: string,
  path: string,
  { limit, offset }: { limit: number; offset: number },
  id: (item: T) => string,
): Promise<{ status: number; body: any }> {
  const paged = await allPages<T>(h, path, token, limit);
  const page = await h.api(`${path}&limit=${limit}&offset=${offset}`, { token });
  expect((page.body.items as T[]).map(id)).toEqual(paged.slice(offset, offset + limit).map(id));
  return page;
}

/**
 * The cursor the first page of `from` hands out is refused with 400 (not followed) by each list in
 * `under` (the same list in another sort, order or none): `<under>&cursor=…`.
 */
export async function expectCursorRefused(
  h: Harness,
  token: string,
  from: string,
  under: string[],
): Promise<void> {
  const first = await h.api(from, { token });
  expect(first.body.nextCursor, from).toEqual(expect.any(String));
  const cursor = encodeURIComponent(first.body.nextCursor);
  for (const path of under) {
    const res = await h.api(`${path}&cursor=${cursor}`, { token });
    expect(res.status, path).toBe(400);
    expect(res.body.message, path).toBe(OTHER_SORT_CURSOR);
  }
}

/**
 * A filtered list, walked by cursor, holds exactly the items of the whole list (`all`) that `keep`
 * picks, at least one; and `count` (its first page) totals them exactly. Returns the whole list.
 */
export async function expectFilterKeeps<T>(
  h: Harness,
  token: string,
  lists: { all: string; filtered: string; count: string; limit: number },
  keep: (item: T) => boolean,
  id: (item: T) => string,
): Promise<T[]> {
  const all = await allPages<T>(h, lists.all, token, 50);
  const filtered = await allPages<T>(h, lists.filtered, token, lists.limit);
  const expected = all.filter(keep).map(id);
  expect(expected.length).toBeGreaterThan(0);
  expect(filtered.map(id).sort()).toEqual(expected.sort());
  const first = await h.api(lists.count, { token });
  expect(first.body.total).toBe(expected.length);
  return all;
}
