import { RPC, type Actor, type Page, type QrCode } from '@avpass/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QrCodesRepository, type CodeFilter, type PageWindow } from '../src/codes/qr-codes.repository';
import { rebuildTallies } from './support/fixtures';
import { companyActor, startVoucherServices, SUPER_ADMIN, type VoucherServices } from './support/services';

/**
 * A dense partner (assigned² ≥ 1000 × all codes) whose codes are all older than many newer codes of
 * others — the picker bench's partner assigned a 400-day-old batch. Its lists (the administrator's
 * vendor list, the company's own list) must give the rows a direct SQL query gives, in the same order,
 * by keyset and by offset, and read the page from the partner's own rows rather than walking every
 * newer code of the platform first. This file has its own database.
 */
let s: VoucherServices;
const P = randomUUID();
const OTHER = randomUUID();
const OLD = 2000; // P's batch, 400 days old, assigned to P
const NEWER = 1500; // newer codes of others (300 of them assigned to OTHER)
let newestOwned: string;
let middleOwned: string;
let withdrawn: string;

beforeAll(async () => {
  s = await startVoucherServices();
  const code = (id: string, name: string, service: string, at: string, vendor: string | null = null) =>
    s.sql.query(
      `insert into vouchers.qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
         usage_limit, usage_count, qr_url, created_at, vendor_id)
       values ($1::uuid, $2, 'percentage', 10, $3, '2099-12-31', 1, 0, 'http://localhost/voucher/' || $1::text, ${at}, $4::uuid)`,
      [id, name, service, vendor],
    );
  await s.sql.query(
    `insert into vouchers.qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
       usage_limit, usage_count, qr_url, created_at)
     select gen_random_uuid(), 'Old Partner', 'percentage', 10, 'Service ' || (g % 7), '2099-12-31', 1, 0, 'x',
            now() - interval '400 days' + g * interval '1 second'
       from generate_series(1, ${OLD}) g`,
  );
  // Two codes share one creation time: the id breaks the tie, in both lists alike.
  await s.sql.query(
    `update vouchers.qr_codes set created_at = (select created_at from vouchers.qr_codes
        where clinic_name = 'Old Partner' order by created_at offset 10 limit 1)
      where id = (select id from vouchers.qr_codes where clinic_name = 'Old Partner' order by created_at offset 11 limit 1)`,
  );
  await s.sql.query(
    `insert into vouchers.qr_code_partners (id, qr_code_id, partner_id)
     select gen_random_uuid(), id, $1 from vouchers.qr_codes where clinic_name = 'Old Partner'`,
    [P],
  );
  await s.sql.query(
    `insert into vouchers.qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
       usage_limit, usage_count, qr_url, created_at)
     select gen_random_uuid(), 'Newer Shop', 'percentage', 10, 'Service ' || (g % 7), '2099-12-31', 1, 0, 'x',
            now() - g * interval '1 second'
       from generate_series(1, ${NEWER}) g`,
  );
  await s.sql.query(
    `insert into vouchers.qr_code_partners (id, qr_code_id, partner_id)
     select gen_random_uuid(), id, $1 from vouchers.qr_codes where clinic_name = 'Newer Shop'
      order by created_at desc limit 300`,
    [OTHER],
  );
  // Made for P without an assignment: the newest code of all, and one among P's old ones; one made
  // for P and assigned to it (listed once); one newer code whose assignment to P was withdrawn.
  newestOwned = randomUUID();
  middleOwned = randomUUID();
  withdrawn = randomUUID();
  const both = randomUUID();
  await code(newestOwned, 'Own Newest', 'Service 1', `now() + interval '1 minute'`, P);
  await code(middleOwned, 'Own Middle', 'Service 2', `now() - interval '300 days'`, P);
  await code(both, 'Own Assigned', 'Service 3', `now() - interval '350 days'`, P);
  await code(withdrawn, 'Withdrawn', 'Service 1', `now() - interval '1 day'`);
  await s.sql.query(
    `insert into vouchers.qr_code_partners (id, qr_code_id, partner_id, is_active)
     values (gen_random_uuid(), $1, $2, true), (gen_random_uuid(), $3, $2, false)`,
    [both, P, withdrawn],
  );
  await rebuildTallies(s.sql);
  await s.sql.query('analyze vouchers.qr_codes, vouchers.qr_code_partners');
}, 120_000);
afterAll(async () => s?.close());

/** The partner's codes by direct SQL, newest first: made for it, or assigned to it (active). */
async function expected(vendor: boolean, search?: string): Promise<string[]> {
  const { rows } = await s.sql.query<{ id: string }>(
    `select q.id from vouchers.qr_codes q
      where (${vendor ? 'q.vendor_id = $1 or ' : ''}exists (select 1 from vouchers.qr_code_partners p
              where p.qr_code_id = q.id and p.partner_id = $1 and p.is_active))
        and ($2::text is null or q.clinic_name ilike $2 or q.service ilike $2)
      order by q.created_at desc, q.id desc`,
    [P, search ? `%${search}%` : null],
  );
  return rows.map((r) => r.id);
}

type Lister = (window: Record<string, unknown>) => Promise<Page<QrCode>>;
const vendorList: Lister = (window) => s.call(RPC.vouchers.listForVendor, { id: P, ...window } as never);
const companyList: Lister = (window) =>
  s.call(RPC.vouchers.listForActor, window as never, { actor: companyActor(P) });

describe.each([
  ['the administrator’s vendor list', vendorList, true],
  ['the company’s own list', companyList, false],
] as const)('%s of a dense partner whose codes are all old', (_name, list, vendor) => {
  it('is the partner’s codes newest first, page by page by cursor, as direct SQL gives them', async () => {
    const all = await expected(vendor);
    expect(all.length).toBe(OLD + (vendor ? 3 : 1));
    if (vendor) expect(all[0]).toBe(newestOwned);
    expect(all).not.toContain(withdrawn);
    const first = await list({ limit: 10 });
    expect(first.items.map((q) => q.id)).toEqual(all.slice(0, 10));
    expect(first.total).toBe(all.length);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list({ limit: 200, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((q) => q.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('pages by offset and searches alike', async () => {
    const all = await expected(vendor);
    for (const offset of [1, 995, all.length - 5]) {
      const page = await list({ limit: 10, offset });
      expect(page.items.map((q) => q.id)).toEqual(all.slice(offset, offset + 10));
    }
    const found = await expected(vendor, 'Service 2');
    const searched = await list({ limit: 50, search: 'Service 2' });
    expect(searched.items.map((q) => q.id)).toEqual(found.slice(0, 50));
    expect(searched.total).toBe(found.length);
    const next = await list({ limit: 50, search: 'Service 2', cursor: searched.nextCursor });
    expect(next.items.map((q) => q.id)).toEqual(found.slice(50, 100));
  });
});

/**
 * How many rows of qr_codes the page's query reads (returned or filtered out, over every loop), from
 * its EXPLAIN ANALYZE: a page read from the partner's rows reads about the page, one walking the
 * platform's newer codes first reads them all (NEWER).
 */
async function codesRowsRead(actor: Actor, window: PageWindow, filter: CodeFilter): Promise<number> {
  const codes = s.vouchers[0]!.get(QrCodesRepository, { strict: false });
  const em = Reflect.get(codes, 'em') as EntityManager;
  const execute = vi.spyOn(em, 'execute');
  try {
    await codes.page(actor, window, filter);
    const [sql, params] = execute.mock.calls.at(-1)! as [string, unknown[]];
    let n = 0;
    const numbered = sql.replace(/\?/g, () => `$${++n}`);
    await s.sql.query('set search_path = vouchers');
    const { rows } = await s.sql
      .query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${numbered}`, params)
      .finally(() => s.sql.query('reset search_path'));
    return rowsOf(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    execute.mockRestore();
  }
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function rowsOf(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'qr_codes'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsOf(child), 0);
}

describe('a dense partner’s page', () => {
  it('is read from the partner’s own rows, not after every newer code of the platform', async () => {
    const cases: [Actor, PageWindow, CodeFilter][] = [
      [SUPER_ADMIN, { limit: 10, offset: 0 }, { vendorId: P, vendorDense: true }],
      [SUPER_ADMIN, { limit: 10, offset: 0 }, { vendorId: P, vendorDense: false }],
      [SUPER_ADMIN, { limit: 10, offset: 40 }, { vendorId: P, vendorDense: true }],
      [companyActor(P), { limit: 10, offset: 0 }, {}],
    ];
    for (const [actor, window, filter] of cases) {
      const read = await codesRowsRead(actor, window, filter);
      expect(read, JSON.stringify({ actor: actor.role, window, filter })).toBeLessThan(
        3 * (window.offset + window.limit) + 10,
      );
    }
  });
});
