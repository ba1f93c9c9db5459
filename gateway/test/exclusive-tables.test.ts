import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusiveBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { allPages as walkPages, keyThenId } from './support/tables';

// Issue 27, "Tables": /project-rooted-exclusives (GET /api/project-rooted-exclusives) sorts by its
// columns on the server (created, title, expiry, usage), keyset-paged with a cursor that knows its sort,
// searches, and narrows by partner; the tab (`filter`) is its status filter. The old query still works.
let h: Harness;
let admin: string;
let vendor: Awaited<ReturnType<typeof createPartnerWithUser>>;
let assignee: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Xtbl';
type Item = {
  id: string;
  service: string;
  expirationDate: string | null;
  usageCount: number;
  createdAt: string;
  exclusiveType: string;
};
const LIST = '/api/project-rooted-exclusives';
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  vendor = await createPartnerWithUser(h, 'Xtbl Vendor Co');
  assignee = await createPartnerWithUser(h, 'Xtbl Assignee Co');
  // Titles with ties and mixed case; expiries with ties; usage 0–2 (redeemed below).
  const plan: [string, string, string, number, string?][] = [
    ['beta', `${TAG} beta`, '2099-03-01', 2],
    ['Alpha', `${TAG} Alpha`, '2099-01-01', 0, 'raffle_prize'],
    ['alpha', `${TAG} alpha`, '2099-02-01', 1],
    ['Gamma', `${TAG} Gamma`, '2099-01-01', 2, 'special_event'],
    ['delta', `${TAG} delta`, '2099-05-01', 0],
    ['vendor', `${TAG} Vendor made`, '2099-04-01', 1],
  ];
  for (const [key, title, expirationDate, uses, type] of plan) {
    const made = await h.api(LIST, {
      method: 'POST',
      token: admin,
      json: exclusiveBody({
        expirationDate,
        usageLimit: '10',
        ...(type ? { exclusiveType: type } : {}),
        exclusiveDetails: {
          title,
          description: 'A table row',
          value: '10 OFF',
          ...(type === 'special_event' ? { eventDate: '2099-01-01' } : {}),
          ...(key === 'vendor' ? { vendorId: vendor.companyId } : {}),
        },
      }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids[key] = made.body.id as string;
    for (let i = 0; i < uses; i++) {
      const redeemed = await h.api(`/api/redeem/${made.body.id}`, { method: 'POST' });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    }
  }
  const assigned = await h.api(`/api/qr-codes/${ids.delta}/assign-partners`, {
    method: 'POST',
    token: admin,
    json: { partnerIds: [assignee.companyId] },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBeLessThan(300);
  // An exclusive the search leaves out.
  const other = await h.api(LIST, { method: 'POST', token: admin, json: exclusiveBody() });
  expect(other.status).toBe(201);
});
afterAll(async () => h?.close());

const allPages = (path: string, limit = 2) => walkPages<Item>(h, path, admin, limit);

const search = `search=${TAG}`;
const byIdThen = keyThenId<Item>((item) => item.id);
const title = (e: Item) => e.service.toLowerCase();
const expiry = (e: Item) => e.expirationDate ?? '9999-12-31';

describe('sorting the exclusives table', () => {
  it.each([
    ['title', 'asc', byIdThen(title, 1)],
    ['title', 'desc', byIdThen(title, -1)],
    ['expiresAt', 'asc', byIdThen(expiry, 1)],
    ['expiresAt', 'desc', byIdThen(expiry, -1)],
    ['usageCount', 'desc', byIdThen((e) => e.usageCount, -1)],
    ['usageCount', 'asc', byIdThen((e) => e.usageCount, 1)],
    ['createdAt', 'asc', byIdThen((e) => e.createdAt, 1)],
    ['createdAt', 'desc', byIdThen((e) => e.createdAt, -1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`${LIST}?${search}&sort=${sort}&order=${order}`);
      expect(paged).toHaveLength(6);
      expect(new Set(paged.map((e) => e.id)).size).toBe(6);
      expect(paged.map((e) => e.id)).toEqual([...paged].sort(compare).map((e) => e.id));
    },
  );

  it('the usage sort follows redeems: most redeemed first', async () => {
    const res = await h.api(`${LIST}?${search}&sort=usageCount&limit=6`, { token: admin });
    expect(res.body.items.map((e: Item) => e.usageCount)).toEqual([2, 2, 1, 1, 0, 0]);
  });

  it('a sort without an order takes its own first direction (title A–Z, expiry soonest first)', async () => {
    const byTitle = await allPages(`${LIST}?${search}&sort=title`, 50);
    expect(byTitle.map((e) => e.id)).toEqual([...byTitle].sort(byIdThen(title, 1)).map((e) => e.id));
    const byExpiry = await h.api(`${LIST}?${search}&sort=expiresAt&limit=1`, { token: admin });
    expect(byExpiry.body.items[0].expirationDate).toBe('2099-01-01');
  });

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    const paged = await allPages(`${LIST}?${search}&sort=title`);
    const third = await h.api(`${LIST}?${search}&sort=title&limit=2&offset=4`, { token: admin });
    expect(third.body.items.map((e: Item) => e.id)).toEqual(paged.slice(4, 6).map((e) => e.id));
    expect(third.body.total).toBe(6);
  });

  it('without sort or search the list is what the old client asked for: newest first', async () => {
    const old = await allPages(LIST);
    expect(old).toHaveLength(7);
    expect(old.map((e) => e.id)).toEqual([...old].sort(byIdThen((e) => e.createdAt, -1)).map((e) => e.id));
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const byTitle = await h.api(`${LIST}?${search}&sort=title&limit=2`, { token: admin });
    const cursor = encodeURIComponent(byTitle.body.nextCursor);
    for (const other of ['sort=expiresAt', 'sort=title&order=desc', 'sort=usageCount', '']) {
      const res = await h.api(`${LIST}?${search}&${other}&limit=2&cursor=${cursor}`, { token: admin });
      expect(res.status, other).toBe(400);
      expect(res.body.message).toBe('cursor belongs to another sort order; start again from the first page');
    }
    const newest = await h.api(`${LIST}?${search}&limit=2`, { token: admin });
    const back = await h.api(
      `${LIST}?${search}&sort=usageCount&limit=2&cursor=${encodeURIComponent(newest.body.nextCursor)}`,
      { token: admin },
    );
    expect(back.status).toBe(400);
  });
});

describe('filtering the exclusives table', () => {
  it('searches titles; every tab count and the total follow the search', async () => {
    const res = await h.api(`${LIST}?${search}&limit=50`, { token: admin });
    expect(res.body.total).toBe(6);
    expect(res.body.counts).toMatchObject({ all: 6, raffles: 1, events: 1, training: 4 });
    const one = await h.api(`${LIST}?search=${TAG}%20gamma`, { token: admin });
    expect(one.body.items.map((e: Item) => e.id)).toEqual([ids.Gamma]);
    expect(one.body.counts.all).toBe(1);
  });

  it('the tab (status filter) combines with the search and the sort', async () => {
    const res = await h.api(`${LIST}?${search}&filter=training&sort=title&order=desc`, { token: admin });
    expect(res.body.total).toBe(4);
    expect(res.body.items.map((e: Item) => e.service)).toEqual([
      `${TAG} Vendor made`,
      `${TAG} delta`,
      `${TAG} beta`,
      `${TAG} alpha`,
    ]);
  });

  it('partnerId keeps the exclusives made for that vendor or assigned to that partner', async () => {
    const made = await h.api(`${LIST}?partnerId=${vendor.companyId}`, { token: admin });
    expect(made.status).toBe(200);
    expect(made.body.items.map((e: Item) => e.id)).toEqual([ids.vendor]);
    expect(made.body.counts.all).toBe(1);
    const assigned = await h.api(`${LIST}?partnerId=${assignee.companyId}&sort=title`, { token: admin });
    expect(assigned.body.items.map((e: Item) => e.id)).toEqual([ids.delta]);
    expect(assigned.body.total).toBe(1);
  });

  it('without a session 401; a company 403', async () => {
    expect((await h.api(`${LIST}?sort=title`)).status).toBe(401);
    const company = await h.api(`${LIST}?sort=title&partnerId=${vendor.companyId}`, { token: vendor.token });
    expect(company.status).toBe(403);
  });

  it.each([
    ['sort=colour', 'sort', 'sort must be one of createdAt, title, expiresAt, usageCount'],
    ['sort=title&order=up', 'order', 'order must be asc or desc'],
    ['partnerId=nope', 'partnerId', 'partnerId must be a partner id'],
    [
      'filter=soon',
      'filter',
      'filter must be all, active, upcoming, expired, training, raffles, events or discounts',
    ],
    ['search=' + 'x'.repeat(101), 'search', 'search must be at most 100 characters'],
    ['sort=title&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`${LIST}?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });
});

describe('the indexes behind the table', () => {
  it('no index of qr_codes holds usage_count (key or INCLUDE), so a redeem stays a heap-only update', async () => {
    const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ indexname: string }>(
        `select i.indexrelid::regclass::text as indexname
           from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = 'vouchers.qr_codes'::regclass and a.attname = 'usage_count'
         union
         select i.indexrelid::regclass::text from pg_index i
          where i.indrelid = 'vouchers.qr_codes'::regclass
            and (pg_get_expr(i.indexprs, i.indrelid) like '%usage_count%'
              or pg_get_expr(i.indpred, i.indrelid) like '%usage_count%')`,
      );
      expect(rows.map((r) => r.indexname)).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
