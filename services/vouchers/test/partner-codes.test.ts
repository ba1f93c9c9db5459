import { RPC, type Actor } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

/**
 * Issue 24: every code belongs to its partner. A code made with `partnerId` (or by a company_admin,
 * for its own company) is that partner's (vendorId), listed and counted in its portal at once and in
 * no other; an unknown partner is 404 and nothing is made. And a code may start later (`startDate`).
 */
let s: VoucherServices;
let shop: { id: string; name: string };
let other: { id: string; name: string };
let shopStaff: Actor;
let otherStaff: Actor;

beforeAll(async () => {
  s = await startVoucherServices({ partners: true });
  shop = await s.call(RPC.partners.create, { name: 'Sports Shop' });
  other = await s.call(RPC.partners.create, { name: 'Other Gym' });
  shopStaff = companyActor(shop.id);
  otherStaff = companyActor(other.id);
});
afterAll(async () => s?.close());

const codeBody = (extra: Record<string, unknown> = {}) => ({
  discountType: 'percentage' as const,
  discountValue: '25',
  service: 'Running shoes',
  expirationDate: '2099-12-31',
  usageLimit: '3',
  ...extra,
});
const batchBody = (extra: Record<string, unknown> = {}) => ({
  batchName: 'Spring',
  quantity: '30',
  ...codeBody(),
  ...extra,
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await s.sql.query(sql, params)).rows[0].n);
/** Everything a create writes: codes, assignments, batches and events. */
const written = async () => ({
  codes: await count('select count(*) n from vouchers.qr_codes'),
  assignments: await count('select count(*) n from vouchers.qr_code_partners'),
  batches: await count('select count(*) n from vouchers.batches'),
  events: await count('select count(*) n from vouchers.outbox_events'),
});

/** What a company's portal shows: its list's total and items, its recent codes and its stats. */
async function portal(actor: Actor) {
  const [page, recent, stats] = await Promise.all([
    s.call(RPC.vouchers.listForActor, { limit: 200 }, { actor }),
    s.call(RPC.vouchers.listRecent, {}, { actor }),
    s.call(RPC.vouchers.companyStats, {}, { actor }),
  ]);
  const rows = await count(
    `select count(*) n from vouchers.qr_codes q
      where exists (select 1 from vouchers.qr_code_partners p
                     where p.qr_code_id = q.id and p.partner_id = $1 and p.is_active)`,
    [actor.companyId],
  );
  return { page, recent, stats, rows, ids: new Set(page.items.map((c) => c.id)) };
}

describe('a code made for a partner (partnerId)', () => {
  it('generate: the partner owns it, its name is the clinic, and its portal shows and counts it at once', async () => {
    const before = await portal(shopStaff);
    const code = await s.call(RPC.vouchers.generate, codeBody({ partnerId: shop.id }));
    expect(code).toMatchObject({ vendorId: shop.id, clinicName: 'Sports Shop', partnerCount: 1 });
    const after = await portal(shopStaff);
    expect(after.ids.has(code.id)).toBe(true);
    expect(after.recent.map((c) => c.id)).toContain(code.id);
    expect(after.page.total).toBe(before.page.total + 1);
    expect(after.stats.totalQrCodes).toBe(before.stats.totalQrCodes + 1);
    // The tallies agree with the rows.
    expect(after.page.total).toBe(after.rows);
    expect(after.stats.totalQrCodes).toBe(after.rows);
    // Not another company's.
    expect((await portal(otherStaff)).ids.has(code.id)).toBe(false);
    // The administrator's vendor list counts it once (owned and assigned).
    const vendor = await s.call(RPC.vouchers.listForVendor, { id: shop.id, limit: 200 });
    expect(vendor.items.filter((c) => c.id === code.id)).toHaveLength(1);
    expect(vendor.total).toBe(vendor.items.length);
    // A name sent wins over the partner's.
    const named = await s.call(
      RPC.vouchers.generate,
      codeBody({ partnerId: shop.id, clinic: 'Shop Downtown' }),
    );
    expect(named).toMatchObject({ vendorId: shop.id, clinicName: 'Shop Downtown' });
  });

  it('bulk-generate: the whole batch is the partner’s, listed and counted exactly in its portal', async () => {
    const before = await portal(shopStaff);
    const otherBefore = await portal(otherStaff);
    const batch = await s.call(RPC.vouchers.bulkGenerate, batchBody({ partnerId: shop.id }));
    expect(batch.count).toBe(30);
    expect(batch.sample).toMatchObject({ vendorId: shop.id, clinicName: 'Sports Shop', partnerCount: 1 });
    const after = await portal(shopStaff);
    expect(after.page.total).toBe(before.page.total + 30);
    expect(after.stats.totalQrCodes).toBe(before.stats.totalQrCodes + 30);
    expect(after.page.total).toBe(after.rows);
    for (const c of batch.qrCodes) expect(after.ids.has(c.id)).toBe(true);
    expect(
      await count('select count(*) n from vouchers.qr_codes where batch_id = $1 and vendor_id = $2', [
        batch.batchId,
        shop.id,
      ]),
    ).toBe(30);
    const otherAfter = await portal(otherStaff);
    expect(otherAfter.page.total).toBe(otherBefore.page.total);
    expect(batch.qrCodes.some((c) => otherAfter.ids.has(c.id))).toBe(false);
  });

  it('generate-trainer-qr: the trainer codes are the partner’s too', async () => {
    const answer = await s.call(RPC.vouchers.generateTrainer, {
      trainerNames: 'Ann, Bo',
      couponTitle: 'Athlete Perk',
      partnerId: shop.id,
      usageLimit: '100',
    });
    expect(answer.qrCodes.map((c) => [c.vendorId, c.clinicName])).toEqual([
      [shop.id, 'Sports Shop'],
      [shop.id, 'Sports Shop'],
    ]);
    const seen = await portal(shopStaff);
    for (const c of answer.qrCodes) expect(seen.ids.has(c.id)).toBe(true);
    expect(seen.page.total).toBe(seen.rows);
  });

  it.each([
    ['generate', () => s.call(RPC.vouchers.generate, codeBody({ partnerId: randomUUID() }))],
    ['bulk-generate', () => s.call(RPC.vouchers.bulkGenerate, batchBody({ partnerId: randomUUID() }))],
    [
      'generate-trainer-qr',
      () =>
        s.call(RPC.vouchers.generateTrainer, {
          trainerName: 'Cy',
          couponTitle: 'Perk',
          partnerId: randomUUID(),
        }),
    ],
  ])('%s: an unknown partner is 404 Partner not found, and nothing is made', async (_route, create) => {
    const before = await written();
    const error = await refusal(create());
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Partner not found' });
    expect(await written()).toEqual(before);
  });

  it('an old client that sends only the partner name still makes a club-wide code', async () => {
    const code = await s.call(RPC.vouchers.generate, codeBody({ clinic: 'Peak Physio' }));
    expect(code).toMatchObject({
      vendorId: null,
      clinicName: 'Peak Physio',
      partnerCount: 0,
      startDate: null,
    });
    const batch = await s.call(
      RPC.vouchers.bulkGenerate,
      batchBody({ facility: 'Peak Physio', quantity: 2 }),
    );
    expect(batch.sample).toMatchObject({ vendorId: null, clinicName: 'Peak Physio' });
    // Neither a partner nor a name: the form's message.
    const error = await refusal(s.call(RPC.vouchers.generate, codeBody({ clinic: '' })));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please enter partner name' });
    expect(error.errors?.clinic).toEqual(['Please enter partner name']);
  });
});

describe('a company_admin generating (spec §2)', () => {
  it('makes its own company’s codes, named after it, whatever it sends', async () => {
    const code = await s.call(RPC.vouchers.generate, codeBody(), { actor: shopStaff });
    expect(code).toMatchObject({ vendorId: shop.id, clinicName: 'Sports Shop' });
    const own = await s.call(RPC.vouchers.generate, codeBody({ partnerId: shop.id, clinic: 'Shop Annex' }), {
      actor: shopStaff,
    });
    expect(own).toMatchObject({ vendorId: shop.id, clinicName: 'Shop Annex' });
    const batch = await s.call(RPC.vouchers.bulkGenerate, batchBody({ quantity: 3 }), { actor: shopStaff });
    expect(batch.sample.vendorId).toBe(shop.id);
    const seen = await portal(shopStaff);
    for (const id of [code.id, own.id, ...batch.qrCodes.map((c) => c.id)])
      expect(seen.ids.has(id)).toBe(true);
    expect(seen.page.total).toBe(seen.rows);
    expect((await portal(otherStaff)).ids.has(code.id)).toBe(false);
  });

  it('is refused another company’s partnerId (403), and nothing is made', async () => {
    const before = await written();
    for (const create of [
      () => s.call(RPC.vouchers.generate, codeBody({ partnerId: other.id }), { actor: shopStaff }),
      () => s.call(RPC.vouchers.bulkGenerate, batchBody({ partnerId: other.id }), { actor: shopStaff }),
    ]) {
      const error = await refusal(create());
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You can only create codes for your own company',
      });
    }
    expect(await written()).toEqual(before);
  });

  it('a user with no company, or no user at all, makes nothing', async () => {
    const orphan: Actor = { userId: randomUUID(), role: 'company_admin', companyId: null };
    expect(await refusal(s.call(RPC.vouchers.generate, codeBody(), { actor: orphan }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(s.call(RPC.vouchers.bulkGenerate, batchBody(), { actor: null }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('a start date', () => {
  const LA_NOV_20_NOON = new Date('2026-11-20T20:00:00Z');
  const LAST_MS_BEFORE = new Date('2026-12-01T07:59:59.999Z'); // 23:59:59.999 on Nov 30 in Los Angeles
  const START_OF_DAY = new Date('2026-12-01T08:00:00.000Z'); // 00:00 on Dec 1 in Los Angeles

  let ipSeq = 0;
  const redeem = (id: string) =>
    s.call(RPC.vouchers.redeem, { id }, { actor: null, ip: `10.24.0.${++ipSeq}`, userAgent: 'test' });

  it('is upcoming and refused before the start of its business day, redeemed from it', async () => {
    s.clock.set(LA_NOV_20_NOON);
    try {
      const code = await s.call(
        RPC.vouchers.generate,
        codeBody({ clinic: 'Peak Physio', startDate: '2026-12-01', expirationDate: '2026-12-31' }),
      );
      expect(code).toMatchObject({ startDate: '2026-12-01', status: 'upcoming' });
      s.clock.set(LAST_MS_BEFORE);
      expect(await s.call(RPC.vouchers.getPublic, { id: code.id })).toMatchObject({
        startDate: '2026-12-01',
        status: 'upcoming',
      });
      const error = await refusal(redeem(code.id));
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'This voucher is valid from Dec 1, 2026.' });
      expect(await count('select usage_count n from vouchers.qr_codes where id = $1', [code.id])).toBe(0);
      s.clock.set(START_OF_DAY);
      const answer = await redeem(code.id);
      expect(answer.voucher).toMatchObject({ usageCount: 1, status: 'active', startDate: '2026-12-01' });
    } finally {
      s.clock.set(null);
    }
  });

  it('is taken by every create route, and returned in every code view', async () => {
    s.clock.set(LA_NOV_20_NOON);
    try {
      const batch = await s.call(
        RPC.vouchers.bulkGenerate,
        batchBody({ partnerId: shop.id, quantity: 2, startDate: '2026-12-01', expirationDate: '2026-12-31' }),
      );
      expect(batch.sample).toMatchObject({ startDate: '2026-12-01', status: 'upcoming' });
      expect(batch.qrCodes.every((c) => c.startDate === '2026-12-01' && c.status === 'upcoming')).toBe(true);
      const listed = (await portal(shopStaff)).page.items.find((c) => c.id === batch.sample.id);
      expect(listed).toMatchObject({ startDate: '2026-12-01', status: 'upcoming' });

      const trainer = await s.call(RPC.vouchers.generateTrainer, {
        trainerName: 'Dee',
        couponTitle: 'Perk',
        startDate: '2026-12-01',
        validDays: 30,
      });
      // Valid for 30 days from its start.
      expect(trainer.qrCodes[0]).toMatchObject({
        startDate: '2026-12-01',
        expirationDate: '2026-12-31',
        status: 'upcoming',
      });

      const exclusive = await s.call(RPC.vouchers.createExclusive, {
        exclusiveType: 'custom',
        exclusiveDetails: { title: 'Members night', description: 'Free entry' },
        expirationDate: '2026-12-31',
        startDate: '2026-12-01',
      });
      expect(exclusive).toMatchObject({ startDate: '2026-12-01', status: 'upcoming' });
      // The Active tab does not list an exclusive whose start is to come.
      const active = await s.call(RPC.vouchers.listExclusives, { filter: 'active', limit: 200 });
      expect(active.items.map((c) => c.id)).not.toContain(exclusive.id);
      expect(active.counts.active).toBe(active.items.length);
    } finally {
      s.clock.set(null);
    }
  });

  it.each([
    ['generate', () => s.call(RPC.vouchers.generate, codeBody({ clinic: 'X', startDate: '2100-01-01' }))],
    [
      'bulk-generate',
      () => s.call(RPC.vouchers.bulkGenerate, batchBody({ facility: 'X', startDate: '2100-01-01' })),
    ],
    [
      'exclusives',
      () =>
        s.call(RPC.vouchers.createExclusive, {
          exclusiveType: 'custom',
          exclusiveDetails: { title: 'T', description: 'D' },
          expirationDate: '2099-12-31',
          startDate: '2100-01-01',
        }),
    ],
  ])('%s: a start after the expiry is 400', async (_route, create) => {
    const before = await written();
    const error = await refusal(create());
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error.errors?.startDate).toEqual(['Start date must be on or before the expiration date']);
    expect(await written()).toEqual(before);
  });

  it.each([
    [20261201, 'Start date must be a date (YYYY-MM-DD)'],
    ['12/01/2026', 'Start date must be a date (YYYY-MM-DD)'],
    ['2026-02-30', 'Start date must be a real calendar date'],
  ])('refuses the start %j with a readable 400', async (startDate, message) => {
    const error = await refusal(s.call(RPC.vouchers.generate, codeBody({ clinic: 'X', startDate })));
    expect(error.errors?.startDate).toEqual([message]);
  });

  it('takes a blank or null start as none (the old client sends no start at all)', async () => {
    for (const startDate of ['', null]) {
      const code = await s.call(RPC.vouchers.generate, codeBody({ clinic: 'X', startDate }));
      expect(code).toMatchObject({ startDate: null, status: 'active' });
    }
  });
});

describe('every created event names the code’s owner (vendorId), so no reader asks for it', () => {
  /** The created event's payload of each code, with the code's vendor_id beside it. */
  const createdEvents = async (ids: string[]) =>
    (
      await s.sql.query(
        `select q.id, q.vendor_id, e.payload from vouchers.qr_codes q
           join vouchers.outbox_events e on e.name = 'vouchers.voucher.created.v1' and e.payload->>'qrCodeId' = q.id::text
          where q.id = any($1::uuid[]) order by q.id`,
        [ids],
      )
    ).rows as { id: string; vendor_id: string | null; payload: Record<string, unknown> }[];

  it('a code, a partner’s code, trainer codes and exclusives with and without a vendor', async () => {
    const own = await s.call(RPC.vouchers.generate, codeBody({ partnerId: shop.id }));
    const club = await s.call(RPC.vouchers.generate, codeBody({ clinic: 'Club desk' }));
    const trainers = await s.call(RPC.vouchers.generateTrainer, {
      trainerNames: 'Di, Ed',
      couponTitle: 'Athlete Perk',
      partnerId: shop.id,
      usageLimit: '100',
    });
    const exclusive = (vendorId?: string) =>
      s.call(RPC.vouchers.createExclusive, {
        exclusiveType: 'exclusive_discount',
        exclusiveDetails: {
          title: 'Smoothie deal',
          description: 'At the bar',
          ...(vendorId ? { vendorId } : {}),
        },
        expirationDate: '2099-12-31',
        usageLimit: '1',
      } as never);
    const vendorExclusive = await exclusive(shop.id);
    const clubExclusive = await exclusive();
    const ids = [own.id, club.id, ...trainers.qrCodes.map((c) => c.id), vendorExclusive.id, clubExclusive.id];
    const events = await createdEvents(ids);
    expect(events).toHaveLength(ids.length);
    for (const e of events) {
      expect(Object.hasOwn(e.payload, 'vendorId'), `${e.id} names its owner`).toBe(true);
      expect(e.payload.vendorId).toBe(e.vendor_id);
    }
    const owners = new Map(events.map((e) => [e.id, e.vendor_id]));
    expect(
      [own.id, ...trainers.qrCodes.map((c) => c.id), vendorExclusive.id].map((id) => owners.get(id)),
    ).toEqual([shop.id, shop.id, shop.id, shop.id]);
    expect([club.id, clubExclusive.id].map((id) => owners.get(id))).toEqual([null, null]);
  });
});
