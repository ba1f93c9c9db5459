import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { qrCodeUpdatesDuring } from './support/heap-only';
import { allPages } from './support/tables';

// Issue 27, "Tables": the codes tables' usage sort reads along code_usage (vouchers migration
// 20261213), a copy of each code's usage_count indexed with its id and kept by triggers, because
// usage_count must stay out of every index of qr_codes (a redeem stays a heap-only update).
let h: Harness;
let admin: string;
let db: pg.Client;
let company: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Usagex';
type Item = { id: string; usageCount: number };

const make = async (clinic: string, usageLimit: string, token = admin) => {
  const made = await h.api('/api/generate-qr', {
    method: 'POST',
    token,
    json: { clinic, service: 'Usage sort', discountValue: 10, expirationDate: '2099-06-01', usageLimit },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
};
const redeem = (id: string) => h.api(`/api/redeem/${id}`, { method: 'POST' });
const redeemOk = async (id: string, times = 1) => {
  for (let i = 0; i < times; i++) expect((await redeem(id)).status).toBe(200);
};

async function cancelLast(codeId: string): Promise<void> {
  const { rows } = await db.query(
    `select id::text from vouchers.redemptions where qr_code_id = $1 and status = 'completed'
      order by redeemed_at desc, id desc limit 1`,
    [codeId],
  );
  const res = await h.api(`/api/redemptions/${(rows[0] as { id: string }).id}/cancel`, {
    method: 'POST',
    token: admin,
    json: { reason: 'Usage sort test' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The ids in SQL's own order of qr_codes (`where` on `q`), by usage then id. */
async function sqlOrder(dir: 'asc' | 'desc', where = 'true', params: unknown[] = []): Promise<string[]> {
  const { rows } = await db.query(
    `select q.id::text from vouchers.qr_codes q where ${where} order by q.usage_count ${dir}, q.id ${dir}`,
    params,
  );
  return rows.map((r: { id: string }) => r.id);
}

/** Every code whose copy differs from its usage_count, or that has no copy, or a copy without a code. */
async function outOfStep(): Promise<unknown[]> {
  const { rows } = await db.query(
    `select q.id, q.usage_count, c.usage_count as copy, q.qr_type, c.trainer
       from vouchers.qr_codes q full join vouchers.code_usage c on c.code_id = q.id
      where q.id is null or c.code_id is null or q.usage_count <> c.usage_count
         or (q.qr_type = 'trainer') <> c.trainer`,
  );
  return rows;
}

async function expectListsInSqlOrder(): Promise<void> {
  for (const dir of ['asc', 'desc'] as const) {
    const all = await allPages<Item>(h, `/api/admin/qr-codes?sort=usageCount&order=${dir}`, admin, 2);
    expect(all.map((c) => c.id)).toEqual(await sqlOrder(dir));
    const searched = await allPages<Item>(
      h,
      `/api/admin/qr-codes?search=${TAG}&sort=usageCount&order=${dir}`,
      admin,
      3,
    );
    expect(searched.map((c) => c.id)).toEqual(await sqlOrder(dir, 'q.clinic_name like $1', [`${TAG}%`]));
    const own = await allPages<Item>(h, `/api/qr-codes/all?sort=usageCount&order=${dir}`, company.token, 2);
    expect(own.map((c) => c.id)).toEqual(
      await sqlOrder(
        dir,
        `exists (select 1 from vouchers.qr_code_partners p where p.qr_code_id = q.id and p.partner_id = $1 and p.is_active)`,
        [company.companyId],
      ),
    );
  }
  // The items' own counts agree with the order they came in.
  const listed = await allPages<Item>(h, '/api/admin/qr-codes?sort=usageCount&order=asc', admin, 4);
  const counts = listed.map((c) => c.usageCount);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
}

const codes: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  company = await createPartnerWithUser(h, 'Usage Sort Co');
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  // Usage 0 to 3, with ties at 0, 1 and 2; two of the company's own.
  for (const [name, limit, uses] of [
    ['a', '5', 2],
    ['b', '5', 1],
    ['c', 'unlimited', 3],
    ['d', '3', 0],
    ['e', '2', 2],
    ['f', '5', 1],
    ['g', 'unlimited', 0],
  ] as const) {
    codes[name] = await make(`${TAG} ${name}`, limit);
    await redeemOk(codes[name], uses);
  }
  codes.own1 = await make(`${TAG} own1`, '5', company.token);
  codes.own2 = await make(`${TAG} own2`, '5', company.token);
  await redeemOk(codes.own1, 2);
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

describe('the usage sort reads code_usage', () => {
  it('lists in SQL’s order by usage_count, id, both ways, page by page (admin, searched, company)', async () => {
    expect(await outOfStep()).toEqual([]);
    await expectListsInSqlOrder();
  });

  it('follows redeems and cancels (a cancel lowers the count)', async () => {
    await redeemOk(codes.d!, 3);
    await redeemOk(codes.own2!, 1);
    await cancelLast(codes.c!);
    await cancelLast(codes.c!);
    await cancelLast(codes.e!);
    const { rows } = await db.query(
      'select q.usage_count, c.usage_count as copy from vouchers.qr_codes q join vouchers.code_usage c on c.code_id = q.id where q.id = $1',
      [codes.c],
    );
    expect(rows[0]).toEqual({ usage_count: 1, copy: 1 });
    expect(await outOfStep()).toEqual([]);
    await expectListsInSqlOrder();
  });

  it('a page by offset and a cursor of another order answer as the other sorts do', async () => {
    const byCursor = await allPages<Item>(h, '/api/admin/qr-codes?sort=usageCount&order=desc', admin, 3);
    const page2 = await h.api('/api/admin/qr-codes?sort=usageCount&order=desc&limit=3&offset=3', {
      token: admin,
    });
    expect(page2.status).toBe(200);
    expect((page2.body.items as Item[]).map((c) => c.id)).toEqual(byCursor.slice(3, 6).map((c) => c.id));
    const first = await h.api('/api/admin/qr-codes?sort=usageCount&order=desc&limit=3', { token: admin });
    const wrong = await h.api(
      `/api/admin/qr-codes?sort=usageCount&order=asc&limit=3&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
      { token: admin },
    );
    expect(wrong.status).toBe(400);
  });

  it('parallel redeems keep the copy equal to the count', async () => {
    const unlimited = await make(`${TAG} parallel`, 'unlimited');
    const limited = await make(`${TAG} last uses`, '4');
    const results = await Promise.all([
      ...Array.from({ length: 16 }, () => redeem(unlimited)),
      ...Array.from({ length: 10 }, () => redeem(limited)),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const { rows } = await db.query(
      `select q.id::text, q.usage_count, c.usage_count as copy
         from vouchers.qr_codes q join vouchers.code_usage c on c.code_id = q.id where q.id = any($1::uuid[])
        order by q.usage_count`,
      [[unlimited, limited]],
    );
    expect(rows).toEqual([
      { id: limited, usage_count: 4, copy: 4 },
      { id: unlimited, usage_count: 16, copy: 16 },
    ]);
    expect(await outOfStep()).toEqual([]);
    await expectListsInSqlOrder();
  });

  it('a redeem is still a heap-only update of qr_codes', async () => {
    const code = await make(`${TAG} hot`, '5');
    const { updates, heapOnly } = await qrCodeUpdatesDuring(db, () => redeemOk(code));
    expect(updates).toBeGreaterThanOrEqual(1);
    expect(heapOnly).toBe(updates);
    // And no index of qr_codes names usage_count (in its columns, expressions or predicate).
    const { rows } = await db.query(
      `select indexdef from pg_indexes where schemaname = 'vouchers' and tablename = 'qr_codes'
          and indexdef like '%usage_count%'`,
    );
    expect(rows).toEqual([]);
  });

  it('the trainer tables sort by usage along the copy too (admin, a company’s assigned)', async () => {
    for (const partnerId of [undefined, company.companyId]) {
      const made = await h.api('/api/generate-trainer-qr', {
        method: 'POST',
        token: admin,
        json: {
          partnerName: `${TAG} Physio`,
          couponTitle: 'Athlete Perk',
          trainerNames: 'One\nTwo\nThree\nFour',
          ...(partnerId ? { partnerId } : {}),
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // Counts with ties (no endpoint redeems a trainer code without a till): the trigger keeps the copy.
    await db.query(
      `update vouchers.qr_codes q set usage_count = s.n % 3
         from (select id, row_number() over (order by created_at, id) as n from vouchers.qr_codes
                where qr_type = 'trainer') s where s.id = q.id`,
    );
    expect(await outOfStep()).toEqual([]);
    const assigned = `exists (select 1 from vouchers.qr_code_partners p where p.qr_code_id = q.id and p.partner_id = $1 and p.is_active)`;
    for (const dir of ['asc', 'desc'] as const) {
      const all = await allPages<Item>(h, `/api/qr-codes/trainers?sort=usageCount&order=${dir}`, admin, 3);
      expect(all.map((c) => c.id)).toEqual(await sqlOrder(dir, `q.qr_type = 'trainer'`));
      expect(all).toHaveLength(8);
      const own = await allPages<Item>(
        h,
        `/api/partner-assigned-qr-codes?sort=usageCount&order=${dir}`,
        company.token,
        3,
      );
      expect(own.map((c) => c.id)).toEqual(
        await sqlOrder(dir, `q.qr_type = 'trainer' and ${assigned}`, [company.companyId]),
      );
      expect(own).toHaveLength(4);
    }
  });

  it('a deleted code’s copy goes with it', async () => {
    const code = await make(`${TAG} deleted`, '5');
    await redeemOk(code, 2);
    const res = await h.api(`/api/admin/qr-codes/${code}`, { method: 'DELETE', token: admin });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const { rows } = await db.query('select 1 from vouchers.code_usage where code_id = $1', [code]);
    expect(rows).toEqual([]);
    expect(await outOfStep()).toEqual([]);
    await expectListsInSqlOrder();
  });
});
