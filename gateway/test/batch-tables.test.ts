import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import {
  allPages as pages,
  expectCursorRefused,
  expectOffsetPageMatches,
  expectPagedInOrder,
  keyThenId,
} from './support/tables';

// Issue 27, "Tables": the Batches tab (GET /api/admin/batches) sorts by name and size on the server,
// keyset-paged with a cursor that knows its sort; the old query (newest first) still works.
let h: Harness;
let admin: string;
const TAG = 'Btbl';
type Item = { batchId: string; batchName: string; count: number; createdAt: string };
const LIST = '/api/admin/batches';

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  // Names with ties and mixed case; sizes with ties.
  const plan: [string, number][] = [
    [`${TAG} beta`, 2],
    [`${TAG} Alpha`, 3],
    [`${TAG} alpha`, 1],
    [`${TAG} Gamma`, 3],
    [`${TAG} beta`, 1],
    [`${TAG} Alpha`, 2],
    [`${TAG} gamma`, 2],
  ];
  for (const [batchName, quantity] of plan) {
    const made = await h.api('/api/bulk-generate', {
      method: 'POST',
      token: admin,
      json: {
        batchName,
        facility: `${TAG} Gym`,
        quantity,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Day pass',
        expirationDate: '2099-06-30',
        usageLimit: '1',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
});
afterAll(async () => h?.close());

const allPages = (path: string, limit = 2) => pages<Item>(h, path, admin, limit);
const search = `search=${TAG}`;
const byIdThen = keyThenId<Item>((b) => b.batchId);
const id = (b: Item) => b.batchId;

describe('sorting the Batches tab', () => {
  it.each([
    ['name', 'asc', byIdThen((b) => b.batchName.toLowerCase(), 1)],
    ['name', 'desc', byIdThen((b) => b.batchName.toLowerCase(), -1)],
    ['count', 'desc', byIdThen((b) => b.count, -1)],
    ['count', 'asc', byIdThen((b) => b.count, 1)],
    ['createdAt', 'asc', byIdThen((b) => b.createdAt, 1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`${LIST}?${search}&sort=${sort}&order=${order}`);
      expect(paged).toHaveLength(7);
      expectPagedInOrder(paged, compare, id);
    },
  );

  it('a sort without an order takes its own first direction (name A–Z, size largest first)', async () => {
    const byName = await allPages(`${LIST}?${search}&sort=name`, 50);
    expectPagedInOrder(
      byName,
      byIdThen((b) => b.batchName.toLowerCase(), 1),
      id,
    );
    const bySize = await h.api(`${LIST}?${search}&sort=count&limit=1`, { token: admin });
    expect(bySize.body.items[0].count).toBe(3);
  });

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    const third = await expectOffsetPageMatches(
      h,
      admin,
      `${LIST}?${search}&sort=name`,
      { limit: 2, offset: 4 },
      id,
    );
    expect(third.body.total).toBe(7);
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`${LIST}?${search}`);
    expect(old).toHaveLength(7);
    expectPagedInOrder(
      old,
      byIdThen((b) => b.createdAt, -1),
      id,
    );
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    await expectCursorRefused(
      h,
      admin,
      `${LIST}?${search}&sort=name&limit=2`,
      ['sort=count', 'sort=name&order=desc', ''].map((other) => `${LIST}?${search}&${other}&limit=2`),
    );
    await expectCursorRefused(h, admin, `${LIST}?${search}&limit=2`, [
      `${LIST}?${search}&sort=count&limit=2`,
    ]);
  });

  it('without a session 401; a company 403', async () => {
    expect((await h.api(`${LIST}?sort=name`)).status).toBe(401);
    const company = await createPartnerWithUser(h, 'Batch Table Co');
    expect((await h.api(`${LIST}?sort=name`, { token: company.token })).status).toBe(403);
  });

  it.each([
    ['sort=colour', 'sort', 'sort must be one of createdAt, name, count'],
    ['sort=name&order=up', 'order', 'order must be asc or desc'],
    ['sort=count&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`${LIST}?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });
});
