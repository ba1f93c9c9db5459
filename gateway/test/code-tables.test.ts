import { VOUCHER_STATUSES } from '@avpass/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import {
  allPages as pages,
  expectCursorRefused,
  expectFilterKeeps,
  expectOffsetPageMatches,
  expectPagedInOrder,
  keyThenId,
} from './support/tables';

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

const allPages = (path: string, token: string, limit = 3) => pages<Item>(h, path, token, limit);
const search = `search=${TAG}`;
const byIdThen = keyThenId<Item>((c) => c.id);
const id = (c: { id: string }) => c.id;

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
      expectPagedInOrder(paged, compare, id);
    },
  );

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    await expectOffsetPageMatches(
      h,
      admin,
      `/api/admin/qr-codes?${search}&sort=name`,
      { limit: 3, offset: 6 },
      id,
    );
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`/api/admin/qr-codes?${search}`, admin);
    expectPagedInOrder(
      old,
      byIdThen((c) => c.createdAt, -1),
      id,
    );
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const list = `/api/admin/qr-codes?${search}`;
    await expectCursorRefused(
      h,
      admin,
      `${list}&sort=name&limit=2`,
      ['sort=usageCount', 'sort=name&order=desc', ''].map((other) => `${list}&${other}&limit=2`),
    );
    await expectCursorRefused(h, admin, `${list}&limit=2`, [`${list}&sort=name&limit=2`]);
  });
});

describe('filtering the codes table', () => {
  it.each(VOUCHER_STATUSES)(
    'status=%s lists exactly the codes the table shows with that status',
    async (status) => {
      await expectFilterKeeps<Item>(
        h,
        admin,
        {
          all: `/api/admin/qr-codes?${search}`,
          filtered: `/api/admin/qr-codes?${search}&status=${status}&sort=name`,
          count: `/api/admin/qr-codes?${search}&status=${status}&limit=1`,
          limit: 3,
        },
        (c) => c.status === status,
        id,
      );
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
  const redemptions = (path: string, token: string, limit = 3) =>
    pages<RedemptionItem>(h, path, token, limit);

  it('order=asc pages through every redemption oldest first; the default is newest first', async () => {
    const newest = await redemptions(`/api/admin/redemptions?${listed}`, admin, 3);
    const oldest = await redemptions(`/api/admin/redemptions?${listed}&order=asc`, admin, 3);
    expect(newest.length).toBeGreaterThanOrEqual(9);
    expect(oldest.map((r) => r.id)).toEqual([...newest].reverse().map((r) => r.id));
    expect(oldest.map((r) => r.redeemedAt)).toEqual(oldest.map((r) => r.redeemedAt).sort());
  });

  it('status=cancelled lists only the cancelled ones; status=completed the rest', async () => {
    const first = (await redemptions(`/api/admin/redemptions?${listed}&order=asc`, admin, 50))[0]!;
    const cancelled = await h.api(`/api/redemptions/${first.id}/cancel`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Table filter test' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const only = await redemptions(`/api/admin/redemptions?${listed}&status=cancelled`, admin, 2);
    expect(only.map((r) => r.id)).toEqual([first.id]);
    const rest = await redemptions(`/api/admin/redemptions?${listed}&status=completed&order=asc`, admin, 2);
    expect(rest.every((r) => r.status === 'completed')).toBe(true);
    expect(rest.map((r) => r.id)).not.toContain(first.id);
    const counted = await h.api(`/api/admin/redemptions?${listed}&status=completed&limit=1`, {
      token: admin,
    });
    expect(counted.body.total).toBe(rest.length);
  });

  it('partnerId narrows to the partner’s codes; a company sees its own, another partner’s id is 403', async () => {
    const gamma = await redemptions(`/api/admin/redemptions?partnerId=${companyA.companyId}`, admin);
    expect(gamma.length).toBe(2);
    expect(gamma.every((r) => r.facility.toLowerCase() === `${TAG} gamma`.toLowerCase())).toBe(true);
    const own = await redemptions('/api/redemptions?order=asc', companyA.token);
    expect(own.map((r) => r.id)).toEqual([...gamma].reverse().map((r) => r.id));
    expect(
      (await h.api(`/api/redemptions?partnerId=${companyB.companyId}`, { token: companyA.token })).status,
    ).toBe(403);
    expect((await h.api('/api/redemptions?status=cancelled')).status).toBe(401);
  });

  it('a newest-first cursor is refused under order=asc, and bad values are 400 with their message', async () => {
    await expectCursorRefused(h, admin, `/api/admin/redemptions?${listed}&limit=2`, [
      `/api/admin/redemptions?${listed}&limit=2&order=asc`,
    ]);
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
