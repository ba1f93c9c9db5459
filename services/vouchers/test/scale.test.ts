import {
  RPC,
  type Page,
  type QrCode,
  type Redemption,
  type RpcRequestInput,
  type RpcSubject,
  type VoucherStats,
} from '@avpass/contracts';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildTallies } from './support/fixtures';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

// Issue 11: lists page by keyset cursor, and the dashboards' figures are tallies kept with every change.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ instances: 2, partners: true, env: { REDEEM_RATE_LIMIT: '1000000' } });
});
afterAll(async () => s?.close());

const codeBody = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Scale Clinic',
  discountType: 'percentage' as const,
  discountValue: 10,
  service: 'Scale Service',
  expirationDate: '2099-12-31',
  usageLimit: '50',
  ...extra,
});
const bulk = (name: string, quantity: number, extra: Record<string, unknown> = {}) => {
  const { clinic, ...rest } = codeBody(extra);
  return s.call(RPC.vouchers.bulkGenerate, {
    batchName: name,
    facility: clinic,
    quantity,
    ...rest,
  });
};
const redeem = (id: string, i: number) =>
  s.call(RPC.vouchers.redeem, { id }, { actor: null, ip: `198.51.100.${i % 250}` });
const count = async (sql: string, params: unknown[] = []) =>
  Number((await s.sql.query(sql, params)).rows[0].n);

/** Every page of a list, following nextCursor, with `between` run after each page. */
async function walk<T extends { id: string }>(
  subject: RpcSubject,
  query: Record<string, unknown>,
  opts: { actor?: ReturnType<typeof companyActor>; between?: () => Promise<void> } = {},
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = (await s.call(
      subject,
      { ...query, ...(cursor ? { cursor } : {}) } as RpcRequestInput<typeof subject>,
      opts.actor ? { actor: opts.actor } : {},
    )) as unknown as Page<T>;
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return seen;
    await opts.between?.();
  }
  throw new Error('the cursor never ended');
}

/** The dashboards' figures counted over the rows, as they were computed before the tallies. */
async function countedStats(partnerId: string | null) {
  if (!partnerId) {
    return {
      totalQrCodes: await count('select count(*) n from vouchers.qr_codes'),
      totalRedemptions: await count('select count(*) n from vouchers.redemptions'),
      activePartners: await count(
        'select count(distinct partner_id) n from vouchers.qr_code_partners where is_active',
      ),
    };
  }
  const visible = `q.id in (select qr_code_id from vouchers.qr_code_partners where partner_id = $1 and is_active)`;
  return {
    totalQrCodes: await count(`select count(*) n from vouchers.qr_codes q where ${visible}`, [partnerId]),
    totalRedemptions: await count(
      `select count(*) n from vouchers.redemptions r join vouchers.qr_codes q on q.id = r.qr_code_id where ${visible}`,
      [partnerId],
    ),
    activePartners: await count(
      `select count(distinct q.clinic_name) n from vouchers.redemptions r join vouchers.qr_codes q on q.id = r.qr_code_id where ${visible}`,
      [partnerId],
    ),
  };
}

/**
 * The administrator's figures agree with a count of the rows. Both read the whole schema, which other
 * test files change at the same time: asked again until one reading of each agrees (they never do
 * when a tally is wrong).
 */
async function expectAdminStatsCounted(): Promise<void> {
  await expect
    .poll(
      async () => {
        const [stats, counted] = await Promise.all([s.call(RPC.vouchers.adminStats, {}), countedStats(null)]);
        const figures = shown(stats);
        return JSON.stringify(figures) === JSON.stringify(counted) ? 'agree' : { figures, counted };
      },
      { timeout: 15_000 },
    )
    .toBe('agree');
}

const shown = ({ totalQrCodes, totalRedemptions, activePartners }: VoucherStats) => ({
  totalQrCodes,
  totalRedemptions,
  activePartners,
});

describe('keyset paging', () => {
  it('walks every code once, in order, while new codes are being made', async () => {
    const batch = await bulk('Cursor walk', 23, { clinic: 'Cursor Walk Clinic' });
    const made = new Set(batch.qrCodes.map((c) => c.id));
    let extra = 0;
    const seen = await walk<QrCode>(
      RPC.vouchers.adminList,
      { limit: 5, search: 'cursor walk' },
      {
        between: async () => {
          extra++;
          await s.call(RPC.vouchers.generate, codeBody({ clinic: `Cursor Walk Clinic ${extra}` }));
        },
      },
    );
    const ids = seen.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length); // no duplicates
    expect(ids.filter((id) => made.has(id)).sort()).toEqual([...made].sort()); // no gaps
    // Newest first: created_at never goes up along the walk.
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.createdAt >= seen[i]!.createdAt).toBe(true);
    expect(extra).toBeGreaterThan(0);
  });

  it('pages by offset (a deferred join) through the same rows, in the same order, as by cursor', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Offset Co' });
    const batch = await bulk('Offset walk', 7, { clinic: 'Offset Walk Clinic' });
    for (const code of batch.qrCodes.slice(0, 5)) {
      await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [partner.id] });
    }
    const byOffset = async (
      subject: typeof RPC.vouchers.adminList | typeof RPC.vouchers.listForActor,
      query: Record<string, unknown>,
      meta = {},
    ) => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 3) {
        const page = (await s.call(subject, { ...query, limit: 3, offset }, meta)) as Page<QrCode>;
        ids.push(...page.items.map((c) => c.id));
        if (page.items.length < 3) return ids;
      }
    };
    const searched = (await walk<QrCode>(RPC.vouchers.adminList, { limit: 3, search: 'offset walk' })).map(
      (c) => c.id,
    );
    expect(searched).toHaveLength(7);
    expect(await byOffset(RPC.vouchers.adminList, { search: 'offset walk' })).toEqual(searched);
    const actor = companyActor(partner.id);
    const company = (await walk<QrCode>(RPC.vouchers.listForActor, { limit: 3 }, { actor })).map((c) => c.id);
    expect(company).toHaveLength(5);
    expect(await byOffset(RPC.vouchers.listForActor, {}, { actor })).toEqual(company);
    // Codes made on other days (as by an import and a rebuild): whole days are skipped by their counts.
    await s.sql.query(
      `update vouchers.qr_codes q set created_at = q.created_at - make_interval(days => x.n)
         from (select id, (row_number() over (order by id))::int % 4 as n from vouchers.qr_codes) x
        where x.id = q.id`,
    );
    await rebuildTallies(s.sql);
    const everything = (await walk<QrCode>(RPC.vouchers.adminList, { limit: 3 })).map((c) => c.id);
    expect(everything.length).toBe(await count('select count(*) n from vouchers.qr_codes'));
    expect(await byOffset(RPC.vouchers.adminList, {})).toEqual(everything);
    const beyond = await s.call(RPC.vouchers.adminList, { limit: 3, offset: everything.length });
    expect(beyond.items).toEqual([]);
    // Everything: the page at offset 4 of all codes is the one after the 4th code.
    const first = await s.call(RPC.vouchers.adminList, { limit: 4 });
    const after = await s.call(RPC.vouchers.adminList, { limit: 2, cursor: first.nextCursor! });
    const deep = await s.call(RPC.vouchers.adminList, { limit: 2, offset: 4 });
    expect(deep.items.map((c) => c.id)).toEqual(after.items.map((c) => c.id));
    // That page was found by skipping whole days by their counts (code_day_tallies), not by reading
    // the rows before it: with the newest day's count zeroed, the same call answers another page.
    await s.sql.query(
      'update vouchers.code_day_tallies set codes = 0 where day = (select max(day) from vouchers.code_day_tallies)',
    );
    try {
      const skewed = await s.call(RPC.vouchers.adminList, { limit: 2, offset: 4 });
      expect(skewed.items.map((c) => c.id)).not.toEqual(after.items.map((c) => c.id));
    } finally {
      await rebuildTallies(s.sql);
    }
  });

  it('walks a company’s redemptions once each while others are redeemed', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Cursor Redemptions Co' });
    const batch = await bulk('Cursor redemptions', 6, { clinic: 'Cursor Redemption Clinic' });
    for (const code of batch.qrCodes) {
      await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [partner.id] });
    }
    for (let i = 0; i < 17; i++) await redeem(batch.qrCodes[i % 6]!.id, i);
    const before = await count(
      `select count(*) n from vouchers.redemptions r join vouchers.qr_code_partners p on p.qr_code_id = r.qr_code_id
        where p.partner_id = $1`,
      [partner.id],
    );
    let i = 100;
    const seen = await walk<Redemption>(
      RPC.vouchers.companyRedemptions,
      { limit: 4 },
      {
        actor: companyActor(partner.id),
        between: async () => void (await redeem(batch.qrCodes[i++ % 6]!.id, i)),
      },
    );
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(before);
  });

  it('refuses a cursor it did not make', async () => {
    expect(await refusal(s.call(RPC.vouchers.adminList, { cursor: 'not-a-cursor' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('dashboard tallies', () => {
  it('stay exact under concurrent redeems, deletes and assignment changes, and a rebuild changes nothing', async () => {
    const a = await s.call(RPC.partners.create, { name: 'Tally A' });
    const b = await s.call(RPC.partners.create, { name: 'Tally B' });
    const batch = await bulk('Tallies', 12, { clinic: 'Tally Clinic' });
    const ids = batch.qrCodes.map((c) => c.id);
    for (const id of ids.slice(0, 8)) await s.call(RPC.vouchers.assignPartners, { id, partnerIds: [a.id] });

    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 80; i++) work.push(redeem(ids[i % ids.length]!, i).catch(() => undefined));
    // Meanwhile: codes move between A and B, A drops one itself, the administrator deletes two.
    for (const id of ids.slice(2, 7)) {
      work.push(s.call(RPC.vouchers.assignPartners, { id, partnerIds: [b.id] }).catch(() => undefined));
    }
    for (const id of ids.slice(8, 10)) {
      work.push(s.call(RPC.vouchers.assignPartners, { id, partnerIds: [a.id, b.id] }).catch(() => undefined));
    }
    work.push(
      s.call(RPC.vouchers.remove, { id: ids[0] }, { actor: companyActor(a.id) }).catch(() => undefined),
    );
    work.push(s.call(RPC.vouchers.remove, { id: ids[1] }).catch(() => undefined));
    work.push(s.call(RPC.vouchers.remove, { id: ids[11] }).catch(() => undefined));
    await Promise.all(work);

    const check = async () => {
      await expectAdminStatsCounted();
      for (const partner of [a, b]) {
        const stats = await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(partner.id) });
        expect(shown(stats)).toEqual(await countedStats(partner.id));
        const list = await s.call(RPC.vouchers.listForActor, {}, { actor: companyActor(partner.id) });
        expect(list.total).toBe(stats.totalQrCodes);
      }
      const batches = await s.call(RPC.vouchers.adminBatches, { search: 'Tallies' });
      expect(batches.items[0]!.redeemed).toBe(
        await count('select coalesce(sum(usage_count), 0) n from vouchers.qr_codes where batch_id = $1', [
          batch.batchId,
        ]),
      );
      const searched = await s.call(RPC.vouchers.adminList, { search: 'TALLY clinic', limit: 1 });
      expect(searched.total).toBe(
        await count(`select count(*) n from vouchers.qr_codes where clinic_name ilike '%tally clinic%'`),
      );
      const redemptions = await s.call(RPC.vouchers.adminRedemptions, { limit: 1 });
      expect(redemptions.total).toBe(await count('select count(*) n from vouchers.redemptions'));
    };
    await check();
    expect(
      await count(
        'select count(*) n from vouchers.redemptions r join vouchers.qr_codes q on q.id = r.qr_code_id where q.batch_id = $1',
        [batch.batchId],
      ),
    ).toBeGreaterThan(0);

    // The redeems' queue is folded into the tallies moments later (TallyFolder, every 250 ms).
    await expect
      .poll(() => count('select count(*) n from vouchers.pending_tallies'), { timeout: 10_000 })
      .toBe(0);
    await check();

    // npm run stats:rebuild's SQL, twice: the figures stay, and so do the tally rows' sums (with the
    // rows still queued: each counts once for the platform and once for each of its partners).
    const sums = async () =>
      (
        await s.sql.query(
          `with p as (select 1 + cardinality(partner_ids) scopes, batch_id from vouchers.pending_tallies)
           select (select coalesce(sum(codes), 0) from vouchers.code_tallies) c,
                  (select coalesce(sum(codes), 0) from vouchers.code_day_tallies) cd,
                  (select coalesce(sum(codes), 0) from vouchers.code_search_tallies) cs,
                  (select coalesce(sum(redemptions), 0) from vouchers.redemption_tallies)
                    + (select coalesce(sum(scopes), 0) from p) r,
                  (select coalesce(sum(redemptions), 0) from vouchers.location_tallies)
                    + (select coalesce(sum(scopes), 0) from p) l,
                  (select coalesce(sum(redeemed), 0) from vouchers.batch_tallies)
                    + (select count(batch_id) from p) b`,
        )
      ).rows[0];
    const live = await sums();
    await rebuildTallies(s.sql);
    const once = await sums();
    await rebuildTallies(s.sql);
    expect(await sums()).toEqual(once);
    expect(once).toEqual(live);
    await check();
  });

  it('count a redemption while it is still queued, and the same once it is folded', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Tally Queue' });
    const batch = await bulk('Tally queue', 2, { clinic: 'Queue Clinic' });
    for (const code of batch.qrCodes) {
      await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [partner.id] });
    }
    const figures = async () => ({
      admin: shown(await s.call(RPC.vouchers.adminStats, {})),
      company: shown(await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(partner.id) })),
      companyRedemptions: (
        await s.call(RPC.vouchers.companyRedemptions, { limit: 1 }, { actor: companyActor(partner.id) })
      ).total,
      batchRedeemed: (await s.call(RPC.vouchers.adminBatches, { search: 'Tally queue' })).items[0]!.redeemed,
    });
    const want = async () => ({
      admin: await countedStats(null),
      company: await countedStats(partner.id),
      companyRedemptions: (await countedStats(partner.id)).totalRedemptions,
      batchRedeemed: await count(
        'select coalesce(sum(usage_count), 0) n from vouchers.qr_codes where batch_id = $1',
        [batch.batchId],
      ),
    });
    // A fold cannot finish while another session holds redemption_tallies (readers still can read it).
    const holder = new Client({ connectionString: s.db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table vouchers.redemption_tallies in exclusive mode');
      for (const [i, code] of [...batch.qrCodes, batch.qrCodes[0]!].entries()) await redeem(code.id, i);
      expect(await count('select count(*) n from vouchers.pending_tallies')).toBeGreaterThanOrEqual(3);
      const queued = await figures();
      expect(queued.company.totalRedemptions).toBe(3);
      expect(queued.batchRedeemed).toBe(3);
      expect(queued).toEqual(await want());
      await holder.query('commit');
      await expect
        .poll(() => count('select count(*) n from vouchers.pending_tallies'), { timeout: 10_000 })
        .toBe(0);
      expect(await figures()).toEqual(queued);
    } finally {
      await holder.end();
    }
  });

  it('forget a deleted partner: its codes stay, its figures and its place among active partners go', async () => {
    const gone = await s.call(RPC.partners.create, { name: 'Tally Gone' });
    const batch = await bulk('Tally gone', 3, { clinic: 'Gone Clinic' });
    for (const code of batch.qrCodes) {
      await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [gone.id] });
      await redeem(code.id, 7);
    }
    expect(
      (await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(gone.id) })).totalRedemptions,
    ).toBe(3);
    await s.call(RPC.partners.remove, { id: gone.id });
    await expect
      .poll(
        () => count('select count(*) n from vouchers.qr_code_partners where partner_id = $1', [gone.id]),
        { timeout: 15_000 },
      )
      .toBe(0);
    await expectAdminStatsCounted();
    expect(shown(await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(gone.id) }))).toEqual({
      totalQrCodes: 0,
      totalRedemptions: 0,
      activePartners: 0,
    });
    expect(
      await count('select count(*) n from vouchers.qr_codes where $1::uuid = any(partner_ids)', [gone.id]),
    ).toBe(0);
  });
});
