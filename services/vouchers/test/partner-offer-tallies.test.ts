import { RPC } from '@avpass/contracts';
import { addDays, todayInTimeZone } from '@avpass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildTallies } from './support/fixtures';
import { startVoucherServices, type VoucherServices } from './support/services';

/**
 * Issue 24: the landing page's partner figures (partner_offer_tallies, kept by statement triggers on
 * qr_codes). `npm run stats:rebuild` recomputes them from the rows exactly as the triggers keep them,
 * and an upcoming code (start still to come) counts in totalQrCodes but not in activeOffers.
 */
let s: VoucherServices;
const TZ = 'America/Los_Angeles';
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { REDEEM_RATE_LIMIT: '1000000' } });
});
afterAll(async () => s?.close());

const codeBody = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Tally Clinic',
  discountType: 'percentage' as const,
  discountValue: 10,
  service: 'Tally Service',
  expirationDate: '2099-12-31',
  usageLimit: 1,
  ...extra,
});
let ip = 0;
const redeem = (id: string) =>
  s.call(RPC.vouchers.redeem, { id }, { actor: null, ip: `203.0.113.${++ip % 250}`, userAgent: 'test' });
const figures = async (partnerIds: string[]) =>
  (await s.call(RPC.vouchers.partnerOfferCounts, { partnerIds }, { actor: null })).counts;

/** The tallies' rows that count (a trigger may leave a row at 0 where a rebuild leaves none). */
const tallies = async () =>
  (
    await s.sql.query(
      `select partner_id, expiration_day::text, start_day::text, shard, codes::int, open::int
         from vouchers.partner_offer_tallies where codes <> 0 or open <> 0
        order by partner_id, expiration_day, start_day, shard`,
    )
  ).rows;

/** Each partner's figures counted straight from the code rows, by the landing page's rule. */
async function fromRows(partnerIds: string[], today: string) {
  const { rows } = await s.sql.query(
    `select p.id as "partnerId",
            count(q.id)::int as "totalQrCodes",
            (count(q.id) filter (where q.is_active and q.usage_count < q.usage_limit
                                   and (q.expiration_date is null or q.expiration_date >= $2::date)
                                   and (q.start_date is null or q.start_date <= $2::date)))::int as "activeOffers"
       from unnest($1::uuid[]) as p(id)
       left join vouchers.qr_codes q on q.vendor_id = p.id or p.id = any(q.partner_ids)
      group by p.id`,
    [partnerIds, today],
  );
  return rows;
}

const sorted = <T extends { partnerId: string }>(list: T[]) =>
  [...list].sort((a, b) => a.partnerId.localeCompare(b.partnerId));

describe('partner_offer_tallies', () => {
  it('npm run stats:rebuild recomputes them from the rows: after a mixed run it changes nothing, and it repairs them', async () => {
    const shop = await s.call(RPC.partners.create, { name: 'Tally Shop' });
    const gym = await s.call(RPC.partners.create, { name: 'Tally Gym' });
    const ids = [shop.id, gym.id];
    const today = todayInTimeZone(new Date(), TZ);

    // Made for the shop: one single-use, one that starts next week, one that expired yesterday (its
    // expiry moved by SQL, as an import would).
    const owned = await s.call(RPC.vouchers.generate, codeBody({ partnerId: shop.id }));
    await s.call(
      RPC.vouchers.generate,
      codeBody({ partnerId: shop.id, startDate: addDays(today, 7), usageLimit: 3 }),
    );
    const expired = await s.call(RPC.vouchers.generate, codeBody({ partnerId: shop.id }));
    await s.sql.query('update vouchers.qr_codes set expiration_date = $2 where id = $1', [
      expired.id,
      addDays(today, -1),
    ]);
    // A club-wide batch, assigned in one call to both partners (the shop owns none of it).
    const batch = await s.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Tally batch',
      facility: 'Tally Clinic',
      quantity: 12,
      ...codeBody({ usageLimit: 2 }),
    });
    expect(
      await s.call(RPC.vouchers.bulkAssignPartners, { batchId: batch.batchId, partnerIds: ids }),
    ).toEqual({ codes: 12, assigned: 24 });
    const batchCodes = (
      await s.sql.query('select id from vouchers.qr_codes where batch_id = $1 order by id', [batch.batchId])
    ).rows.map((r: { id: string }) => r.id);
    // Redeemed to used up (the single-use code once, a batch code twice), one redeemed once.
    await redeem(owned.id);
    await redeem(batchCodes[0]);
    await redeem(batchCodes[0]);
    await redeem(batchCodes[1]);
    // The shop's own code also assigned to the gym; one batch code taken from the gym; two deleted.
    await s.call(RPC.vouchers.assignPartners, { id: owned.id, partnerIds: [gym.id] });
    await s.call(RPC.vouchers.assignPartners, { id: batchCodes[2], partnerIds: [shop.id] });
    await s.call(RPC.vouchers.remove, { id: batchCodes[3] });
    await s.call(RPC.vouchers.remove, { id: batchCodes[0] });

    const direct = await fromRows(ids, today);
    expect(sorted(direct)).toEqual(
      sorted([
        // shop: 3 own (used up, upcoming, expired: none active) + the 10 batch codes left (one
        // redeemed once of twice: still active; the used-up one was deleted).
        { partnerId: shop.id, totalQrCodes: 13, activeOffers: 10 },
        // gym: the shop's used-up code + 9 batch codes (one taken away, two deleted): 9 active.
        { partnerId: gym.id, totalQrCodes: 10, activeOffers: 9 },
      ]),
    );
    expect(sorted(await figures(ids))).toEqual(sorted(direct));

    const kept = await tallies();
    await rebuildTallies(s.sql, TZ);
    expect(await tallies()).toEqual(kept);
    expect(sorted(await figures(ids))).toEqual(sorted(direct));

    // Tallies that drifted (as after a restore or an import by SQL) are recomputed from the rows.
    await s.sql.query(
      `update vouchers.partner_offer_tallies set codes = codes + 5, open = 0 where partner_id = $1`,
      [shop.id],
    );
    await s.sql.query(`delete from vouchers.partner_offer_tallies where partner_id = $1`, [gym.id]);
    await rebuildTallies(s.sql, TZ);
    expect(await tallies()).toEqual(kept);
    expect(sorted(await figures(ids))).toEqual(sorted(direct));
  });

  it('an upcoming code counts in totalQrCodes, and in activeOffers from its start day on', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Upcoming Partner' });
    const today = todayInTimeZone(new Date(), TZ);
    const start = addDays(today, 3);
    await s.call(RPC.vouchers.generate, codeBody({ partnerId: partner.id, startDate: start }));
    await s.call(RPC.vouchers.generate, codeBody({ partnerId: partner.id }));
    const batch = await s.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Upcoming batch',
      facility: 'Tally Clinic',
      quantity: 4,
      ...codeBody({ startDate: start }),
    });
    await s.call(RPC.vouchers.bulkAssignPartners, { batchId: batch.batchId, partnerIds: [partner.id] });

    expect(await figures([partner.id])).toEqual([
      { partnerId: partner.id, totalQrCodes: 6, activeOffers: 1 },
    ]);
    try {
      // The day before the start (noon in the business time zone): still upcoming.
      s.clock.set(new Date(`${addDays(start, -1)}T20:00:00Z`));
      expect((await figures([partner.id]))[0]).toMatchObject({ totalQrCodes: 6, activeOffers: 1 });
      // From the start day on, the same rows count them as active.
      s.clock.set(new Date(`${start}T20:00:00Z`));
      expect((await figures([partner.id]))[0]).toMatchObject({ totalQrCodes: 6, activeOffers: 6 });
      expect(await fromRows([partner.id], start)).toEqual([
        { partnerId: partner.id, totalQrCodes: 6, activeOffers: 6 },
      ]);
    } finally {
      s.clock.set(null);
    }
    // Starts cleared by SQL (behind the service's back) are followed by the trigger: active at once.
    await s.sql.query(`update vouchers.qr_codes set start_date = null where batch_id = $1`, [batch.batchId]);
    expect((await figures([partner.id]))[0]).toMatchObject({ totalQrCodes: 6, activeOffers: 5 });
  });
});
