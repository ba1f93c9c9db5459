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

// Issue 27, "Tables": the Trainer/Athlete QR list (GET /api/qr-codes/trainers, and a company's
// /api/partner-assigned-qr-codes) sorts by its columns and filters by the chip's status and a partner
// on the server, keyset-paged with a cursor that knows its sort; the old query (spec §7) still works.
let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Trtbl';
type Item = {
  id: string;
  trainerName: string;
  usageCount: number;
  expirationDate: string | null;
  status: string;
  createdAt: string;
  qrType: string;
};

const LIST = '/api/qr-codes/trainers';

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Trainer Table Co A');
  companyB = await createPartnerWithUser(h, 'Trainer Table Co B');
  const make = async (names: string[], partnerId?: string) => {
    const made = await h.api('/api/generate-trainer-qr', {
      method: 'POST',
      token: admin,
      json: {
        partnerName: `${TAG} Physio`,
        couponTitle: 'Athlete Perk',
        trainerNames: names.join('\n'),
        ...(partnerId ? { partnerId } : {}),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };
  // Names with ties and mixed case.
  await make(['Beta Coach', 'alpha Runner', 'Alpha Runner', 'gamma Lifter', 'Beta Coach', 'Delta Swimmer']);
  await make(['Zeta Partnered', 'Eta Partnered'], companyA.companyId);
  await make(['Theta Other'], companyB.companyId);
  // Expiries and usage with ties, one expired code, through the database (no endpoint sets them).
  const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; trainer_name: string }>(
      `select id, trainer_name from vouchers.qr_codes where clinic_name like $1 or trainer_name like '%Partnered'
          or trainer_name = 'Theta Other' order by created_at, id`,
      [`${TAG}%`],
    );
    const plan = ['2099-03-01', '2099-01-01', '2099-01-01', '2020-01-01', '2099-02-01', null, '2099-02-01'];
    for (const [i, row] of rows.entries()) {
      await db.query(
        `update vouchers.qr_codes set expiration_date = $2::date, usage_count = $3 where id = $1`,
        [row.id, plan[i % plan.length] ?? null, i % 3],
      );
    }
  } finally {
    await db.end();
  }
});
afterAll(async () => h?.close());

const allPages = (path: string, token: string, limit = 3) => pages<Item>(h, path, token, limit);
const search = `search=${TAG}`;
const byIdThen = keyThenId<Item>((c) => c.id);
const id = (c: Item) => c.id;

describe('sorting the trainer codes table', () => {
  it.each([
    ['name', 'asc', byIdThen((c) => c.trainerName.toLowerCase(), 1)],
    ['name', 'desc', byIdThen((c) => c.trainerName.toLowerCase(), -1)],
    ['expiresAt', 'asc', byIdThen((c) => c.expirationDate?.slice(0, 10) ?? '9999', 1)],
    ['expiresAt', 'desc', byIdThen((c) => c.expirationDate?.slice(0, 10) ?? '9999', -1)],
    ['usageCount', 'desc', byIdThen((c) => c.usageCount, -1)],
    ['usageCount', 'asc', byIdThen((c) => c.usageCount, 1)],
    ['createdAt', 'asc', byIdThen((c) => c.createdAt, 1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`${LIST}?${search}&sort=${sort}&order=${order}`, admin);
      const whole = await h.api(`${LIST}?${search}&limit=200`, { token: admin });
      expect(whole.body.total).toBe(9);
      expect(paged).toHaveLength(whole.body.total);
      expect(paged.every((c) => c.qrType === 'trainer')).toBe(true);
      expectPagedInOrder(paged, compare, id);
    },
  );

  it('a page by offset (a reload, a shared link) is the page the cursors lead to', async () => {
    await expectOffsetPageMatches(h, admin, `${LIST}?${search}&sort=name`, { limit: 3, offset: 6 }, id);
  });

  it('without sort the list is what the old client asked for: newest first, its cursor still works', async () => {
    const old = await allPages(`${LIST}?${search}`, admin, 2);
    expect(old).toHaveLength(9);
    expect(old.map((c) => c.id)).toEqual([...old].sort(byIdThen((c) => c.createdAt, -1)).map((c) => c.id));
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    await expectCursorRefused(
      h,
      admin,
      `${LIST}?${search}&sort=name&limit=2`,
      ['sort=expiresAt', 'sort=name&order=desc', ''].map((other) => `${LIST}?${search}&${other}&limit=2`),
    );
    await expectCursorRefused(h, admin, `${LIST}?${search}&limit=2`, [`${LIST}?${search}&sort=name&limit=2`]);
  });
});

describe('filtering the trainer codes table', () => {
  it.each(['active', 'expired'])('status=%s lists exactly the codes whose chip says so', async (status) => {
    await expectFilterKeeps<Item>(
      h,
      admin,
      {
        all: `${LIST}?${search}`,
        filtered: `${LIST}?${search}&status=${status}&sort=name`,
        count: `${LIST}?${search}&status=${status}&limit=1`,
        limit: 2,
      },
      (c) => (c.status === 'expired' ? 'expired' : 'active') === status,
      id,
    );
  });

  it('partnerId narrows the administrator’s list to the codes made for or assigned to that partner', async () => {
    const mine = await allPages(`${LIST}?partnerId=${companyA.companyId}&sort=name`, admin);
    expect(mine.map((c) => c.trainerName)).toEqual(['Eta Partnered', 'Zeta Partnered']);
    const count = await h.api(`${LIST}?partnerId=${companyA.companyId}&limit=1`, { token: admin });
    expect(count.body.total).toBe(2);
  });

  it('a company sees only its own trainer codes, sorted; another partner’s id is 403', async () => {
    const own = await allPages('/api/partner-assigned-qr-codes?sort=name&order=desc', companyA.token, 1);
    expect(own.map((c) => c.trainerName)).toEqual(['Zeta Partnered', 'Eta Partnered']);
    const same = await h.api(`/api/partner-assigned-qr-codes?partnerId=${companyA.companyId}`, {
      token: companyA.token,
    });
    expect(same.status).toBe(200);
    expect(same.body.total).toBe(2);
    const other = await h.api(`/api/partner-assigned-qr-codes?partnerId=${companyB.companyId}`, {
      token: companyA.token,
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only list your own company’s codes');
  });

  it('without a session the sorted lists are 401', async () => {
    expect((await h.api(`${LIST}?sort=name&status=active`)).status).toBe(401);
    expect((await h.api('/api/partner-assigned-qr-codes?sort=name&status=active')).status).toBe(401);
  });

  it.each([
    ['sort=colour', 'sort', 'sort must be one of createdAt, name, expiresAt, usageCount'],
    ['sort=name&order=up', 'order', 'order must be asc or desc'],
    ['status=used_up', 'status', 'status must be one of active, expired'],
    ['partnerId=abc', 'partnerId', 'partnerId must be a partner id'],
    ['sort=name&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`${LIST}?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });
});
