import { randomUUID } from 'node:crypto';
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

// Issue 27, "Tables": the credits lists (GET /api/athlete-credits for the administrator,
// /api/partner-athlete-credits for a company) sort by their columns and filter by status and partner
// on the server, keyset-paged with a cursor that knows its sort; the old query (spec §7) still works.
let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
/** A run-unique word in every athlete name here, so searches see only this file's credits. */
const TAG = `Ct${randomUUID().slice(0, 6)}`;
type Item = {
  id: string;
  athleteName: string;
  endDate: string;
  status: string;
  partnerId: string | null;
  createdAt: string;
};

async function credit(athleteName: string, endDate: string, partnerId?: string): Promise<string> {
  const res = await h.api('/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName: `${TAG} ${athleteName}`,
      athleteRole: 'athlete',
      totalAmount: 5_000,
      duration: 12,
      startDate: '2026-01-01',
      endDate,
      ...(partnerId ? { partnerId } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'credits'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Credit Table Co A');
  companyB = await createPartnerWithUser(h, 'Credit Table Co B');
  // Names with ties and mixed case, end dates with ties, out of order.
  await credit('beta', '2099-03-01');
  await credit('Alpha', '2099-01-01', companyA.companyId);
  await credit('alpha', '2099-01-01');
  await credit('Gamma', '2099-02-01', companyB.companyId);
  await credit('beta', '2099-01-01', companyA.companyId);
  await credit('Alpha', '2099-03-01');
  await credit('gamma', '2099-02-01', companyB.companyId);
  await credit('beta', '2099-02-01');
  // Two expired ones (no endpoint makes a credit end in the past: through the database) and a
  // deactivated one, which no list shows.
  const expiredA = await credit('old delta', '2099-04-01', companyA.companyId);
  const expired = await credit('old epsilon', '2099-04-01');
  const inactive = await credit('gone', '2099-04-01');
  const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `update credits.athlete_credits set start_date = '2019-01-01', end_date = '2020-01-01' where id = any($1)`,
      [[expiredA, expired]],
    );
    await db.query(`update credits.athlete_credits set is_active = false where id = $1`, [inactive]);
  } finally {
    await db.end();
  }
});
afterAll(async () => h?.close());

const allPages = (path: string, token: string, limit = 3) => pages<Item>(h, path, token, limit);
const search = () => `search=${TAG}`;
const byIdThen = keyThenId<Item>((c) => c.id);
const id = (c: { id: string }) => c.id;

describe('sorting the credits table', () => {
  it.each([
    ['athleteName', 'asc', byIdThen((c) => c.athleteName.toLowerCase(), 1)],
    ['athleteName', 'desc', byIdThen((c) => c.athleteName.toLowerCase(), -1)],
    ['endDate', 'asc', byIdThen((c) => c.endDate, 1)],
    ['endDate', 'desc', byIdThen((c) => c.endDate, -1)],
    ['createdAt', 'asc', byIdThen((c) => c.createdAt, 1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`/api/athlete-credits?${search()}&sort=${sort}&order=${order}`, admin);
      const whole = await h.api(`/api/athlete-credits?${search()}&limit=100`, { token: admin });
      expect(whole.body.total).toBe(10);
      expect(paged).toHaveLength(10);
      expectPagedInOrder(paged, compare, id);
    },
  );

  it('a sort without order takes its first direction (a name A–Z, an end date soonest first)', async () => {
    const byName = await allPages(`/api/athlete-credits?${search()}&sort=athleteName`, admin);
    expectPagedInOrder(
      byName,
      byIdThen((c) => c.athleteName.toLowerCase(), 1),
      id,
    );
  });

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    await expectOffsetPageMatches(
      h,
      admin,
      `/api/athlete-credits?${search()}&sort=athleteName`,
      { limit: 3, offset: 6 },
      id,
    );
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`/api/athlete-credits?${search()}`, admin);
    expect(old).toHaveLength(10);
    expectPagedInOrder(
      old,
      byIdThen((c) => c.createdAt, -1),
      id,
    );
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const list = `/api/athlete-credits?${search()}`;
    await expectCursorRefused(
      h,
      admin,
      `${list}&sort=athleteName&limit=2`,
      ['sort=endDate', 'sort=athleteName&order=desc', ''].map((other) => `${list}&${other}&limit=2`),
    );
    await expectCursorRefused(h, admin, `${list}&limit=2`, [`${list}&sort=createdAt&order=asc&limit=2`]);
  });
});

describe('filtering the credits table', () => {
  it.each(['active', 'expired'])(
    'status=%s lists exactly the credits the table shows with that status',
    async (status) => {
      const all = await expectFilterKeeps<Item>(
        h,
        admin,
        {
          all: `/api/athlete-credits?${search()}`,
          filtered: `/api/athlete-credits?${search()}&status=${status}&sort=endDate`,
          count: `/api/athlete-credits?${search()}&status=${status}&limit=1`,
          limit: 2,
        },
        (c) => c.status === status,
        id,
      );
      expect(all.map((c) => c.status).sort()).toEqual([...Array(8).fill('active'), 'expired', 'expired']);
    },
  );

  it('partnerId narrows the administrator’s list to that partner’s credits', async () => {
    const mine = await allPages(
      `/api/athlete-credits?partnerId=${companyA.companyId}&sort=athleteName`,
      admin,
      1,
    );
    expect(mine.map((c) => c.athleteName)).toEqual([`${TAG} Alpha`, `${TAG} beta`, `${TAG} old delta`]);
    const newest = await allPages(`/api/athlete-credits?partnerId=${companyA.companyId}`, admin, 2);
    expect(newest).toHaveLength(3);
    const count = await h.api(`/api/athlete-credits?partnerId=${companyA.companyId}&status=active&limit=1`, {
      token: admin,
    });
    expect(count.body.total).toBe(2);
  });

  it('a company’s list is its own and the unassigned credits, sorted and filtered; another company’s id finds none', async () => {
    const own = await allPages(
      `/api/partner-athlete-credits?${search()}&sort=athleteName&order=desc`,
      companyB.token,
      2,
    );
    // B's two and the five unassigned (one of them expired); none of A's.
    expect(own).toHaveLength(7);
    expect(own.every((c) => c.partnerId === null || c.partnerId === companyB.companyId)).toBe(true);
    expect(own.map((c) => c.id)).toEqual(
      [...own].sort(byIdThen((c) => c.athleteName.toLowerCase(), -1)).map((c) => c.id),
    );
    const expired = await allPages(`/api/partner-athlete-credits?${search()}&status=expired`, companyB.token);
    expect(expired.map((c) => c.athleteName)).toEqual([`${TAG} old epsilon`]);
    const other = await h.api(`/api/partner-athlete-credits?partnerId=${companyA.companyId}`, {
      token: companyB.token,
    });
    expect(other.status).toBe(200);
    expect(other.body.total).toBe(0);
    expect((await h.api('/api/athlete-credits?sort=athleteName', { token: companyA.token })).status).toBe(
      403,
    );
  });

  it('without a session the sorted lists are 401', async () => {
    expect((await h.api('/api/athlete-credits?sort=athleteName&status=active')).status).toBe(401);
    expect((await h.api('/api/partner-athlete-credits?sort=endDate&status=expired')).status).toBe(401);
  });

  it.each([
    ['sort=balance', 'sort', 'sort must be one of createdAt, athleteName, endDate'],
    ['sort=endDate&order=up', 'order', 'order must be asc or desc'],
    ['status=inactive', 'status', 'status must be one of active, expired'],
    ['partnerId=abc', 'partnerId', 'partnerId must be a partner id'],
    [
      'sort=endDate&cursor=bm90LWEtY3Vyc29y',
      'cursor',
      'cursor is not valid; start again from the first page',
    ],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    for (const path of ['/api/athlete-credits', '/api/partner-athlete-credits']) {
      const res = await h.api(`${path}?${query}`, {
        token: path.includes('partner') ? companyA.token : admin,
      });
      expect(res.status, path).toBe(400);
      expect(res.body.errors?.[field]).toContain(message);
    }
  });
});

type Tx = {
  id: string;
  createdAt: string;
  voidedAt: string | null;
  partnerId: string | null;
  creditId: string;
};

describe('the ledger tables', () => {
  const ledger = '/api/credit-transactions';
  const partnerLedger = '/api/credits/partner-transactions';
  let voidedId: string;

  beforeAll(async () => {
    const credits = await allPages(`/api/athlete-credits?${search()}&status=active`, admin, 50);
    const charge = async (token: string, creditId: string) => {
      const res = await h.api(`/api/credits/${creditId}/transactions`, {
        method: 'POST',
        token,
        json: { transactionType: 'purchase', description: 'Table test', amount: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.transaction.id as string;
    };
    const ofA = credits.filter((c) => c.partnerId === companyA.companyId);
    const ofB = credits.filter((c) => c.partnerId === companyB.companyId);
    const unassigned = credits.filter((c) => c.partnerId === null);
    // Company A: 4 charges (two of them at once on one credit, so times may tie), company B: 3.
    voidedId = await charge(companyA.token, ofA[0]!.id);
    await Promise.all([charge(companyA.token, ofA[1]!.id), charge(companyA.token, ofA[1]!.id)]);
    await charge(companyA.token, unassigned[0]!.id);
    for (const credit of [ofB[0]!, ofB[1]!, unassigned[1]!]) await charge(companyB.token, credit.id);
    const voided = await h.api(`${ledger}/${voidedId}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Table test void' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
  });

  const txPages = (path: string, token: string, limit = 2) => pages<Tx>(h, path, token, limit);
  const byTime = (dir: 1 | -1) => (a: Tx, b: Tx) =>
    a.createdAt < b.createdAt ? -dir : a.createdAt > b.createdAt ? dir : a.id < b.id ? -dir : dir;

  it('order=asc pages through every transaction oldest first; the default (the old client) is newest first', async () => {
    const newest = await txPages(`${ledger}?${search()}`, admin);
    const oldest = await txPages(`${ledger}?${search()}&sort=createdAt&order=asc`, admin);
    expect(newest).toHaveLength(7);
    expect(newest.map((t) => t.id)).toEqual([...newest].sort(byTime(-1)).map((t) => t.id));
    expect(oldest.map((t) => t.id)).toEqual([...newest].reverse().map((t) => t.id));
    await expectOffsetPageMatches(h, admin, `${ledger}?${search()}&order=asc`, { limit: 2, offset: 4 }, id);
  });

  it('status and partnerId filter the ledger, and the total counts what the filter keeps', async () => {
    const voided = await txPages(`${ledger}?${search()}&status=voided`, admin);
    expect(voided.map((t) => t.id)).toEqual([voidedId]);
    const completed = await txPages(`${ledger}?${search()}&status=completed&order=asc`, admin);
    expect(completed).toHaveLength(6);
    expect(completed.every((t) => t.voidedAt === null)).toBe(true);
    const ofA = await txPages(`${ledger}?partnerId=${companyA.companyId}`, admin);
    expect(ofA).toHaveLength(4);
    expect(ofA.every((t) => t.partnerId === companyA.companyId)).toBe(true);
    const counted = await h.api(`${ledger}?partnerId=${companyA.companyId}&status=completed&limit=1`, {
      token: admin,
    });
    expect(counted.body.total).toBe(3);
    expect(counted.body.totalIsLowerBound).toBeUndefined();
  });

  it('a company sees only its own ledger, sorted and filtered; another company’s id finds none', async () => {
    const own = await txPages(`${partnerLedger}?order=asc`, companyB.token);
    expect(own).toHaveLength(3);
    expect(own.every((t) => t.partnerId === companyB.companyId)).toBe(true);
    expect(own.map((t) => t.id)).toEqual([...own].sort(byTime(1)).map((t) => t.id));
    const voided = await txPages(`${partnerLedger}?status=voided`, companyA.token);
    expect(voided.map((t) => t.id)).toEqual([voidedId]);
    const other = await h.api(`${partnerLedger}?partnerId=${companyA.companyId}`, { token: companyB.token });
    expect(other.status).toBe(200);
    expect(other.body.items).toEqual([]);
    expect(other.body.total).toBe(0);
    expect((await h.api(`${ledger}?order=asc`, { token: companyA.token })).status).toBe(403);
  });

  it('a cursor of the other direction is a 400; bad values are 400s; without a session 401', async () => {
    await expectCursorRefused(h, admin, `${ledger}?${search()}&limit=2`, [
      `${ledger}?${search()}&order=asc&limit=2`,
    ]);
    await expectCursorRefused(h, admin, `${ledger}?${search()}&order=asc&limit=2`, [
      `${ledger}?${search()}&limit=2`,
    ]);
    for (const [query, field, message] of [
      ['sort=amount', 'sort', 'sort must be createdAt'],
      ['order=up', 'order', 'order must be asc or desc'],
      ['status=pending', 'status', 'status must be one of completed, voided'],
      ['partnerId=abc', 'partnerId', 'partnerId must be a partner id'],
      ['order=asc&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
    ] as const) {
      for (const [path, token] of [
        [ledger, admin],
        [partnerLedger, companyA.token],
      ] as const) {
        const res = await h.api(`${path}?${query}`, { token });
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.errors?.[field], `${path}?${query}`).toContain(message);
      }
    }
    expect((await h.api(`${ledger}?order=asc&status=voided`)).status).toBe(401);
    expect((await h.api(`${partnerLedger}?order=asc&status=voided`)).status).toBe(401);
  });
});
