import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { allPages as walkPages, keyThenId } from './support/tables';

// Issue 27, "Tables": the partners screen (GET /api/vendors) sorts by name (A–Z, Z–A) and by creation
// (newest or oldest first) on the server, keyset-paged with a cursor that knows its sort, and filters by
// category and status (active / inactive). The old query (newest first) still works.
let h: Harness;
let admin: string;
const TAG = 'Ptbl';
type Item = { id: string; name: string; createdAt: string; isActive: boolean; categories: string[] };
const LIST = '/api/vendors';
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners'] });
  admin = await h.adminToken();
  // Names with ties and mixed case; two categories; two inactive.
  const plan: [string, string, boolean][] = [
    [`${TAG} beta`, 'Fitness', true],
    [`${TAG} Alpha`, 'Health', true],
    [`${TAG} alpha`, 'Fitness', false],
    [`${TAG} Gamma`, 'Health', true],
    [`${TAG} beta`, 'Health', false],
    [`${TAG} delta`, 'Fitness', true],
    [`${TAG} Epsilon`, 'Fitness', true],
  ];
  let i = 0;
  for (const [name, category, isActive] of plan) {
    const made = await h.api(LIST, {
      method: 'POST',
      token: admin,
      json: { name, email: `ptbl${i++}@example.com`, categories: [category] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids[`${name}${i}`] = made.body.id as string;
    if (!isActive) {
      const off = await h.api(`${LIST}/${made.body.id}`, {
        method: 'PATCH',
        token: admin,
        json: { isActive: false },
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    }
  }
});
afterAll(async () => h?.close());

const allPages = (path: string, limit = 2) => walkPages<Item>(h, path, admin, limit);

const search = `search=${TAG}`;
const byIdThen = keyThenId<Item>((item) => item.id);
const name = (v: Item) => v.name.toLowerCase();

describe('sorting the partners screen', () => {
  it.each([
    ['name', 'asc', byIdThen(name, 1)],
    ['name', 'desc', byIdThen(name, -1)],
    ['createdAt', 'asc', byIdThen((v) => v.createdAt, 1)],
    ['createdAt', 'desc', byIdThen((v) => v.createdAt, -1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`${LIST}?${search}&sort=${sort}&order=${order}`);
      expect(paged).toHaveLength(7);
      expect(new Set(paged.map((v) => v.id)).size).toBe(7);
      expect(paged.map((v) => v.id)).toEqual([...paged].sort(compare).map((v) => v.id));
    },
  );

  it('the name sort without a search walks the whole network (its index), A–Z', async () => {
    const paged = await allPages(`${LIST}?sort=name`, 3);
    expect(paged.length).toBeGreaterThanOrEqual(7);
    expect(paged.map((v) => v.id)).toEqual([...paged].sort(byIdThen(name, 1)).map((v) => v.id));
  });

  it('a sort without an order takes its own first direction (name A–Z)', async () => {
    const res = await h.api(`${LIST}?${search}&sort=name&limit=2`, { token: admin });
    expect(res.body.items.map((v: Item) => v.name.toLowerCase())).toEqual([
      `${TAG} alpha`.toLowerCase(),
      `${TAG} alpha`.toLowerCase(),
    ]);
  });

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    const paged = await allPages(`${LIST}?${search}&sort=name&order=desc`);
    const third = await h.api(`${LIST}?${search}&sort=name&order=desc&limit=2&offset=4`, { token: admin });
    expect(third.body.items.map((v: Item) => v.id)).toEqual(paged.slice(4, 6).map((v) => v.id));
    expect(third.body.total).toBe(7);
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`${LIST}?${search}`);
    expect(old).toHaveLength(7);
    expect(old.map((v) => v.id)).toEqual([...old].sort(byIdThen((v) => v.createdAt, -1)).map((v) => v.id));
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const byName = await h.api(`${LIST}?${search}&sort=name&limit=2`, { token: admin });
    const cursor = encodeURIComponent(byName.body.nextCursor);
    for (const other of ['sort=name&order=desc', 'sort=createdAt', '']) {
      const res = await h.api(`${LIST}?${search}&${other}&limit=2&cursor=${cursor}`, { token: admin });
      expect(res.status, other).toBe(400);
      expect(res.body.message).toBe('cursor belongs to another sort order; start again from the first page');
    }
    const newest = await h.api(`${LIST}?${search}&limit=2`, { token: admin });
    const back = await h.api(
      `${LIST}?${search}&sort=name&limit=2&cursor=${encodeURIComponent(newest.body.nextCursor)}`,
      { token: admin },
    );
    expect(back.status).toBe(400);
  });
});

describe('filtering the partners screen', () => {
  it('status keeps active or inactive partners, with the category and the sort', async () => {
    const inactive = await allPages(`${LIST}?${search}&status=inactive&sort=name`);
    expect(inactive.map((v) => [v.name, v.isActive])).toEqual([
      [`${TAG} alpha`, false],
      [`${TAG} beta`, false],
    ]);
    const res = await h.api(`${LIST}?${search}&status=active&category=Fitness&sort=name&order=desc`, {
      token: admin,
    });
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((v: Item) => v.name)).toEqual([
      `${TAG} Epsilon`,
      `${TAG} delta`,
      `${TAG} beta`,
    ]);
  });

  it('a category alone, paged by cursor under the name sort', async () => {
    const health = await allPages(`${LIST}?category=Health&sort=name`);
    expect(health.map((v) => v.name)).toEqual([`${TAG} Alpha`, `${TAG} beta`, `${TAG} Gamma`]);
  });

  it('without a session 401; a company 403', async () => {
    expect((await h.api(`${LIST}?sort=name`)).status).toBe(401);
    const company = await createPartnerWithUser(h, 'Partner Table Co');
    expect((await h.api(`${LIST}?sort=name`, { token: company.token })).status).toBe(403);
  });

  it.each([
    ['sort=colour', 'sort', 'sort must be one of createdAt, name'],
    ['sort=name&order=up', 'order', 'order must be asc or desc'],
    ['status=closed', 'status', 'status must be one of active, inactive'],
    ['category=' + 'x'.repeat(61), 'category', 'category must be at most 60 characters'],
    ['sort=name&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`${LIST}?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });
});
