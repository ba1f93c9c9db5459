import { RPC } from '@avpass/contracts';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyActor, startVoucherServices, type VoucherServices } from './support/services';

// A partner deleted while the tally folder is moving its queued redemptions into the tallies: the
// figures must not come back once both have committed. The folder here is held (a test transaction
// locks the platform's tally rows it writes first), so the delete always lands in the middle of a fold.
let s: VoucherServices;
let holder: Client;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { REDEEM_RATE_LIMIT: '1000000' } });
  holder = new Client({ connectionString: s.env.DATABASE_URL });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end().catch(() => undefined);
  await s?.close();
});

const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';
const count = async (sql: string, params: unknown[] = []) =>
  Number((await s.sql.query(sql, params)).rows[0].n);
/** Backends of this database waiting for a lock while running a statement that matches `like`. */
const waiting = (like: string) =>
  count(
    `select count(*) n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
    [like],
  );

it('a partner deleted during a fold of its redemptions keeps no figures', async () => {
  const gone = await s.call(RPC.partners.create, { name: 'Fold Gone' });
  const batch = await s.call(RPC.vouchers.bulkGenerate, {
    batchName: 'Fold gone',
    facility: 'Fold Clinic',
    quantity: 3,
    discountType: 'percentage',
    discountValue: 10,
    service: 'Fold Service',
    expirationDate: '2099-12-31',
    usageLimit: '5',
  });
  for (const code of batch.qrCodes)
    await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [gone.id] });

  // The platform's rows for every business day a redemption now can fall on, locked: a fold of them
  // waits at its first tally write, holding the queued rows it took.
  await s.sql.query(
    `insert into vouchers.redemption_tallies (scope_id, day, shard, redemptions)
     select $1::uuid, current_date + d, 0, 0 from generate_series(-1, 1) d on conflict do nothing`,
    [PLATFORM_SCOPE],
  );
  await holder.query('begin');
  await holder.query(
    `select 1 from vouchers.redemption_tallies where scope_id = $1 and day between current_date - 1 and current_date + 1 for update`,
    [PLATFORM_SCOPE],
  );
  try {
    for (const [i, code] of batch.qrCodes.entries())
      await s.call(RPC.vouchers.redeem, { id: code.id }, { actor: null, ip: `198.51.100.${i + 1}` });
    await expect
      .poll(() => waiting('%insert into redemption_tallies%'), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await s.call(RPC.partners.remove, { id: gone.id });
    // The delete's subscriber now waits for the fold (it must: the queued rows it would update are the fold's).
    await expect.poll(() => waiting('%update pending_tallies%'), { timeout: 15_000 }).toBeGreaterThan(0);
  } finally {
    await holder.query('rollback');
  }

  await expect
    .poll(() => count('select count(*) n from vouchers.qr_code_partners where partner_id = $1', [gone.id]), {
      timeout: 15_000,
    })
    .toBe(0);
  const stats = await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(gone.id) });
  expect({ codes: stats.totalQrCodes, redemptions: stats.totalRedemptions }).toEqual({
    codes: 0,
    redemptions: 0,
  });
  expect(
    await count(
      `select (select count(*) from vouchers.redemption_tallies where scope_id = $1)
            + (select count(*) from vouchers.location_tallies where partner_id = $1)
            + (select count(*) from vouchers.code_tallies where scope_id = $1) n`,
      [gone.id],
    ),
  ).toBe(0);
});
