import {
  EVENT_DATE_MESSAGE,
  EXCLUSIVE_TYPE_MESSAGE,
  EXCLUSIVE_USAGE_LIMIT_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  RPC,
  type ExclusiveFilter,
} from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_NOT_FOUND_MESSAGE } from '../src/exclusives/exclusives.service';
import { insertCode } from './support/fixtures';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { PUBLIC_URL: 'https://pass.example.org' } });
});
afterAll(async () => s?.close());

type Details = Record<string, unknown>;
const body = (details: Details = {}, extra: Record<string, unknown> = {}) => ({
  exclusiveType: 'exclusive_discount' as const,
  exclusiveDetails: { title: 'Smoothie deal', description: 'At the club bar', ...details },
  expirationDate: '2099-12-31',
  usageLimit: '1',
  ...extra,
});
const create = (details: Details = {}, extra: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.createExclusive, body(details, extra));
const list = (filter?: ExclusiveFilter, extra: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.listExclusives, { ...(filter ? { filter } : {}), limit: 200, ...extra });

describe('creating an exclusive', () => {
  it('creates a flagged voucher with its type and typed details, and records voucher.created', async () => {
    const created = await create(
      {
        value: '20% off',
        specialInstructions: 'Show this at the bar',
        eventName: 'Spring Gala',
        eventDate: '2099-05-01T18:30',
      },
      { exclusiveType: 'special_event', clinic: 'ignored', discountType: 'bogo', customTitle: 'ignored' },
    );
    expect(created).toMatchObject({
      qrUrl: `https://pass.example.org/voucher/${created.id}`,
      isProjectRootedExclusive: true,
      exclusiveType: 'special_event',
      exclusiveStatus: 'active',
      clinicName: 'Project Rooted',
      customTitle: 'Smoothie deal',
      service: 'Smoothie deal',
      terms: 'At the club bar',
      partnerType: 'exclusive',
      qrType: 'other',
      discountType: 'percentage',
      discountValue: 20,
      usageLimit: 1,
      exclusiveDetails: {
        title: 'Smoothie deal',
        description: 'At the club bar',
        value: '20% off',
        eventName: 'Spring Gala',
        eventDate: '2099-05-01T18:30',
        specialInstructions: 'Show this at the bar',
        vendorId: null,
        vendorName: null,
      },
    });
    const events = await s.sql.query(
      `select name from vouchers.outbox_events where payload->>'qrCodeId' = $1`,
      [created.id],
    );
    expect(events.rows.map((r) => r.name)).toEqual(['vouchers.voucher.created.v1']);
    const row = await s.sql.query(
      'select exclusive_event_date::text as d from vouchers.qr_codes where id = $1',
      [created.id],
    );
    expect(row.rows[0].d).toBe('2099-05-01');
    // The voucher page reads it like any voucher, with its special instructions.
    const pub = await s.call(RPC.vouchers.getPublic, { id: created.id }, { actor: null });
    expect(pub).toMatchObject({ isProjectRootedExclusive: true, partnerType: 'exclusive' });
    expect(pub.exclusiveDetails?.specialInstructions).toBe('Show this at the bar');
  });

  it('accepts the details as the JSON text the old client sent', async () => {
    const created = await s.call(RPC.vouchers.createExclusive, {
      ...body(),
      exclusiveDetails: JSON.stringify({ title: 'Raffle', description: 'Win a bike', value: '$15 OFF' }),
    });
    expect(created).toMatchObject({ discountType: 'fixed', discountValue: 15, service: 'Raffle' });
  });

  it.each([
    ['20% off', 'exclusive_discount', 'percentage', 20],
    ['$15 OFF', 'exclusive_discount', 'fixed', 15],
    ['10 OFF', 'training_session', 'fixed', 10],
    ['Buy one get one', 'exclusive_discount', 'free-service', 0],
    ['FREE session', 'training_session', 'free-service', 0],
    ['save 5.50', 'exclusive_discount', 'fixed', 6],
    ['save 5.50', 'raffle_prize', 'free-service', 0],
    ['', 'exclusive_discount', 'free-service', 0],
    ['🔥 25% off 🔥', 'special_event', 'percentage', 25],
  ])('infers %j (%s) as %s %d', async (value, exclusiveType, discountType, discountValue) => {
    const created = await create({ value }, { exclusiveType, discountType: 'bogo', discountValue: 99 });
    expect(created).toMatchObject({ discountType, discountValue });
  });

  it("drops a leading 'FREE ' from the title of a discount, not of other types", async () => {
    expect(await create({ title: 'FREE Smoothie' })).toMatchObject({
      service: 'Smoothie',
      customTitle: 'Smoothie',
      exclusiveDetails: { title: 'Smoothie' },
    });
    expect(await create({ title: 'FREE Session' }, { exclusiveType: 'training_session' })).toMatchObject({
      service: 'FREE Session',
    });
  });

  it.each([
    [{ exclusiveType: 'party' }, 'exclusiveType', EXCLUSIVE_TYPE_MESSAGE],
    [{ exclusiveType: undefined }, 'exclusiveType', EXCLUSIVE_TYPE_MESSAGE],
    [{ exclusiveDetails: { description: 'x' } }, 'exclusiveDetails.title', 'Title is required'],
    [{ exclusiveDetails: { title: '  ', description: 'x' } }, 'exclusiveDetails.title', 'Title is required'],
    [{ exclusiveDetails: { title: 'x' } }, 'exclusiveDetails.description', 'Description is required'],
    [
      { exclusiveDetails: { title: 'x', description: '' } },
      'exclusiveDetails.description',
      'Description is required',
    ],
    [{ exclusiveDetails: undefined }, 'exclusiveDetails', 'Title is required'],
    [{ expirationDate: '' }, 'expirationDate', 'Expiration date is required'],
    [{ expirationDate: undefined }, 'expirationDate', 'Expiration date is required'],
    [{ expirationDate: '2020-01-01' }, 'expirationDate', PAST_EXPIRY_MESSAGE],
    [{ usageLimit: '0' }, 'usageLimit', `${EXCLUSIVE_USAGE_LIMIT_MESSAGE}, not 0`],
    [{ usageLimit: 10000 }, 'usageLimit', `${EXCLUSIVE_USAGE_LIMIT_MESSAGE}, not 10000`],
    [{ usageLimit: '2.5' }, 'usageLimit', `${EXCLUSIVE_USAGE_LIMIT_MESSAGE}, not 2.5`],
    [{ usageLimit: 'lots' }, 'usageLimit', 'Usage limit must be unlimited or a number, not "lots"'],
    [
      { exclusiveDetails: { title: 'x', description: 'y', eventDate: 'next Friday' } },
      'exclusiveDetails.eventDate',
      EVENT_DATE_MESSAGE,
    ],
    [
      { exclusiveDetails: { title: 'x', description: 'y', vendorId: 'acme' } },
      'exclusiveDetails.vendorId',
      'Not a valid vendor id',
    ],
    [
      { exclusiveDetails: { title: 'x', description: 'y', vendorId: randomUUID() } },
      'exclusiveDetails.vendorId',
      VENDOR_NOT_FOUND_MESSAGE,
    ],
  ])('refuses %j: %s "%s"', async (extra, field, message) => {
    const error = await refusal(s.call(RPC.vouchers.createExclusive, body({}, extra)));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
    expect(error.message).toBe(message);
  });

  it.each([
    ['1', 1],
    ['5', 5],
    ['100', 100],
    ['unlimited', 999999],
    [9999, 9999],
    ['250', 250],
    [undefined, 1],
  ])('takes the usage limit %j as %d', async (usageLimit, stored) => {
    expect((await create({}, { usageLimit })).usageLimit).toBe(stored);
  });

  it("takes a vendor's name and logo from the partners service, not from the body", async () => {
    const vendor = await s.call(RPC.partners.create, { name: 'Peak Physio' });
    await s.call(RPC.partners.addPhoto, {
      vendorId: vendor.id,
      photoType: 'logo',
      url: '/uploads/peak-logo.png',
    });
    const created = await create(
      { vendorId: vendor.id, vendorName: 'Forged Name' },
      { clinicName: 'Forged' },
    );
    expect(created).toMatchObject({
      vendorId: vendor.id,
      clinicName: 'Peak Physio',
      customTitle: 'Peak Physio EXCLUSIVE',
      logoUrl: '/uploads/peak-logo.png',
      exclusiveDetails: { vendorId: vendor.id, vendorName: 'Peak Physio' },
    });
    const custom = await create({ vendorId: vendor.id }, { logoUrl: '/uploads/custom-logo.png' });
    expect(custom).toMatchObject({
      customTitle: 'Peak Physio EXCLUSIVE',
      logoUrl: '/uploads/custom-logo.png',
    });
    // The vendor's own list of codes has them.
    const vendorCodes = await s.call(RPC.vouchers.listForVendor, { id: vendor.id });
    expect(vendorCodes.items.map((c) => c.id).sort()).toEqual([created.id, custom.id].sort());
    expect(vendorCodes.total).toBe(2);
    // Assigned to the vendor as well as its own: still counted once.
    await s.call(RPC.vouchers.assignPartners, { id: created.id, partnerIds: [vendor.id] });
    const again = await s.call(RPC.vouchers.listForVendor, { id: vendor.id });
    expect(again.total).toBe(2);
    expect(again.items.map((c) => c.id).sort()).toEqual([created.id, custom.id].sort());
  });

  it('is for the administrator only', async () => {
    expect(
      await refusal(s.call(RPC.vouchers.createExclusive, body(), { actor: companyActor(randomUUID()) })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(s.call(RPC.vouchers.createExclusive, body(), { actor: null }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await refusal(s.call(RPC.vouchers.listExclusives, {}, { actor: companyActor(randomUUID()) })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(s.call(RPC.vouchers.listExclusives, {}, { actor: null }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('the exclusives list', () => {
  it('holds exclusives only, pages by keyset, and filters by status and type with an injected clock', async () => {
    await s.sql.query('delete from vouchers.qr_codes');
    const ordinary = await insertCode(s.sql);
    // 10 March 2026, 13:00 in Los Angeles.
    s.clock.set(new Date('2026-03-10T20:00:00Z'));
    try {
      const training = await create(
        { title: 'Coach session', trainerName: 'Sam', sessionDuration: '60 min', eventDate: '2026-03-10' },
        { exclusiveType: 'training_session', expirationDate: '2026-03-31' },
      );
      const raffle = await create(
        { title: 'Bike raffle' },
        { exclusiveType: 'raffle_prize', expirationDate: '2026-03-10' },
      );
      const pastEvent = await create(
        { title: 'Winter gala', eventDate: '2026-03-09' },
        { exclusiveType: 'special_event', expirationDate: '2026-03-31' },
      );
      const discount = await create({ value: '$5 off' }, { expirationDate: '2026-04-30', usageLimit: '1' });
      const custom = await create(
        { title: 'Mystery' },
        { exclusiveType: 'custom', expirationDate: '2026-03-11' },
      );
      // Used up: the discount. Redeeming makes it Redeemed.
      await s.call(RPC.vouchers.redeem, { id: discount.id }, { actor: null });

      const all = await list();
      expect(all.items.map((e) => e.id)).toEqual([
        custom.id,
        discount.id,
        pastEvent.id,
        raffle.id,
        training.id,
      ]);
      expect(all.items.map((e) => e.id)).not.toContain(ordinary);
      expect(all.counts).toEqual({
        all: 5,
        active: 4,
        upcoming: 1,
        expired: 0,
        training: 1,
        raffles: 1,
        events: 1,
        discounts: 1,
      });
      expect(all.items.find((e) => e.id === discount.id)?.exclusiveStatus).toBe('redeemed');

      // Two days later: the raffle and the custom one have expired; the training session is past.
      s.clock.set(new Date('2026-03-12T20:00:00Z'));
      const later = await list('expired');
      expect(later.items.map((e) => e.id)).toEqual([custom.id, raffle.id]);
      expect(later.items.every((e) => e.exclusiveStatus === 'expired')).toBe(true);
      expect(later.total).toBe(2);
      expect(later.counts).toMatchObject({ all: 5, active: 2, upcoming: 0, expired: 2 });
      expect((await list('active')).items.map((e) => e.id)).toEqual([pastEvent.id, training.id]);
      expect((await list('upcoming')).items).toEqual([]);

      // The night before, in business time: 9 March 23:30 is 10 March 06:30 UTC. The training
      // session (10 March) and... the gala (9 March) are still upcoming.
      s.clock.set(new Date('2026-03-10T06:30:00Z'));
      expect((await list('upcoming')).items.map((e) => e.id)).toEqual([pastEvent.id, training.id]);

      s.clock.set(new Date('2026-03-10T20:00:00Z'));
      expect((await list('training')).items.map((e) => e.id)).toEqual([training.id]);
      expect((await list('raffles')).items.map((e) => e.id)).toEqual([raffle.id]);
      expect((await list('events')).items.map((e) => e.id)).toEqual([pastEvent.id]);
      expect((await list('discounts')).items.map((e) => e.id)).toEqual([discount.id]);

      // Keyset pages of two: every exclusive once, in order.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list('all', { limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((e) => e.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all.items.map((e) => e.id));

      // Deleting one (DELETE /api/qr-codes/{id}) removes it from the list and its counts.
      await s.call(RPC.vouchers.remove, { id: raffle.id });
      expect((await list()).counts).toMatchObject({ all: 4, raffles: 0 });
    } finally {
      s.clock.set(null);
    }
  });

  it('refuses an unknown tab with its message', async () => {
    const error = await refusal(s.call(RPC.vouchers.listExclusives, { filter: 'soon' as ExclusiveFilter }));
    expect(error.errors?.filter?.[0]).toMatch(/^filter must be all, active, upcoming/);
  });

  it('counts and lists through the partial indexes, never the ordinary codes', async () => {
    // The test table is tiny (a sequential scan wins); at size the bench checks the timings.
    await s.sql.query('set enable_seqscan = off; set enable_bitmapscan = off; set enable_sort = off');
    try {
      for (const query of [
        'select count(*) from vouchers.qr_codes q where q.is_project_rooted_exclusive',
        `select id from vouchers.qr_codes q where q.is_project_rooted_exclusive
           order by q.created_at desc, q.id desc limit 50`,
        `select id from vouchers.qr_codes q where q.is_project_rooted_exclusive and q.exclusive_type = 'raffle_prize'
           order by q.created_at desc, q.id desc limit 50`,
      ]) {
        const plan = await s.sql.query(`explain ${query}`);
        const text = plan.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
        // Any of the exclusives' partial indexes (migrations 20261127, 20261212): never the ordinary codes.
        expect(text).toMatch(/Index (Only )?Scan (using|on) qr_codes_exclusives?_\w*index/);
        expect(text).not.toMatch(/Sort/);
      }
    } finally {
      await s.sql.query('reset enable_seqscan; reset enable_bitmapscan; reset enable_sort');
    }
  });
});
