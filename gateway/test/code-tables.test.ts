import { VOUCHER_STATUSES } from '@avpass/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 27, "Tables": the codes lists sort by their columns and filter by status and partner on the
// server, keyset-paged with a cursor that knows its sort; the old query (spec §7) still works.
let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Tblx';
type Item = {
  id: string;
  clinicName: string;
  usageCount: number;
  expirationDate: string | null;
  status: string;
  createdAt: string;
};

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Table Co A');
  companyB = await createPartnerWithUser(h, 'Table Co B');
  // Names with ties and mixed case; usage with ties; expiries with ties.
  const plan: [string, number, string][] = [
    [`${TAG} beta`, 0, '2099-03-01'],
    [`${TAG} Alpha`, 2, '2099-01-01'],
    [`${TAG} alpha`, 1, '2099-01-01'],
    [`${TAG} Gamma`, 2, '2099-02-01'],
    [`${TAG} beta`, 1, '2099-01-01'],
    [`${TAG} Alpha`, 0, '2099-03-01'],
    [`${TAG} gamma`, 2, '2099-02-01'],
    [`${TAG} beta`, 0, '2099-02-01'],
  ];
  for (const [clinic, uses, expirationDate] of plan) {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: { clinic, service: 'Sorting', discountValue: 10, expirationDate, usageLimit: '5' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (let i = 0; i < uses; i++)
      expect((await h.api(`/api/redeem/${made.body.id}`, { method: 'POST' })).status).toBe(200);
  }
  // One code of each other status, through the database where no endpoint makes it (expired, inactive).
  const status = async (extra: Record<string, unknown>) => {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: `${TAG} status`,
        service: 'Sorting',
        discountValue: 10,
        expirationDate: '2099-12-31',
        ...extra,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id as string;
  };
  const usedUp = await status({ usageLimit: '1' });
  expect((await h.api(`/api/redeem/${usedUp}`, { method: 'POST' })).status).toBe(200);
  await status({ startDate: '2099-06-01' });
  const expired = await status({});
  const inactive = await status({});
  const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`update vouchers.qr_codes set expiration_date = '2020-01-01' where id = $1`, [expired]);
    await db.query(`update vouchers.qr_codes set is_active = false where id = $1`, [inactive]);
  } finally {
    await db.end();
  }
  // Company A holds three codes (two of them its own), company B one.
  for (const [company, clinic] of [
    [companyA, `${TAG} own zeta`],
    [companyA, `${TAG} own eta`],
    [companyB, `${TAG} other theta`],
  ] as const) {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: company.token,
      json: { clinic, service: 'Sorting', discountValue: 10, expirationDate: '2099-05-01' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const shared = await h.api(`/api/admin/qr-codes?search=${encodeURIComponent(`${TAG} Gamma`)}&limit=1`, {
    token: admin,
  });
  expect(
    (
      await h.api(`/api/qr-codes/${shared.body.items[0].id}/assign-partners`, {
        method: 'POST',
        token: admin,
        json: { partnerIds: [companyA.companyId] },
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => h?.close());

/** Every page of a list by its cursors, `limit` at a time. */
async function allPages(path: string, token: string, limit = 3): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await h.api(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...(res.body.items as Item[]));
    cursor = res.body.nextCursor ?? null;
    if (!cursor) return items;
  }
  throw new Error('more than 50 pages');
}

const search = `search=${TAG}`;
const byIdThen =
  <T>(key: (item: Item) => T, dir: 1 | -1) =>
  (a: Item, b: Item) => {
    const [x, y] = [key(a), key(b)];
    if (x < y) return -dir;
    if (x > y) return dir;
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  };

describe('sorting the codes table', () => {
  it.each([
    ['name', 'asc', byIdThen((c) => c.clinicName.toLowerCase(), 1)],
    ['name', 'desc', byIdThen((c) => c.clinicName.toLowerCase(), -1)],
    ['usageCount', 'desc', byIdThen((c) => c.usageCount, -1)],
    ['usageCount', 'asc', byIdThen((c) => c.usageCount, 1)],
    ['expiresAt', 'asc', byIdThen((c) => c.expirationDate ?? '9999', 1)],
    ['createdAt', 'asc', byIdThen((c) => c.createdAt, 1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`/api/admin/qr-codes?${search}&sort=${sort}&order=${order}`, admin);
      const whole = await h.api(`/api/admin/qr-codes?${search}&limit=200`, { token: admin });
      expect(paged).toHaveLength(whole.body.total);
      expect(new Set(paged.map((c) => c.id)).size).toBe(paged.length);
      expect(paged.map((c) => c.id)).toEqual([...paged].sort(compare).map((c) => c.id));
    },
  );

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    const paged = await allPages(`/api/admin/qr-codes?${search}&sort=name`, admin);
    const third = await h.api(`/api/admin/qr-codes?${search}&sort=name&limit=3&offset=6`, { token: admin });
    expect(third.body.items.map((c: Item) => c.id)).toEqual(paged.slice(6, 9).map((c) => c.id));
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`/api/admin/qr-codes?${search}`, admin);
    expect(old.map((c) => c.id)).toEqual([...old].sort(byIdThen((c) => c.createdAt, -1)).map((c) => c.id));
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const byName = await h.api(`/api/admin/qr-codes?${search}&sort=name&limit=2`, { token: admin });
    const cursor = encodeURIComponent(byName.body.nextCursor);
    for (const other of ['sort=usageCount', 'sort=name&order=desc', '']) {
      const res = await h.api(`/api/admin/qr-codes?${search}&${other}&limit=2&cursor=${cursor}`, {
        token: admin,
      });
      expect(res.status, other).toBe(400);
      expect(res.body.message).toBe('cursor belongs to another sort order; start again from the first page');
    }
    const newest = await h.api(`/api/admin/qr-codes?${search}&limit=2`, { token: admin });
    const back = await h.api(
      `/api/admin/qr-codes?${search}&sort=name&limit=2&cursor=${encodeURIComponent(newest.body.nextCursor)}`,
      { token: admin },
    );
    expect(back.status).toBe(400);
  });
});

describe('filtering the codes table', () => {
  it.each(VOUCHER_STATUSES)(
    'status=%s lists exactly the codes the table shows with that status',
    async (status) => {
      const all = await allPages(`/api/admin/qr-codes?${search}`, admin, 50);
      const filtered = await allPages(`/api/admin/qr-codes?${search}&status=${status}&sort=name`, admin);
      const expected = all.filter((c) => c.status === status).map((c) => c.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(filtered.map((c) => c.id).sort()).toEqual(expected.sort());
      const first = await h.api(`/api/admin/qr-codes?${search}&status=${status}&limit=1`, { token: admin });
      expect(first.body.total).toBe(expected.length);
    },
  );

  it('partnerId narrows the administrator’s list to the codes made for or assigned to that partner', async () => {
    const mine = await allPages(`/api/admin/qr-codes?partnerId=${companyA.companyId}&sort=name`, admin);
    expect(mine.map((c) => c.clinicName.toLowerCase())).toEqual([
      `${TAG} gamma`.toLowerCase(),
      `${TAG} own eta`.toLowerCase(),
      `${TAG} own zeta`.toLowerCase(),
    ]);
    const count = await h.api(`/api/admin/qr-codes?partnerId=${companyA.companyId}&limit=1`, {
      token: admin,
    });
    expect(count.body.total).toBe(3);
  });

  it('a company sees only its own codes, sorted and filtered; another partner’s id is 403', async () => {
    const own = await allPages('/api/qr-codes/all?sort=name&order=desc', companyA.token, 2);
    expect(own.map((c) => c.clinicName.toLowerCase())).toEqual(
      [`${TAG} own zeta`, `${TAG} own eta`, `${TAG} gamma`].map((n) => n.toLowerCase()),
    );
    const active = await allPages('/api/qr-codes/all?status=active&sort=usageCount', companyB.token);
    expect(active.map((c) => c.clinicName)).toEqual([`${TAG} other theta`]);
    const sameCompany = await h.api(`/api/qr-codes/all?partnerId=${companyA.companyId}`, {
      token: companyA.token,
    });
    expect(sameCompany.status).toBe(200);
    const other = await h.api(`/api/qr-codes/all?partnerId=${companyB.companyId}`, { token: companyA.token });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only list your own company’s codes');
    expect((await h.api('/api/admin/qr-codes?sort=name', { token: companyA.token })).status).toBe(403);
  });

  it('without a session the sorted lists are 401', async () => {
    expect((await h.api('/api/admin/qr-codes?sort=name&status=active')).status).toBe(401);
    expect((await h.api('/api/qr-codes/all?sort=name&status=active')).status).toBe(401);
  });

  it.each([
    ['sort=colour', 'sort', 'sort must be one of createdAt, name, usageCount, expiresAt'],
    ['sort=name&order=up', 'order', 'order must be asc or desc'],
    ['status=gone', 'status', 'status must be one of active, upcoming, expired, used_up, inactive'],
    ['partnerId=abc', 'partnerId', 'partnerId must be a partner id'],
    ['sort=name&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`/api/admin/qr-codes?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });
});

type RedemptionItem = { id: string; redeemedAt: string; status: string; facility: string };

describe('the redemptions table', () => {
  // The redemptions made in beforeAll: 1+2+1+2+2 (the plan) and the used-up code's one.
  const listed = `search=${TAG}`;

  it('order=asc pages through every redemption oldest first; the default is newest first', async () => {
    const newest = await allPages(`/api/admin/redemptions?${listed}`, admin, 3);
    const oldest = await allPages(`/api/admin/redemptions?${listed}&order=asc`, admin, 3);
    expect(newest.length).toBeGreaterThanOrEqual(9);
    expect(oldest.map((r) => r.id)).toEqual([...newest].reverse().map((r) => r.id));
    const asItems = oldest as unknown as RedemptionItem[];
    expect(asItems.map((r) => r.redeemedAt)).toEqual(asItems.map((r) => r.redeemedAt).sort());
  });

  it('status=cancelled lists only the cancelled ones; status=completed the rest', async () => {
    const first = (await allPages(`/api/admin/redemptions?${listed}&order=asc`, admin, 50))[0]!;
    const cancelled = await h.api(`/api/redemptions/${first.id}/cancel`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Table filter test' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const only = (await allPages(
      `/api/admin/redemptions?${listed}&status=cancelled`,
      admin,
      2,
    )) as unknown as RedemptionItem[];
    expect(only.map((r) => r.id)).toEqual([first.id]);
    const rest = (await allPages(
      `/api/admin/redemptions?${listed}&status=completed&order=asc`,
      admin,
      2,
    )) as unknown as RedemptionItem[];
    expect(rest.every((r) => r.status === 'completed')).toBe(true);
    expect(rest.map((r) => r.id)).not.toContain(first.id);
    const counted = await h.api(`/api/admin/redemptions?${listed}&status=completed&limit=1`, {
      token: admin,
    });
    expect(counted.body.total).toBe(rest.length);
  });

  it('partnerId narrows to the partner’s codes; a company sees its own, another partner’s id is 403', async () => {
    const gamma = (await allPages(
      `/api/admin/redemptions?partnerId=${companyA.companyId}`,
      admin,
    )) as unknown as RedemptionItem[];
    expect(gamma.length).toBe(2);
    expect(gamma.every((r) => r.facility.toLowerCase() === `${TAG} gamma`.toLowerCase())).toBe(true);
    const own = (await allPages('/api/redemptions?order=asc', companyA.token)) as unknown as RedemptionItem[];
    expect(own.map((r) => r.id)).toEqual([...gamma].reverse().map((r) => r.id));
    expect(
      (await h.api(`/api/redemptions?partnerId=${companyB.companyId}`, { token: companyA.token })).status,
    ).toBe(403);
    expect((await h.api('/api/redemptions?status=cancelled')).status).toBe(401);
  });

  it('a newest-first cursor is refused under order=asc, and bad values are 400 with their message', async () => {
    const page = await h.api(`/api/admin/redemptions?${listed}&limit=2`, { token: admin });
    const res = await h.api(
      `/api/admin/redemptions?${listed}&limit=2&order=asc&cursor=${encodeURIComponent(page.body.nextCursor)}`,
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('cursor belongs to another sort order; start again from the first page');
    for (const [query, field, message] of [
      ['status=void', 'status', 'status must be one of completed, cancelled'],
      ['order=sideways', 'order', 'order must be asc or desc'],
      ['sort=facility', 'sort', 'sort must be redeemedAt'],
    ]) {
      const bad = await h.api(`/api/admin/redemptions?${query}`, { token: admin });
      expect(bad.status, query).toBe(400);
      expect(bad.body.errors?.[field]).toContain(message);
    }
  });
});
