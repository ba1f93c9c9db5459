import {
  ALREADY_CANCELLED_MESSAGE,
  CANCEL_REASON_MESSAGE,
  RPC,
  undoWindowClosedMessage,
  type Actor,
} from '@avpass/contracts';
import { USAGE_COUNT_MISMATCHES_SQL } from '../src/tallies/tallies-sql.repository';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, foldTallies, rebuildTallies } from './support/fixtures';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

// Undo (issue 25) against the real PostgreSQL and NATS, over two vouchers instances with a clock the
// test moves: who may cancel, when, the one statement's effects, every figure at once, races at the
// limit, and `npm run stats:rebuild`'s SQL finding nothing to change afterwards.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ instances: 2, env: { REDEEM_RATE_LIMIT: '1000' } });
});
afterAll(async () => s?.close());

const P = randomUUID(); // the partner whose till makes the redemptions
const OTHER = randomUUID(); // another partner
const TZ = 'America/Los_Angeles';

let ipSeq = 0;
const generate = (extra: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.generate, {
    clinic: 'Peak Physio',
    discountType: 'percentage',
    discountValue: 25,
    service: 'Assessment',
    expirationDate: '2099-12-31',
    usageLimit: '5',
    ...extra,
  });
const redeem = (id: string, transactionAmount?: number) =>
  s.call(
    RPC.vouchers.redeem,
    { id, ...(transactionAmount === undefined ? {} : { transactionAmount }) },
    {
      actor: null,
      ip: `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
      userAgent: 'Mozilla/5.0 (iPhone)',
    },
  );
/** Made at partner P's till (till redeems are B2's; the attribution is what the undo rules read). */
async function redeemAt(id: string, partnerId: string | null = P, transactionAmount?: number) {
  const { redemptionId } = await redeem(id, transactionAmount);
  await s.sql.query(
    `update vouchers.redemptions set channel = 'till', partner_id = $2, partner_name = 'Peak Physio' where id = $1`,
    [redemptionId, partnerId],
  );
  return redemptionId;
}
const cancel = (
  id: string,
  actor: Actor = SUPER_ADMIN,
  reason = 'Member tapped by mistake',
  idempotencyKey?: string,
) =>
  s.call(
    RPC.vouchers.cancelRedemption,
    { id, reason, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) },
    { actor },
  );

const row = async (id: string) =>
  (await s.sql.query('select * from vouchers.redemptions where id = $1', [id])).rows[0];
const reversals = async (codeId: string) =>
  (
    await s.sql.query(
      `select redemption_id, delta, reversed_by, reversed_by_user_id, reason
         from vouchers.redemption_reversals where qr_code_id = $1 order by reversed_at, id`,
      [codeId],
    )
  ).rows;
/** +1 for each of the code's redemptions, -1 for each reversal: what usage_count must equal. */
const signedSum = async (codeId: string) =>
  (
    await s.sql.query(
      `select ((select count(*) from vouchers.redemptions where qr_code_id = $1)
            - (select count(*) from vouchers.redemption_reversals where qr_code_id = $1))::int as n`,
      [codeId],
    )
  ).rows[0].n as number;
/** What `npm run stats:rebuild` checks after its rebuild: the codes whose count is not that sum. */
async function mismatches(): Promise<{ id: string; usageCount: number; signedSum: number }[]> {
  await s.sql.query('begin');
  try {
    await s.sql.query('set local search_path = vouchers');
    return (await s.sql.query(USAGE_COUNT_MISMATCHES_SQL, [1000])).rows;
  } finally {
    await s.sql.query('commit');
  }
}
const usage = async (codeId: string) =>
  (await s.sql.query('select usage_count from vouchers.qr_codes where id = $1', [codeId])).rows[0]
    .usage_count as number;
const outbox = async (codeId: string) =>
  (
    await s.sql.query(
      `select name, payload from vouchers.outbox_events where payload->>'qrCodeId' = $1 order by seq`,
      [codeId],
    )
  ).rows as { name: string; payload: Record<string, unknown> }[];
const foldAll = () => foldTallies(s);

describe('who may undo a redemption, and when', () => {
  it('the administrator cancels any redemption at any time: one statement gives the use back and writes the event', async () => {
    const code = await generate();
    const made = await redeemAt(code.id, null);
    await redeem(code.id);
    expect(await usage(code.id)).toBe(2);
    s.clock.set(new Date(Date.now() + 3 * 86_400_000)); // days later
    try {
      const answer = await cancel(made, { ...SUPER_ADMIN, name: 'Ada Admin' } as Actor);
      expect(answer.message).toBe('Redemption cancelled');
      expect(answer.redemption).toMatchObject({
        id: made,
        status: 'cancelled',
        cancelledBy: 'Ada Admin',
        cancelReason: 'Member tapped by mistake',
        cancellable: false,
      });
      expect(answer.voucher).toMatchObject({ id: code.id, usageCount: 1 });
    } finally {
      s.clock.set(null);
    }
    expect(await usage(code.id)).toBe(1);
    expect(await row(made)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'Ada Admin',
      cancelled_by_user_id: SUPER_ADMIN.userId,
      cancel_reason: 'Member tapped by mistake',
    });
    // The cancel appended its reversal row (decision 231): the code's count is the signed sum of its rows.
    expect(await reversals(code.id)).toEqual([
      {
        redemption_id: made,
        delta: -1,
        reversed_by: 'Ada Admin',
        reversed_by_user_id: SUPER_ADMIN.userId,
        reason: 'Member tapped by mistake',
      },
    ]);
    expect(await signedSum(code.id)).toBe(1);
    const events = await outbox(code.id);
    const last = events.at(-1)!;
    expect(last.name).toBe('vouchers.redemption.cancelled.v1');
    expect(last.payload).toMatchObject({
      redemptionId: made,
      qrCodeId: code.id,
      usageCount: 1,
      usageLimit: 5,
      cancelledBy: 'Ada Admin',
      reason: 'Member tapped by mistake',
      partnerId: null,
    });
    // Every event of the code carries a newer version than the one before.
    const versions = events.map((e) => e.payload.version as number);
    expect(versions.every((v, i) => i === 0 || v > versions[i - 1]!)).toBe(true);
    const pending = await s.sql.query(
      `select delta, qr_code_id from vouchers.pending_tallies where qr_code_id = $1 order by id`,
      [code.id],
    );
    // (or already folded: then the tallies show it, which the figures test checks)
    for (const p of pending.rows) expect([1, -1]).toContain(p.delta);
  });

  it('a company cancels its own till’s redemption within REDEMPTION_UNDO_MINUTES, not after (service clock), and never another partner’s', async () => {
    const code = await generate();
    await assign(s.sql, code.id, P);
    const at = new Date('2026-11-20T18:00:00Z');
    s.clock.set(at);
    try {
      const mine = await redeemAt(code.id);
      const late = await redeemAt(code.id);
      const theirs = await redeemAt(code.id, OTHER);
      const company = companyActor(P);

      s.clock.set(new Date(at.getTime() + 29 * 60_000));
      const ok = await cancel(mine, company);
      expect(ok.redemption).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'Partner staff',
        cancellable: false,
      });

      s.clock.set(new Date(at.getTime() + 31 * 60_000));
      expect(await refusal(cancel(late, company))).toMatchObject({
        code: 'FORBIDDEN',
        message: undoWindowClosedMessage(30),
      });
      // Seen (the code is assigned to it) but made at another partner: 403; not seen at all: 404.
      expect(await refusal(cancel(theirs, company))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await refusal(cancel(theirs, companyActor(randomUUID())))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await row(late)).toMatchObject({ status: 'completed' });
      expect(await row(theirs)).toMatchObject({ status: 'completed' });
      expect(await usage(code.id)).toBe(2);
      // The administrator still may.
      await cancel(late);
      expect(await usage(code.id)).toBe(1);
    } finally {
      s.clock.set(null);
    }
  });

  it('reason 1-500 characters, unknown 404, a second cancel 409 changing nothing', async () => {
    const code = await generate();
    const made = await redeemAt(code.id);
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      expect(await refusal(cancel(made, SUPER_ADMIN, reason))).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: CANCEL_REASON_MESSAGE,
      });
    }
    expect(await refusal(cancel(randomUUID()))).toMatchObject({ code: 'NOT_FOUND' });
    await cancel(made, SUPER_ADMIN, 'x'.repeat(500));
    const before = {
      row: await row(made),
      usage: await usage(code.id),
      events: (await outbox(code.id)).length,
      pending: (await s.sql.query('select count(*)::int n from vouchers.pending_tallies')).rows[0].n,
    };
    expect(await refusal(cancel(made))).toMatchObject({
      code: 'CONFLICT',
      message: ALREADY_CANCELLED_MESSAGE,
    });
    expect(await refusal(cancel(made, companyActor(P)))).toMatchObject({
      code: 'CONFLICT',
      message: ALREADY_CANCELLED_MESSAGE,
    });
    expect(await row(made)).toEqual(before.row);
    expect(await usage(code.id)).toBe(before.usage);
    expect((await outbox(code.id)).length).toBe(before.events);
  });
});

describe('every figure reflects a cancel at once', () => {
  it('admin and company stats, today, locations, batch redeemed, partner offers, trainer analytics, lists', async () => {
    const today = new Date();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(today);
    const code = await generate({ usageLimit: '1', clinic: `Cancel Clinic ${randomUUID()}` });
    await assign(s.sql, code.id, P);
    // A batch of two codes (the tallies count its redeemed uses).
    const batch = await s.call(RPC.vouchers.bulkGenerate, {
      batchName: `Undo ${randomUUID()}`,
      facility: 'Peak Physio',
      quantity: 2,
      discountType: 'percentage',
      discountValue: 10,
      service: 'Assessment',
      expirationDate: '2099-12-31',
      usageLimit: '2',
    });
    const batchCode = (
      await s.sql.query('select id from vouchers.qr_codes where batch_id = $1 limit 1', [batch.batchId])
    ).rows[0].id as string;
    const trainer = await s.call(RPC.vouchers.generateTrainer, {
      trainerName: 'Undo Trainer',
      partnerName: 'Peak Physio',
      couponTitle: 'Athlete Perk',
      usageLimit: '10',
    });
    await assign(s.sql, trainer.id, P);

    const figures = async () => {
      const admin = await s.call(RPC.vouchers.adminStats, {});
      const company = await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(P) });
      const batches = await s.call(RPC.vouchers.adminBatches, { limit: 100 });
      const offers = await s.call(RPC.vouchers.partnerOfferCounts, { partnerIds: [P] });
      const analytics = await s.call(RPC.vouchers.trainerAnalytics, {
        startDate: day,
        endDate: day,
        trainerId: trainer.id,
      });
      const list = await s.call(RPC.vouchers.companyRedemptions, { limit: 100 }, { actor: companyActor(P) });
      return {
        total: admin.totalRedemptions,
        today: admin.todayRedemptions,
        companyTotal: company.totalRedemptions,
        companyToday: company.todayRedemptions,
        batch: batches.items.find((b: { batchId: string }) => b.batchId === batch.batchId)?.redeemed,
        activeOffers: offers.counts[0]?.activeOffers,
        trainerVolume: analytics.summary.totalTransactionVolume,
        trainerDiscount: analytics.summary.totalDiscountsGiven,
        trainerRedemptions: analytics.summary.totalRedemptions,
        // The trainer's own row (per-code sums) says the same.
        rowVolume: analytics.trainers[0]?.totalTransactionAmount ?? 0,
        rowRedemptions: analytics.trainers[0]?.totalRedemptions ?? 0,
        listed: list.items.length,
        listTotal: list.total,
      };
    };
    await foldAll();
    const start = await figures();
    const plain = await redeemAt(code.id);
    // A member's own redeem: the batch code is club-wide, so a till's would count for that partner.
    const inBatch = await redeemAt(batchCode, null);
    const sale = await redeemAt(trainer.id, P, 10_000);
    await redeemAt(trainer.id, P, 5_000);
    const redeemed = await figures();
    expect(redeemed).toMatchObject({
      total: start.total + 4,
      today: start.today + 4,
      companyTotal: start.companyTotal + 3, // the batch code is not P's
      batch: start.batch! + 1,
      activeOffers: start.activeOffers! - 1, // the limit-1 code is used up
      trainerRedemptions: start.trainerRedemptions + 2,
      trainerVolume: start.trainerVolume + 15_000,
      rowRedemptions: start.rowRedemptions + 2,
      rowVolume: start.rowVolume + 15_000,
    });
    const saleDiscount = redeemed.trainerDiscount - start.trainerDiscount;
    expect(saleDiscount).toBeGreaterThan(0);

    for (const id of [plain, inBatch, sale]) await cancel(id);
    const check = (after: typeof start) => {
      expect(after).toMatchObject({
        total: start.total + 1,
        today: start.today + 1,
        companyTotal: start.companyTotal + 1,
        companyToday: start.companyToday + 1,
        batch: start.batch,
        activeOffers: start.activeOffers, // open again
        trainerRedemptions: start.trainerRedemptions + 1,
        trainerVolume: start.trainerVolume + 5_000,
        rowRedemptions: start.rowRedemptions + 1,
        rowVolume: start.rowVolume + 5_000,
        listed: start.listed + 3, // the two cancelled P redemptions are listed, with a badge
        listTotal: start.listTotal + 3,
      });
      expect(after.trainerDiscount - start.trainerDiscount).toBeLessThan(saleDiscount);
    };
    check(await figures()); // at once, with the -1s still queued
    await foldAll();
    check(await figures()); // and folded

    const list = await s.call(RPC.vouchers.companyRedemptions, { limit: 100 }, { actor: companyActor(P) });
    expect(list.items.find((r: { id: string }) => r.id === plain)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'Administrator',
      cancelReason: 'Member tapped by mistake',
      cancellable: false,
      channel: 'till',
      partnerId: P,
    });
    const trainerPage = await s.call(RPC.vouchers.trainerAnalytics, {
      startDate: day,
      endDate: day,
      trainerId: trainer.id,
    });
    const trainerRow = trainerPage.trainers[0]!;
    expect(trainerRow.redemptions.map((r: { id: string }) => r.id)).not.toContain(sale);
  });
});

/** Every tally table, summed by key, rows of zero left out (a tally row of 0 counts as none). */
async function tallies() {
  const q = async (sql: string) => (await s.sql.query(sql)).rows;
  return {
    code: await q(
      `select scope_id, sum(codes)::int n from vouchers.code_tallies group by 1 having sum(codes) <> 0 order by 1`,
    ),
    day: await q(
      `select scope_id, day::text, sum(redemptions)::int n from vouchers.redemption_tallies group by 1, 2
        having sum(redemptions) <> 0 order by 1, 2`,
    ),
    location: await q(
      `select partner_id, clinic_name, sum(redemptions)::int n from vouchers.location_tallies group by 1, 2
        having sum(redemptions) <> 0 order by 1, 2`,
    ),
    batch: await q(
      `select batch_id, sum(redeemed)::int n from vouchers.batch_tallies group by 1 having sum(redeemed) <> 0 order by 1`,
    ),
    trainer: await q(
      `select qr_code_id, day::text, redemptions::int, sales::int, transaction_amount::int, discount_given::int
         from vouchers.trainer_day_tallies
        where redemptions <> 0 or sales <> 0 or transaction_amount <> 0 or discount_given <> 0 order by 1, 2`,
    ),
    offers: await q(
      `select partner_id, expiration_day::text, start_day::text, sum(codes)::int c, sum(open)::int o
         from vouchers.partner_offer_tallies group by 1, 2, 3 having sum(codes) <> 0 or sum(open) <> 0 order by 1, 2, 3`,
    ),
    codeDays: await q(
      `select day::text, codes::int from vouchers.code_day_tallies where codes <> 0 order by 1`,
    ),
    codeSearch: await q(
      `select search_text, codes::int from vouchers.code_search_tallies where codes <> 0 order by 1`,
    ),
  };
}

describe('racing redeems and cancels at the limit, over two instances', () => {
  it('40 mixed operations never push usage above the limit or below zero; versions increase; a rebuild changes nothing', async () => {
    const LIMIT = 5;
    const code = await generate({ usageLimit: String(LIMIT) });
    const trainer = await s.call(RPC.vouchers.generateTrainer, {
      trainerName: 'Race Trainer',
      partnerName: 'Peak Physio',
      couponTitle: 'Athlete Perk',
      usageLimit: String(LIMIT),
    });
    for (const id of [code.id, trainer.id]) await assign(s.sql, id, P);
    const made: Record<string, string[]> = { [code.id]: [], [trainer.id]: [] };
    for (const id of [code.id, trainer.id])
      for (let i = 0; i < LIMIT; i++) made[id]!.push((await redeem(id, 1000 + i)).redemptionId);

    const ops: (() => Promise<unknown>)[] = [];
    for (const id of [code.id, trainer.id]) {
      // Each code: every redemption cancelled twice (one wins, one 409) and 10 redeems.
      for (const r of made[id]!)
        ops.push(
          () => cancel(r),
          () => cancel(r),
        );
      for (let i = 0; i < 10; i++) ops.push(() => redeem(id, 2000 + i));
    }
    expect(ops).toHaveLength(40);
    const outcomes = await Promise.allSettled(ops.map((op) => op()));
    for (const o of outcomes) {
      if (o.status === 'rejected')
        expect((o.reason as { code?: string }).code, String(o.reason)).toBe('CONFLICT');
    }
    for (const id of [code.id, trainer.id]) {
      const counted = (
        await s.sql.query(
          `select q.usage_count, (select count(*)::int from vouchers.redemptions r where r.qr_code_id = q.id and r.status = 'completed') completed,
                  (select count(*)::int from vouchers.redemptions r where r.qr_code_id = q.id and r.status = 'cancelled') cancelled
             from vouchers.qr_codes q where q.id = $1`,
          [id],
        )
      ).rows[0];
      expect(counted.usage_count).toBe(counted.completed);
      expect(counted.usage_count).toBe(await signedSum(id));
      expect((await reversals(id)).length).toBe(counted.cancelled); // one reversal per cancel that won
      expect(counted.usage_count).toBeLessThanOrEqual(LIMIT);
      expect(counted.usage_count).toBeGreaterThanOrEqual(0);
      expect(counted.cancelled).toBe(LIMIT); // each cancelled exactly once
      // The code's events, in outbox order, carry strictly increasing versions.
      const versions = (await outbox(id)).map((e) => e.payload.version as number);
      expect(versions.length).toBeGreaterThan(LIMIT * 2);
      expect(
        versions.every((v, i) => i === 0 || v > versions[i - 1]!),
        versions.join(','),
      ).toBe(true);
    }

    // An assignment change after it all, then npm run stats:rebuild's SQL: no tally changes.
    await s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [] });
    await foldAll();
    const before = await tallies();
    await rebuildTallies(s.sql, TZ);
    expect(await tallies()).toEqual(before);
  });
});

describe('reversals are rows (decision 231)', () => {
  it("usage_count is the signed sum of a code's rows; a count that would go below zero fails loudly, changing nothing", async () => {
    const code = await generate();
    const first = await redeemAt(code.id, null);
    const second = await redeemAt(code.id, null);
    await cancel(first);
    expect(await usage(code.id)).toBe(1);
    expect(await signedSum(code.id)).toBe(1);
    expect((await mismatches()).map((m) => m.id)).not.toContain(code.id);

    // A count changed behind the service's back: the rebuild's check names the code with both figures,
    await s.sql.query('update vouchers.qr_codes set usage_count = 0 where id = $1', [code.id]);
    expect(await mismatches()).toContainEqual({ id: code.id, usageCount: 0, signedSum: 1 });
    // and a cancel is refused rather than clamped: no reversal, the redemption stays completed.
    await expect(cancel(second)).rejects.toThrow();
    expect(await row(second)).toMatchObject({ status: 'completed', cancelled_at: null });
    expect(await reversals(code.id)).toHaveLength(1);
    expect(await usage(code.id)).toBe(0);
    await s.sql.query('update vouchers.qr_codes set usage_count = 1 where id = $1', [code.id]);
    expect((await mismatches()).map((m) => m.id)).not.toContain(code.id);
  });
});

describe('an Idempotency-Key on a cancel (it gives a use back)', () => {
  it('a retry answers the first answer, not 409, and gives back one use; concurrent twins cancel once; another request with the key is 409', async () => {
    const code = await generate();
    const first = await redeemAt(code.id, null);
    const second = await redeemAt(code.id, null);
    expect(await usage(code.id)).toBe(2);
    const key = randomUUID();
    // Five concurrent twins (a double tap, a lost answer): one cancel, the same answer to each.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cancel(first, SUPER_ADMIN, 'Twice tapped', key)),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({
      message: 'Redemption cancelled',
      redemption: { id: first, status: 'cancelled' },
    });
    expect(await usage(code.id)).toBe(1);
    expect(await reversals(code.id)).toHaveLength(1);
    // A retry later: the first answer again, nothing given back twice.
    expect(await cancel(first, SUPER_ADMIN, 'Twice tapped', key)).toEqual(answers[0]);
    // Without the key, the cancelled redemption is 409 as before.
    expect(await refusal(cancel(first))).toMatchObject({ code: 'CONFLICT' });
    // The same key for another request (another redemption) is refused, and cancels nothing.
    expect(await refusal(cancel(second, SUPER_ADMIN, 'Twice tapped', key))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await row(second)).toMatchObject({ status: 'completed' });
    expect(await usage(code.id)).toBe(1);
    expect(await signedSum(code.id)).toBe(1);
  });
});
