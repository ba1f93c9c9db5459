import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { qrCodeUpdatesDuring } from './support/heap-only';
import { allPages, expectPagedInOrder, keyThenId } from './support/tables';

// Issue 27, "Tables": the codes table's "Used up" filter reads used_up_codes (vouchers migration
// 20261211), a side table kept by triggers when a code becomes used up or stops being so, because
// usage_count must stay out of every index of qr_codes (a redeem stays a heap-only update).
let h: Harness;
let admin: string;
let db: pg.Client;
let company: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Usedx';
type Item = {
  id: string;
  clinicName: string;
  usageCount: number;
  usageLimit: number | string;
  expirationDate: string | null;
  status: string;
  createdAt: string;
};

const make = async (clinic: string, usageLimit: string, expirationDate = '2099-06-01', token = admin) => {
  const made = await h.api('/api/generate-qr', {
    method: 'POST',
    token,
    json: { clinic, service: 'Filters', discountValue: 10, expirationDate, usageLimit },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
};
const redeem = (id: string) => h.api(`/api/redeem/${id}`, { method: 'POST' });
const redeemOk = async (id: string, times = 1) => {
  for (let i = 0; i < times; i++) expect((await redeem(id)).status).toBe(200);
};
const usedUpList = (query = '') =>
  allPages<Item>(h, `/api/admin/qr-codes?search=${TAG}&status=used_up${query}`, admin, 2);
const ids = (items: { id: string }[]) => items.map((c) => c.id).sort();

/** The used-up codes by the status's own condition, and the side table's rows, for the TAG codes. */
async function usedUpInDatabase(): Promise<{ byCondition: string[]; bySideTable: string[] }> {
  const condition = await db.query(
    `select id::text from vouchers.qr_codes
      where clinic_name like $1 and is_active and usage_limit <> 999999 and usage_count >= usage_limit
      order by 1`,
    [`${TAG}%`],
  );
  const side = await db.query(
    `select u.qr_code_id::text as id from vouchers.used_up_codes u join vouchers.qr_codes q on q.id = u.qr_code_id
      where q.clinic_name like $1 order by 1`,
    [`${TAG}%`],
  );
  return {
    byCondition: condition.rows.map((r: { id: string }) => r.id),
    bySideTable: side.rows.map((r: { id: string }) => r.id),
  };
}

async function lastRedemption(codeId: string): Promise<string> {
  const { rows } = await db.query(
    `select id::text from vouchers.redemptions where qr_code_id = $1 and status = 'completed'
      order by redeemed_at desc, id desc limit 1`,
    [codeId],
  );
  return (rows[0] as { id: string }).id;
}

const cancel = async (codeId: string) => {
  const res = await h.api(`/api/redemptions/${await lastRedemption(codeId)}/cancel`, {
    method: 'POST',
    token: admin,
    json: { reason: 'Used-up filter test' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const used: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  company = await createPartnerWithUser(h, 'Used Up Co');
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  // Used up: limits 1, 2 and 3 reached, names, usage and expiries with ties.
  used.one = await make(`${TAG} beta`, '1', '2099-03-01');
  used.two = await make(`${TAG} Alpha`, '2', '2099-01-01');
  used.three = await make(`${TAG} alpha`, '3', '2099-01-01');
  used.four = await make(`${TAG} gamma`, '1', '2099-02-01');
  used.own = await make(`${TAG} own`, '1', '2099-02-01', company.token);
  await redeemOk(used.one);
  await redeemOk(used.two, 2);
  await redeemOk(used.three, 3);
  await redeemOk(used.four);
  await redeemOk(used.own);
  // Not used up: a use left, never redeemed, unlimited.
  await redeemOk(await make(`${TAG} delta`, '3'), 2);
  await make(`${TAG} epsilon`, '1');
  await redeemOk(await make(`${TAG} zeta`, 'unlimited'), 2);
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

describe('status=used_up', () => {
  it('lists exactly the used-up codes, and the side table holds exactly the codes the condition holds', async () => {
    const listed = await usedUpList();
    expect(ids(listed)).toEqual([used.one, used.two, used.three, used.four, used.own].sort());
    expect(listed.every((c) => c.status === 'used_up')).toBe(true);
    const { byCondition, bySideTable } = await usedUpInDatabase();
    expect(bySideTable).toEqual(byCondition);
    // Every code of the platform too (other files' codes are not in this database).
    const { rows } = await db.query(
      `select (select count(*) from vouchers.used_up_codes)::int as side,
              (select count(*) from vouchers.qr_codes
                where is_active and usage_limit <> 999999 and usage_count >= usage_limit)::int as condition,
              (select count(*) from vouchers.used_up_codes u join vouchers.qr_codes q on q.id = u.qr_code_id
                where u.created_at = q.created_at and u.name_key = lower(q.clinic_name)
                  and u.expiry_key = coalesce(q.expiration_date, 'infinity'::date)
                  and u.usage_count = q.usage_count)::int as same_keys`,
    );
    expect(rows[0]).toEqual({ side: 5, condition: 5, same_keys: 5 });
    const first = await h.api(`/api/admin/qr-codes?search=${TAG}&status=used_up&limit=1`, { token: admin });
    expect(first.body.total).toBe(5);
  });

  const byIdThen = keyThenId<Item>((c) => c.id);
  it.each([
    ['createdAt', 'desc', byIdThen((c) => c.createdAt, -1)],
    ['createdAt', 'asc', byIdThen((c) => c.createdAt, 1)],
    ['name', 'asc', byIdThen((c) => c.clinicName.toLowerCase(), 1)],
    ['name', 'desc', byIdThen((c) => c.clinicName.toLowerCase(), -1)],
    ['usageCount', 'desc', byIdThen((c) => c.usageCount, -1)],
    ['usageCount', 'asc', byIdThen((c) => c.usageCount, 1)],
    ['expiresAt', 'asc', byIdThen((c) => c.expirationDate ?? '9999', 1)],
    ['expiresAt', 'desc', byIdThen((c) => c.expirationDate ?? '9999', -1)],
  ] as const)(
    'sort=%s order=%s pages through the used-up codes once, in order',
    async (sort, order, compare) => {
      const paged = await usedUpList(`&sort=${sort}&order=${order}`);
      expect(paged).toHaveLength(5);
      expectPagedInOrder(paged, compare, (c) => c.id);
      // An offset page (a reload) is the page the cursors lead to.
      const offset = await h.api(
        `/api/admin/qr-codes?search=${TAG}&status=used_up&sort=${sort}&order=${order}&limit=2&offset=2`,
        { token: admin },
      );
      expect(offset.body.items.map((c: Item) => c.id)).toEqual(paged.slice(2, 4).map((c) => c.id));
    },
  );

  it('a used-up page’s cursor continues the unfiltered list of the same sort (the same keys)', async () => {
    const page = await h.api(`/api/admin/qr-codes?search=${TAG}&status=used_up&sort=name&limit=2`, {
      token: admin,
    });
    const next = await h.api(
      `/api/admin/qr-codes?search=${TAG}&sort=name&limit=50&cursor=${encodeURIComponent(page.body.nextCursor)}`,
      { token: admin },
    );
    expect(next.status).toBe(200);
    const all = await allPages<Item>(h, `/api/admin/qr-codes?search=${TAG}&sort=name`, admin, 50);
    const last = page.body.items[1] as Item;
    expect(next.body.items.map((c: Item) => c.id)).toEqual(
      all.slice(all.findIndex((c) => c.id === last.id) + 1).map((c) => c.id),
    );
  });

  it('a partner’s used-up codes: the administrator’s partnerId and the company’s own list', async () => {
    const byAdmin = await allPages<Item>(
      h,
      `/api/admin/qr-codes?status=used_up&partnerId=${company.companyId}`,
      admin,
      2,
    );
    expect(ids(byAdmin)).toEqual([used.own]);
    const own = await allPages<Item>(h, '/api/qr-codes/all?status=used_up&sort=usageCount', company.token, 2);
    expect(ids(own)).toEqual([used.own]);
  });

  it('a cancel that gives a use back takes the code out of used_up; a redeem puts it back', async () => {
    const code = await make(`${TAG} cancel`, '2');
    await redeemOk(code, 2);
    expect(ids(await usedUpList())).toContain(code);
    await cancel(code);
    const after = await usedUpList();
    expect(ids(after)).not.toContain(code);
    const listed = await h.api(`/api/admin/qr-codes?search=${encodeURIComponent(`${TAG} cancel`)}`, {
      token: admin,
    });
    expect(listed.body.items[0].status).toBe('active');
    await redeemOk(code);
    expect(ids(await usedUpList())).toContain(code);
    const { byCondition, bySideTable } = await usedUpInDatabase();
    expect(bySideTable).toEqual(byCondition);
  });

  it('a deactivation, a raised limit and a renamed used-up code keep the side table exact', async () => {
    const code = await make(`${TAG} edits`, '1', '2099-04-01');
    await redeemOk(code);
    await db.query('update vouchers.qr_codes set is_active = false where id = $1', [code]);
    expect(ids(await usedUpList())).not.toContain(code);
    await db.query('update vouchers.qr_codes set is_active = true where id = $1', [code]);
    expect(ids(await usedUpList())).toContain(code);
    await db.query(`update vouchers.qr_codes set clinic_name = $2, expiration_date = null where id = $1`, [
      code,
      `${TAG} Aardvark`,
    ]);
    const byName = await usedUpList('&sort=name');
    expect(byName[0]?.id).toBe(code);
    const byExpiry = await usedUpList('&sort=expiresAt&order=desc');
    expect(byExpiry[0]?.id).toBe(code);
    await db.query('update vouchers.qr_codes set usage_limit = 2 where id = $1', [code]);
    expect(ids(await usedUpList())).not.toContain(code);
    const { byCondition, bySideTable } = await usedUpInDatabase();
    expect(bySideTable).toEqual(byCondition);
    const { rows } = await db.query(
      `select name_key, expiry_key::text from vouchers.used_up_codes where qr_code_id = $1`,
      [used.one],
    );
    expect(rows).toEqual([{ name_key: `${TAG} beta`.toLowerCase(), expiry_key: '2099-03-01' }]);
  });

  it('parallel redeems of the last use: one counts, and the code is listed once', async () => {
    const code = await make(`${TAG} race`, '3');
    await redeemOk(code, 2);
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const listed = (await usedUpList()).filter((c) => c.id === code);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.usageCount).toBe(3);
    const { rows } = await db.query(
      'select count(*)::int as n from vouchers.used_up_codes where qr_code_id = $1',
      [code],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('a redeem that leaves a use is a heap-only (HOT) update of qr_codes', async () => {
    const code = await make(`${TAG} hot`, '5');
    const { updates, heapOnly } = await qrCodeUpdatesDuring(db, () => redeemOk(code));
    expect(updates).toBeGreaterThanOrEqual(1);
    expect(heapOnly).toBe(updates);
  });
});

describe('the redemptions table’s totals without a search', () => {
  it('status and partnerId totals are exact (the tallies and the cancelled ones), never a bound', async () => {
    const sql = async (where: string, params: unknown[] = []) =>
      (
        (await db.query(`select count(*)::int as n from vouchers.redemptions r where ${where}`, params))
          .rows[0] as { n: number }
      ).n;
    const assigned = `r.qr_code_id in (select p.qr_code_id from vouchers.qr_code_partners p
                       where p.partner_id = $1 and p.is_active)`;
    const total = async (query: string, token = admin) => {
      const res = await h.api(`${query}${query.includes('?') ? '&' : '?'}limit=1`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.totalIsLowerBound).toBeUndefined();
      return res.body.total as number;
    };
    // A cancelled one of the company's code too.
    const code = await make(`${TAG} partner cancel`, '3', '2099-06-01', company.token);
    await redeemOk(code, 2);
    await cancel(code);
    const partner = company.companyId;
    expect(await sql(`r.status = 'cancelled'`)).toBeGreaterThanOrEqual(1);
    expect(await total('/api/admin/redemptions?status=completed')).toBe(await sql(`r.status = 'completed'`));
    expect(await total('/api/admin/redemptions?status=cancelled')).toBe(await sql(`r.status = 'cancelled'`));
    expect(await total(`/api/admin/redemptions?partnerId=${partner}`)).toBe(await sql(assigned, [partner]));
    expect(await total(`/api/admin/redemptions?partnerId=${partner}&status=completed`)).toBe(
      await sql(`${assigned} and r.status = 'completed'`, [partner]),
    );
    expect(await total(`/api/admin/redemptions?partnerId=${partner}&status=cancelled`)).toBe(
      await sql(`${assigned} and r.status = 'cancelled'`, [partner]),
    );
    expect(await total('/api/redemptions?status=cancelled', company.token)).toBe(1);
    expect(await total('/api/redemptions?status=completed', company.token)).toBe(
      await sql(`${assigned} and r.status = 'completed'`, [partner]),
    );
  });
});
