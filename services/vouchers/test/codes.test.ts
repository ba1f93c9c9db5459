import {
  BULK_FIRST_PAGE,
  PAST_EXPIRY_MESSAGE,
  RPC,
  WHOLE_NUMBERS_MESSAGE,
  bulkMaxMessage,
} from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DETAIL_CODES } from '../src/batches/batch-catalogue.service';
import { ANALYZE_AFTER_BATCH_CODES } from '../src/issuing/qr-codes.service';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { PUBLIC_URL: 'https://pass.example.org/' } });
});
afterAll(async () => s?.close());

const body = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Peak Physio',
  discountType: 'percentage' as const,
  discountValue: 25,
  service: 'Assessment',
  expirationDate: '2099-12-31',
  usageLimit: '3',
  ...extra,
});
const generate = (extra: Record<string, unknown> = {}) => s.call(RPC.vouchers.generate, body(extra));
const bulkBody = (extra: Record<string, unknown> = {}) => {
  const { clinic, ...rest } = body();
  return { batchName: 'Spring', facility: clinic, quantity: 10, ...rest, ...extra };
};
const outboxNames = async (codeId: string) =>
  (
    await s.sql.query(
      `select name from vouchers.outbox_events where payload->>'qrCodeId' = $1 order by seq`,
      [codeId],
    )
  ).rows.map((r) => r.name as string);

describe('generate', () => {
  it('creates a code with a UUID v4 id and a PUBLIC_URL link, and records voucher.created', async () => {
    const code = await generate({
      terms: 'One per visit',
      customTitle: 'Spring Offer',
      deploymentUrl: 'http://evil.example',
    });
    expect(code.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(code).toMatchObject({
      qrUrl: `https://pass.example.org/voucher/${code.id}`,
      clinicName: 'Peak Physio',
      discountType: 'percentage',
      discountValue: 25,
      usageLimit: 3,
      usageCount: 0,
      expirationDate: '2099-12-31',
      terms: 'One per visit',
      customTitle: 'Spring Offer',
      partnerType: 'partner',
      qrType: 'partner',
      status: 'active',
      partnerCount: 0,
      isActive: true,
    });
    expect(await outboxNames(code.id)).toEqual(['vouchers.voucher.created.v1']);
    const pub = await s.call(RPC.vouchers.getPublic, { id: code.id }, { actor: null });
    expect(pub).toMatchObject({ id: code.id, clinicName: 'Peak Physio', status: 'active' });
    expect(pub).not.toHaveProperty('batchId');
  });

  it.each([
    [{ clinic: '' }, 'clinic', 'Please enter partner name'],
    [{ discountValue: 0 }, 'discountValue', 'Discount value must be greater than 0'],
    [{ discountValue: '' }, 'discountValue', 'Discount value must be greater than 0'],
    [{ discountValue: 101 }, 'discountValue', 'A percentage discount must be at most 100'],
    [
      { discountType: 'half' },
      'discountType',
      'Discount type must be percentage, fixed, bogo or free-service',
    ],
    [{ service: ' ' }, 'service', 'Service/product is required'],
    [{ expirationDate: '' }, 'expirationDate', 'Expiration date is required'],
    [{ expirationDate: '2026-02-30' }, 'expirationDate', 'Expiration date must be a real calendar date'],
    [{ usageLimit: 'lots' }, 'usageLimit', 'Usage limit must be unlimited or a number, not "lots"'],
    [{ discountValue: 12.5 }, 'discountValue', WHOLE_NUMBERS_MESSAGE],
    [{ discountValue: '12.5' }, 'discountValue', WHOLE_NUMBERS_MESSAGE],
    [{ expirationDate: '2020-01-01' }, 'expirationDate', PAST_EXPIRY_MESSAGE],
  ])('refuses %j: %s "%s"', async (extra, field, message) => {
    const error = await refusal(generate(extra));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
  });

  it('takes an expiry of today in the business time zone, and refuses yesterday', async () => {
    // 23:30 on 15 January in Los Angeles is already 16 January in UTC.
    s.clock.set(new Date('2026-01-16T07:30:00Z'));
    try {
      await expect(generate({ expirationDate: '2026-01-15' })).resolves.toMatchObject({
        expirationDate: '2026-01-15',
      });
      const error = await refusal(generate({ expirationDate: '2026-01-14' }));
      expect(error.errors?.expirationDate).toContain(PAST_EXPIRY_MESSAGE);
      const bulk = await refusal(
        s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: 2, expirationDate: '2026-01-14' })),
      );
      expect(bulk.errors?.expirationDate).toContain(PAST_EXPIRY_MESSAGE);
    } finally {
      s.clock.set(null);
    }
  });

  it('is for signed-in users; a company user’s code is its company’s (one unknown to partners: 404)', async () => {
    // Issue 24 (spec §2): a company_admin may generate; see partner-codes.test.ts for its own company.
    expect(
      await refusal(s.call(RPC.vouchers.generate, body(), { actor: companyActor(randomUUID()) })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Partner not found',
    });
    expect(await refusal(s.call(RPC.vouchers.generate, body(), { actor: null }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('bulk generate', () => {
  it('makes a 100,000-code batch in one set-based transaction and answers with its first page', async () => {
    const started = Date.now();
    const batch = await s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: 100_000 }));
    const elapsed = Date.now() - started;
    console.log(
      `[figures] bulk-generate 100,000 codes (RPC round trip): ${elapsed} ms, answer ${JSON.stringify(batch).length} bytes`,
    );
    expect(elapsed).toBeLessThan(60_000);
    // A NATS message holds about 1 MB: the answer is the batch, its count and its first page.
    expect(JSON.stringify(batch).length).toBeLessThan(50_000);
    expect(batch).toMatchObject({ batchName: 'Spring', count: 100_000 });
    expect(batch.qrCodes).toHaveLength(BULK_FIRST_PAGE);
    expect(batch.sample).toMatchObject({
      id: batch.qrCodes[0]!.id,
      batchId: batch.batchId,
      batchName: 'Spring',
      clinicName: 'Peak Physio',
      qrUrl: `https://pass.example.org/voucher/${batch.qrCodes[0]!.id}`,
    });
    const rows = await s.sql.query(
      `select count(*)::int as n, count(distinct id)::int as ids, count(distinct created_at)::int as times,
          bool_and(qr_url = 'https://pass.example.org/voucher/' || id) as urls,
          bool_and(qr_data->>'clinic' = 'Peak Physio') as data
        from vouchers.qr_codes where batch_id = $1`,
      [batch.batchId],
    );
    expect(rows.rows[0]).toEqual({ n: 100_000, ids: 100_000, times: 100_000, urls: true, data: true });
    // The first page is the batch in creation order.
    const first = await s.sql.query(
      'select id from vouchers.qr_codes where batch_id = $1 order by created_at, id limit $2',
      [batch.batchId, BULK_FIRST_PAGE],
    );
    expect(batch.qrCodes.map((c) => c.id)).toEqual(first.rows.map((r: { id: string }) => r.id));
    // One event for the batch, none per code.
    const events = await s.sql.query(
      `select name, payload from vouchers.outbox_events where payload->>'batchId' = $1
         or (name = 'vouchers.voucher.created.v1' and (payload->>'qrCodeId')::uuid in
           (select id from vouchers.qr_codes where batch_id = $2))`,
      [batch.batchId, batch.batchId],
    );
    expect(events.rows).toEqual([
      {
        name: 'vouchers.batch.created.v1',
        payload: { batchId: batch.batchId, batchName: 'Spring', count: 100_000 },
      },
    ]);

    const list = await s.call(RPC.vouchers.adminBatches, { limit: 5 });
    expect(list.items[0]).toMatchObject({ batchId: batch.batchId, count: 100_000 });
    // "View Codes" answers the batch with its first BATCH_DETAIL_CODES codes, in creation order.
    const detail = await s.call(RPC.vouchers.adminBatch, { id: batch.batchId });
    expect(detail).toMatchObject({ batchId: batch.batchId, count: 100_000 });
    expect(detail.qrCodes).toHaveLength(BATCH_DETAIL_CODES);
    expect(detail.qrCodes.slice(0, BULK_FIRST_PAGE).map((c) => c.id)).toEqual(batch.qrCodes.map((c) => c.id));
    // The search total counts the batch's codes through their search text's tally.
    const search = await s.call(RPC.vouchers.adminList, { limit: 1, search: 'peak physio' });
    const matching = await s.sql.query(
      `select count(*)::int as n from vouchers.qr_codes
        where concat_ws(' ', clinic_name, service, custom_title, batch_name) ilike '%peak physio%'`,
    );
    expect(search.total).toBe(matching.rows[0].n);
    expect(search.total).toBeGreaterThanOrEqual(100_000);
  }, 120_000);

  it('saves nothing when a row fails midway (all or nothing)', async () => {
    const before = await s.sql.query(
      'select (select count(*) from vouchers.qr_codes)::int as codes, (select count(*) from vouchers.batches)::int as batches, (select count(*) from vouchers.outbox_events)::int as events',
    );
    // A trigger that fails the 50th row of the insert.
    await s.sql.query('create sequence vouchers.boom_seq');
    await s.sql.query(`create function vouchers.boom() returns trigger language plpgsql as $$
      begin if nextval('vouchers.boom_seq') = 50 then raise exception 'boom at row 50'; end if; return new; end $$`);
    await s.sql.query(
      'create trigger boom before insert on vouchers.qr_codes for each row execute function vouchers.boom()',
    );
    try {
      const error = await refusal(
        s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: 100, batchName: 'Doomed' })),
      );
      expect(error.code).toBe('INTERNAL');
    } finally {
      await s.sql.query('drop trigger boom on vouchers.qr_codes');
      await s.sql.query('drop function vouchers.boom()');
      await s.sql.query('drop sequence vouchers.boom_seq');
    }
    const after = await s.sql.query(
      'select (select count(*) from vouchers.qr_codes)::int as codes, (select count(*) from vouchers.batches)::int as batches, (select count(*) from vouchers.outbox_events)::int as events',
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('refreshes the planner statistics of qr_codes after a batch of ANALYZE_AFTER_BATCH_CODES codes', async () => {
    // last_analyze is when an ANALYZE command last ran (autovacuum's are last_autoanalyze).
    const lastAnalyze = async () =>
      (
        await s.sql.query<{ at: Date | null }>(
          `select last_analyze as at from pg_stat_user_tables where schemaname = 'vouchers' and relname = 'qr_codes'`,
        )
      ).rows[0]!.at;
    const { rows } = await s.sql.query<{ now: Date }>('select now()');
    await s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: ANALYZE_AFTER_BATCH_CODES }));
    // It runs after the commit, and reaches pg_stat_user_tables within seconds.
    const deadline = Date.now() + 20_000;
    let at = await lastAnalyze();
    while (!(at && at >= rows[0]!.now) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      at = await lastAnalyze();
    }
    expect(at?.getTime()).toBeGreaterThanOrEqual(rows[0]!.now.getTime());
  });

  it('names BULK_MAX_QUANTITY in the refusal and checks the batch name', async () => {
    const over = await refusal(s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: 100_001 })));
    expect(over).toMatchObject({ code: 'VALIDATION_FAILED', message: bulkMaxMessage(100_000) });
    expect(over.errors?.quantity).toEqual([bulkMaxMessage(100_000)]);
    const nameless = await refusal(s.call(RPC.vouchers.bulkGenerate, bulkBody({ batchName: '' })));
    expect(nameless.errors?.batchName).toEqual(['Batch name is required']);
    const zero = await refusal(s.call(RPC.vouchers.bulkGenerate, bulkBody({ quantity: 0 })));
    expect(zero.errors?.quantity).toEqual(['Quantity must be at least 1']);
  });
});

describe('assignment, visibility and removal', () => {
  it('a company sees exactly its assigned codes; its delete removes only its own assignment', async () => {
    const a = await s.call(RPC.partners.create, { name: 'Company A' });
    const b = await s.call(RPC.partners.create, { name: 'Company B' });
    const shared = await generate({ clinic: 'Shared Clinic' });
    const onlyB = await generate({ clinic: 'B Only' });
    const assigned = await s.call(RPC.vouchers.assignPartners, {
      id: shared.id,
      partnerIds: [a.id, b.id, a.id],
    });
    expect(assigned.map((p) => p.partnerId).sort()).toEqual([a.id, b.id].sort());
    await s.call(RPC.vouchers.assignPartners, { id: onlyB.id, partnerIds: [b.id] });

    const asA = companyActor(a.id);
    const asB = companyActor(b.id);
    const listA = await s.call(RPC.vouchers.listForActor, {}, { actor: asA });
    expect(listA.items.map((c) => c.id)).toEqual([shared.id]);
    expect(listA.items[0]!.partnerCount).toBe(2);
    const listB = await s.call(RPC.vouchers.listForActor, { search: 'b only' }, { actor: asB });
    expect(listB.items.map((c) => c.id)).toEqual([onlyB.id]);
    expect((await s.call(RPC.vouchers.listRecent, {}, { actor: asB })).map((c) => c.id)).toEqual([
      onlyB.id,
      shared.id,
    ]);

    // A cannot remove B's code; A's delete of the shared code leaves B's assignment.
    expect(await refusal(s.call(RPC.vouchers.remove, { id: onlyB.id }, { actor: asA }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await s.call(RPC.vouchers.remove, { id: shared.id }, { actor: asA })).toEqual({
      message: 'QR code removed from your company',
    });
    expect((await s.call(RPC.vouchers.listForActor, {}, { actor: asA })).total).toBe(0);
    expect((await s.call(RPC.vouchers.listForActor, {}, { actor: asB })).total).toBe(2);
    expect(await outboxNames(shared.id)).toEqual([
      'vouchers.voucher.created.v1',
      'vouchers.voucher.assigned.v1',
      'vouchers.voucher.unassigned.v1',
    ]);

    // Replacing the set: B only -> nobody.
    expect(await s.call(RPC.vouchers.assignPartners, { id: onlyB.id, partnerIds: [] })).toEqual([]);
    expect((await s.call(RPC.vouchers.listForActor, {}, { actor: asB })).total).toBe(1);

    // The administrator deletes for everyone.
    expect(await s.call(RPC.vouchers.remove, { id: shared.id })).toEqual({
      message: 'QR code deleted',
    });
    expect((await s.call(RPC.vouchers.listForActor, {}, { actor: asB })).total).toBe(0);
    expect(await refusal(s.call(RPC.vouchers.getPublic, { id: shared.id }, { actor: null }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await outboxNames(shared.id)).at(-1)).toBe('vouchers.voucher.deleted.v1');
  });

  it('refuses unknown partners and unknown codes', async () => {
    const code = await generate();
    const unknown = randomUUID();
    const error = await refusal(s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [unknown] }));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: `Partner not found: ${unknown}` });
    expect(await refusal(s.call(RPC.vouchers.listPartners, { id: randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const bad = await refusal(s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: ['x'] }));
    expect(bad.errors?.['partnerIds.0']).toEqual(['Not a valid partner id']);
  });
});

describe('stats and redemptions', () => {
  it('counts today from midnight in the business time zone', async () => {
    const a = await s.call(RPC.partners.create, { name: 'Stats Co' });
    const code = await generate({ clinic: 'Stats Clinic', usageLimit: '10' });
    await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [a.id] });
    try {
      // 23:59 on 15 January in Los Angeles, then 00:01 on the 16th.
      s.clock.set(new Date('2026-01-16T07:59:00Z'));
      await s.call(RPC.vouchers.redeem, { id: code.id }, { actor: null, ip: '192.0.2.1' });
      s.clock.set(new Date('2026-01-16T08:01:00Z'));
      await s.call(RPC.vouchers.redeem, { id: code.id }, { actor: null, ip: '192.0.2.1' });
      const asA = companyActor(a.id);
      const stats = await s.call(RPC.vouchers.companyStats, {}, { actor: asA });
      expect(stats).toEqual({
        totalQrCodes: 1,
        totalRedemptions: 2,
        todayRedemptions: 1,
        activePartners: 1,
        redemptionRate: 200,
      });
      const admin = await s.call(RPC.vouchers.adminStats, {});
      expect(admin.todayRedemptions).toBeGreaterThanOrEqual(1); // redemptions of other tests happen at the real time
      expect(admin.totalRedemptions).toBeGreaterThanOrEqual(2);
      expect(await refusal(s.call(RPC.vouchers.adminStats, {}, { actor: asA }))).toMatchObject({
        code: 'FORBIDDEN',
      });
    } finally {
      s.clock.set(null);
    }
    const mine = await s.call(RPC.vouchers.companyRedemptions, {}, { actor: companyActor(a.id) });
    expect(mine.total).toBe(2);
    expect(mine.items[0]).toMatchObject({
      qrCodeId: code.id,
      facility: 'Stats Clinic',
      redeemedBy: 'Member (self-service)',
      ipAddress: '192.0.2.1',
    });
    expect(mine.items[0]!.redeemedAt > mine.items[1]!.redeemedAt).toBe(true);
    const all = await s.call(RPC.vouchers.adminRedemptions, {
      search: 'stats clinic',
      limit: 1,
    });
    expect(all).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(all.items).toHaveLength(1);
  });

  it('the administrator’s code search finds a voucher by its page title and its batch name', async () => {
    const titled = await generate({ clinic: 'Plain Partner', customTitle: 'Harvest Moon Offer' });
    const batch = await s.call(
      RPC.vouchers.bulkGenerate,
      bulkBody({ quantity: 2, batchName: 'Searchable Autumn Flyers' }),
    );
    const search = (text: string) => s.call(RPC.vouchers.listForActor, { search: text });
    expect((await search('harvest moon')).items.map((c) => c.id)).toEqual([titled.id]);
    const byBatch = await search('autumn flyers');
    expect(byBatch.total).toBe(2);
    expect(byBatch.items.every((c) => c.batchId === batch.batchId)).toBe(true);
  });

  it('searches each field on its own, in any case; the fields’ separator cannot be typed', async () => {
    const code = await generate({
      clinic: 'Ödön Sports Hall',
      service: 'Yoga Mornings',
      customTitle: 'Spring İdeas',
    });
    const search = async (text: string) =>
      (await s.call(RPC.vouchers.adminList, { search: text })).items.map((c) => c.id);
    expect(await search('ödön SPORTS')).toEqual([code.id]);
    expect(await search('YOGA morn')).toEqual([code.id]);
    // Never across two fields: the end of the partner name and the start of the service.
    expect(await search('Hall Yoga')).toEqual([]);
    expect(await search('100%_')).toEqual([]);
    const typed = await refusal(s.call(RPC.vouchers.adminList, { search: 'Hall\x1fYoga' }));
    expect(typed.errors?.search).toEqual(['Must not contain control characters or invalid Unicode']);
  });

  it('lists a vendor’s codes, paged', async () => {
    const v = await s.call(RPC.partners.create, { name: 'Vendor V' });
    const c1 = await generate();
    const c2 = await generate();
    await s.call(RPC.vouchers.assignPartners, { id: c1.id, partnerIds: [v.id] });
    await s.call(RPC.vouchers.assignPartners, { id: c2.id, partnerIds: [v.id] });
    const page = await s.call(RPC.vouchers.listForVendor, { id: v.id, limit: 1 });
    expect(page).toMatchObject({ total: 2, limit: 1 });
    expect(page.items.map((c) => c.id)).toEqual([c2.id]);
    const bad = await refusal(s.call(RPC.vouchers.adminList, { limit: 500 }));
    expect(bad.errors?.limit).toEqual(['limit must be at most 200']);
  });
});
