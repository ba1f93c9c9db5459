import { RPC, TRAINER_NAME_MESSAGE, TRAINER_NAMES_MESSAGE } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_TRAINER_TALLIES_SQL } from '../src/tallies/trainer-tallies-sql.repository';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';
import { foldTallies } from './support/fixtures';

let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true });
});
afterAll(async () => s?.close());

const body = (extra: Record<string, unknown> = {}) => ({
  trainerName: 'Jordan Reyes',
  partnerName: 'Peak Physio',
  couponTitle: 'Athlete Perk',
  ...extra,
});
const generate = (extra: Record<string, unknown> = {}) => s.call(RPC.vouchers.generateTrainer, body(extra));

let ipSeq = 0;
const redeem = (id: string, transactionAmount?: number) =>
  s.call(
    RPC.vouchers.redeem,
    { id, ...(transactionAmount !== undefined ? { transactionAmount } : {}) },
    {
      actor: null,
      ip: `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
      userAgent: 'Mozilla/5.0 (iPhone)',
    },
  );

describe('creating trainer codes', () => {
  it('stores a trainer code with its typed rules, the defaults of §9 and an expiry validDays ahead', async () => {
    s.clock.set(new Date('2026-11-23T20:00:00Z')); // 12:00 in Los Angeles
    const answer = await generate({
      trainerRole: 'athlete',
      minPurchase: 2500,
      maxDiscount: 1000,
      validDays: 30,
      validHours: { start: '09:00', end: '17:00' },
      stackable: true,
      referralBonus: 5,
      performanceBonus: 7.5,
      bonusThreshold: 10,
      campaignName: 'Winter',
    });
    s.clock.set(null);
    expect(answer.count).toBe(1);
    const code = answer.qrCodes[0]!;
    expect(answer.id).toBe(code.id);
    expect(code).toMatchObject({
      qrType: 'trainer',
      trainerName: 'Jordan Reyes',
      trainerRole: 'athlete',
      clinicName: 'Peak Physio',
      customTitle: 'Athlete Perk',
      discountType: 'percentage',
      discountValue: 10,
      usageLimit: 999999,
      expirationDate: '2026-12-23',
    });
    const row = (await s.sql.query('select * from vouchers.trainer_rules where qr_code_id = $1', [code.id]))
      .rows[0];
    expect(row).toMatchObject({
      coupon_title: 'Athlete Perk',
      min_purchase: 2500,
      max_discount: 1000,
      valid_hours_start: 540,
      valid_hours_end: 1020,
    });
    expect(row.rules).toMatchObject({
      validDays: 30,
      stackable: true,
      referralBonus: 5,
      performanceBonus: 7.5,
      bonusThreshold: 10,
      campaignName: 'Winter',
      validHours: { start: '09:00', end: '17:00' },
    });
  });

  it('falls back to 365 days when no validity is given', async () => {
    s.clock.set(new Date('2026-11-23T20:00:00Z'));
    const { qrCodes } = await generate({ validDays: '' });
    s.clock.set(null);
    expect(qrCodes[0]!.expirationDate).toBe('2027-11-23');
    expect(qrCodes[0]!.rules?.validDays).toBe(365);
  });

  it.each([
    [{ trainerName: '  ' }, 'trainerName', TRAINER_NAME_MESSAGE],
    [{ trainerName: undefined, trainerNames: ' , \n ' }, 'trainerNames', TRAINER_NAMES_MESSAGE],
    // The partner name is optional on the API (issue 23; the §3 payload has none): only its length is checked.
    [{ partnerName: 'x'.repeat(201) }, 'partnerName', 'Partner name must be at most 200 characters'],
    [{ couponTitle: ' ' }, 'couponTitle', 'Coupon title is required'],
    [{ discountValue: 101 }, 'discountValue', 'Discount percent must be between 0 and 100'],
    [{ discountValue: -1 }, 'discountValue', 'Discount percent must be between 0 and 100'],
    [{ minPurchase: -1 }, 'minPurchase', 'Minimum purchase must not be negative'],
    [{ maxDiscount: -5 }, 'maxDiscount', 'Maximum discount must not be negative'],
    [{ referralBonus: 101 }, 'referralBonus', 'Referral bonus must be between 0 and 100'],
    [{ performanceBonus: -1 }, 'performanceBonus', 'Performance bonus must be between 0 and 100'],
    [{ bonusThreshold: 2.5 }, 'bonusThreshold', 'Bonus threshold must be a whole number, 0 or more'],
    [{ bonusThreshold: -1 }, 'bonusThreshold', 'Bonus threshold must be a whole number, 0 or more'],
    [{ validDays: 731 }, 'validDays', 'Valid for must be between 1 and 730 days'],
    [{ validDays: -3 }, 'validDays', 'Valid for must be between 1 and 730 days'],
    [{ usageLimit: '7' }, 'usageLimit', 'Usage limit must be unlimited, 1, 5, 10, 25, 50 or 100, not 7'],
    [{ trainerRole: 'boss' }, 'trainerRole', 'Role must be trainer, athlete or coach'],
    [{ validHours: { start: '9am', end: '17:00' } }, 'validHours.start', 'Time must be HH:MM (00:00-23:59)'],
  ])('refuses %j with its message', async (extra, field, message) => {
    const error = await refusal(generate(extra));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
  });

  it('accepts the usage-limit choices of §9 and 0 as "no minimum"', async () => {
    const { qrCodes } = await generate({ usageLimit: '25', minPurchase: 0, discountValue: 0 });
    expect(qrCodes[0]).toMatchObject({ usageLimit: 25, discountValue: 0 });
  });

  it('is for the administrator only', async () => {
    expect(
      (await refusal(s.call(RPC.vouchers.generateTrainer, body(), { actor: companyActor(randomUUID()) })))
        .code,
    ).toBe('FORBIDDEN');
    expect((await refusal(s.call(RPC.vouchers.generateTrainer, body(), { actor: null }))).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('makes one code per name in batch mode, each assigned to the chosen partner', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Batch Partner' });
    const answer = await generate({
      trainerName: undefined,
      trainerNames: ' Ann ,Bo\n\n Cy ,',
      partnerId: partner.id,
    });
    expect(answer.qrCodes.map((c) => c.trainerName)).toEqual(['Ann', 'Bo', 'Cy']);
    expect(answer.qrCodes.every((c) => c.partnerCount === 1)).toBe(true);
    const company = companyActor(partner.id);
    const seen = await s.call(RPC.vouchers.listTrainers, {}, { actor: company });
    expect(seen.items.map((c) => c.trainerName).sort()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(seen.total).toBe(3);
    const other = await s.call(RPC.vouchers.listTrainers, {}, { actor: companyActor(randomUUID()) });
    expect(other.items).toEqual([]);
  });

  it('refuses an unknown partner with 404 (issue 24)', async () => {
    const error = await refusal(generate({ partnerId: randomUUID() }));
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Partner not found' });
  });

  it('makes all of a batch or none of it', async () => {
    await s.sql.query(
      `alter table vouchers.qr_codes add constraint test_no_boom check (trainer_name is distinct from 'Boom')`,
    );
    try {
      await expect(
        generate({ trainerName: undefined, trainerNames: 'Allgood, Boom, Cleanup' }),
      ).rejects.toThrow();
    } finally {
      await s.sql.query('alter table vouchers.qr_codes drop constraint test_no_boom');
    }
    const left = await s.sql.query(
      `select count(*)::int as n from vouchers.qr_codes where trainer_name in ('Allgood', 'Cleanup')`,
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe('trainer lists', () => {
  it('lists only trainer codes, newest first, paged by cursor', async () => {
    await s.call(RPC.vouchers.generate, {
      clinic: 'Not A Trainer',
      discountType: 'percentage',
      discountValue: 25,
      service: 'x',
      expirationDate: '2099-12-31',
    });
    const first = await s.call(RPC.vouchers.listTrainers, { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.items.every((c) => c.qrType === 'trainer')).toBe(true);
    const second = await s.call(RPC.vouchers.listTrainers, { limit: 2, cursor: first.nextCursor! });
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    expect(new Date(second.items[0]!.createdAt) <= new Date(first.items[1]!.createdAt)).toBe(true);
    const count = await s.sql.query(
      `select count(*)::int as n from vouchers.qr_codes where qr_type = 'trainer'`,
    );
    expect(first.total).toBe(count.rows[0].n);
  });

  it('needs a signed-in user', async () => {
    expect((await refusal(s.call(RPC.vouchers.listTrainers, {}, { actor: null }))).code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('saved configuration', () => {
  it('is kept per administrator on the server', async () => {
    const admin = { ...SUPER_ADMIN, userId: randomUUID() };
    expect(await s.call(RPC.vouchers.getTrainerConfig, {}, { actor: admin })).toEqual({
      config: null,
      updatedAt: null,
    });
    const config = {
      partnerName: 'Peak Physio',
      couponTitle: 'Perk',
      discountValue: 15,
      usageType: '10' as const,
    };
    await s.call(RPC.vouchers.saveTrainerConfig, config, { actor: admin });
    expect((await s.call(RPC.vouchers.getTrainerConfig, {}, { actor: admin })).config).toEqual(config);
    await s.call(RPC.vouchers.saveTrainerConfig, { ...config, discountValue: 20 }, { actor: admin });
    expect((await s.call(RPC.vouchers.getTrainerConfig, {}, { actor: admin })).config?.discountValue).toBe(
      20,
    );
    const another = { ...SUPER_ADMIN, userId: randomUUID() };
    expect((await s.call(RPC.vouchers.getTrainerConfig, {}, { actor: another })).config).toBeNull();
    expect(
      (await refusal(s.call(RPC.vouchers.saveTrainerConfig, { discountValue: 101 }, { actor: admin }))).code,
    ).toBe('VALIDATION_FAILED');
    expect(
      (await refusal(s.call(RPC.vouchers.getTrainerConfig, {}, { actor: companyActor(randomUUID()) }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('the sale at the till', () => {
  it('records the sale and the discount computed from the rules', async () => {
    const { id } = await generate({ discountValue: 10, minPurchase: 2000, maxDiscount: 500 });
    const sale = async (amount?: number) => {
      const { redemptionId } = await redeem(id, amount);
      return (
        await s.sql.query(
          'select transaction_amount, discount_applied from vouchers.redemptions where id = $1',
          [redemptionId],
        )
      ).rows[0];
    };
    expect(await sale(1999)).toEqual({ transaction_amount: 1999, discount_applied: 0 });
    expect(await sale(3000)).toEqual({ transaction_amount: 3000, discount_applied: 300 });
    expect(await sale(9000)).toEqual({ transaction_amount: 9000, discount_applied: 500 });
    expect(await sale()).toEqual({ transaction_amount: null, discount_applied: null });
  });

  it('prices a partner code too (fixed, capped at the sale)', async () => {
    const code = await s.call(RPC.vouchers.generate, {
      clinic: 'Fixed Co',
      discountType: 'fixed',
      discountValue: 15,
      service: 'x',
      expirationDate: '2099-12-31',
      usageLimit: '5',
    });
    const { redemptionId } = await redeem(code.id, 1000);
    const row = (
      await s.sql.query('select discount_applied from vouchers.redemptions where id = $1', [redemptionId])
    ).rows[0];
    expect(row.discount_applied).toBe(1000);
  });

  it.each([
    [-1, 'Sale amount must not be negative'],
    [12.5, 'Sale amount must be whole cents'],
  ])('refuses a sale amount of %s', async (amount, message) => {
    const { id } = await generate();
    const error = await refusal(redeem(id, amount));
    expect(error.errors?.transactionAmount).toContain(message);
  });

  it('answers not found for an unknown code with a sale amount', async () => {
    expect((await refusal(redeem(randomUUID(), 100))).code).toBe('NOT_FOUND');
  });
});

describe('the daily window (validHours) in BUSINESS_TIMEZONE', () => {
  // 2026-12-01 in Los Angeles is UTC-8.
  const at = (time: string) => new Date(`2026-12-01T${time}-08:00`);

  it('redeems from the start of the window up to its end, and explains a refusal outside it', async () => {
    s.clock.set(at('12:00:00'));
    const { id } = await generate({ validHours: { start: '09:00', end: '17:00' }, usageLimit: '10' });
    try {
      s.clock.set(at('08:59:59'));
      const early = await refusal(redeem(id));
      expect(early.code).toBe('CONFLICT');
      expect(early.message).toBe('This voucher can only be redeemed between 09:00 and 17:00.');
      s.clock.set(at('09:00:00'));
      expect((await redeem(id)).voucher.usageCount).toBe(1);
      s.clock.set(at('16:59:59'));
      expect((await redeem(id)).voucher.usageCount).toBe(2);
      s.clock.set(at('17:00:00'));
      expect((await refusal(redeem(id))).message).toBe(
        'This voucher can only be redeemed between 09:00 and 17:00.',
      );
    } finally {
      s.clock.set(null);
    }
  });

  it('runs past midnight when the end is before the start', async () => {
    s.clock.set(at('12:00:00'));
    const { id } = await generate({ validHours: { start: '22:00', end: '02:00' }, usageLimit: '10' });
    try {
      s.clock.set(new Date('2026-12-02T01:59:00-08:00'));
      expect((await redeem(id)).voucher.usageCount).toBe(1);
      s.clock.set(new Date('2026-12-02T02:00:00-08:00'));
      expect((await refusal(redeem(id))).code).toBe('CONFLICT');
      s.clock.set(at('22:00:00'));
      expect((await redeem(id)).voucher.usageCount).toBe(2);
    } finally {
      s.clock.set(null);
    }
  });
});

describe('athlete/partnership analytics', () => {
  it('sums redemptions, sales and discounts by SQL, per trainer and per business day, scoped to the company', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Analytics Partner' });
    s.clock.set(new Date('2026-10-01T19:00:00Z'));
    const a = await generate({ trainerName: 'Analytic A', discountValue: 10, partnerId: partner.id });
    const b = await generate({ trainerName: 'Analytic B', discountValue: 20 });
    // Business days in Los Angeles (UTC-7 in October).
    const sales: [string, string, number | undefined][] = [
      [a.id, '2026-10-05T00:00:00-07:00', 1000], // first instant of Oct 5: discount 100
      [a.id, '2026-10-05T23:59:59-07:00', 2550], // 255
      [a.id, '2026-10-06T10:00:00-07:00', undefined], // no sale
      [b.id, '2026-10-06T12:00:00-07:00', 5000], // 1000
      [b.id, '2026-10-07T00:00:00-07:00', 4000], // Oct 7: outside the range below
      [a.id, '2026-10-04T23:59:59-07:00', 9999], // Oct 4: outside
    ];
    try {
      for (const [id, when, amount] of sales) {
        s.clock.set(new Date(when));
        await redeem(id, amount);
      }
    } finally {
      s.clock.set(null);
    }
    const query = { startDate: '2026-10-05', endDate: '2026-10-06' };
    const both = { ...query, trainerId: undefined };
    const admin = await s.call(RPC.vouchers.trainerAnalytics, both);
    const rowA = admin.trainers.find((t) => t.qrCodeId === a.id)!;
    const rowB = admin.trainers.find((t) => t.qrCodeId === b.id)!;
    expect(rowA).toMatchObject({
      trainerName: 'Analytic A',
      partnerName: 'Peak Physio',
      discountPercent: 10,
      totalRedemptions: 3,
      totalTransactionAmount: 3550,
      totalDiscountGiven: 355,
      averageTransactionAmount: 1775,
      lastRedemption: new Date('2026-10-06T10:00:00-07:00').toISOString(),
    });
    expect(rowA.redemptions.map((r) => r.transactionAmount)).toEqual([null, 2550, 1000]);
    expect(rowB).toMatchObject({
      totalRedemptions: 1,
      totalTransactionAmount: 5000,
      totalDiscountGiven: 1000,
    });
    expect(admin.daily).toEqual([
      { day: '2026-10-05', redemptions: 2, transactionAmount: 3550, discountGiven: 355 },
      { day: '2026-10-06', redemptions: 2, transactionAmount: 5000, discountGiven: 1000 },
    ]);
    expect(admin.summary.totalRedemptions).toBe(4);
    expect(admin.summary.totalTransactionVolume).toBe(8550);
    expect(admin.summary.totalDiscountsGiven).toBe(1355);

    const company = await s.call(RPC.vouchers.trainerAnalytics, query, { actor: companyActor(partner.id) });
    expect(company.trainers.map((t) => t.qrCodeId)).toEqual([a.id]);
    expect(company.summary).toEqual({
      totalTrainers: 1,
      totalRedemptions: 3,
      totalTransactionVolume: 3550,
      totalDiscountsGiven: 355,
      averageDiscountPerTrainer: 355,
    });
    const one = await s.call(RPC.vouchers.trainerAnalytics, { ...query, trainerId: b.id });
    expect(one.summary).toMatchObject({
      totalTrainers: 1,
      totalRedemptions: 1,
      totalTransactionVolume: 5000,
    });
    const stranger = await s.call(RPC.vouchers.trainerAnalytics, query, {
      actor: companyActor(randomUUID()),
    });
    expect(stranger.summary.totalTrainers).toBe(0);
    expect(stranger.trainers).toEqual([]);

    // The export: every redemption in the range, oldest first, page by page.
    const rows = [];
    let cursor: string | undefined;
    do {
      const page = await s.call(RPC.vouchers.trainerExportPage, {
        ...query,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      rows.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const mine = rows.filter((r) => r.qrCodeId === a.id || r.qrCodeId === b.id);
    expect(mine.map((r) => r.transactionAmount)).toEqual([1000, 2550, null, 5000]);
    expect(mine.map((r) => r.discountApplied)).toEqual([100, 255, null, 1000]);
  });

  it('shows only the 5 newest redemptions of a trainer', async () => {
    const { id } = await generate({ trainerName: 'Busy' });
    for (let i = 0; i < 7; i++) await redeem(id, 100 * (i + 1));
    const answer = await s.call(RPC.vouchers.trainerAnalytics, { trainerId: id });
    expect(answer.trainers[0]!.totalRedemptions).toBe(7);
    expect(answer.trainers[0]!.redemptions.map((r) => r.transactionAmount)).toEqual([
      700, 600, 500, 400, 300,
    ]);
  });

  it('refuses a reversed or too long range, and needs a signed-in user', async () => {
    expect(
      (
        await refusal(
          s.call(RPC.vouchers.trainerAnalytics, { startDate: '2026-10-06', endDate: '2026-10-05' }),
        )
      ).errors?.startDate,
    ).toContain('Start date must be on or before the end date');
    expect(
      (
        await refusal(
          s.call(RPC.vouchers.trainerAnalytics, { startDate: '2025-01-01', endDate: '2026-10-05' }),
        )
      ).errors?.endDate,
    ).toContain('The range can cover at most 366 days');
    expect(
      (await refusal(s.call(RPC.vouchers.trainerAnalytics, { startDate: '5 Oct' }))).errors?.startDate,
    ).toContain('Start date must be a date (YYYY-MM-DD)');
    expect((await refusal(s.call(RPC.vouchers.trainerAnalytics, {}, { actor: null }))).code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('the per-day trainer tallies the analytics read', () => {
  it('match the redemption rows after concurrent redeems, and a rebuild gives the same rows', async () => {
    const { id } = await generate({ trainerName: 'Concurrent', discountValue: 15, usageLimit: '100' });
    const amounts = Array.from({ length: 24 }, (_, i) => (i % 4 === 0 ? undefined : 1000 + i * 37));
    await Promise.all(amounts.map((amount) => redeem(id, amount)));
    // The redeems queue their tallies; TallyFolder folds them into trainer_day_tallies (issue 25).
    await foldTallies(s);
    const tallies = async () =>
      (
        await s.sql.query(
          `select to_char(day, 'YYYY-MM-DD') as day, redemptions::int, sales::int, transaction_amount::int,
                  discount_given::int from vouchers.trainer_day_tallies where qr_code_id = $1 order by day`,
          [id],
        )
      ).rows;
    const counted = (
      await s.sql.query(
        `select count(*)::int as redemptions, count(transaction_amount)::int as sales,
                sum(transaction_amount)::int as transaction_amount, sum(discount_applied)::int as discount_given
           from vouchers.redemptions where qr_code_id = $1`,
        [id],
      )
    ).rows[0];
    const kept = await tallies();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject(counted);
    expect(counted.redemptions).toBe(24);

    await s.sql.query('begin');
    await s.sql.query('set local search_path = vouchers');
    for (const sql of REBUILD_TRAINER_TALLIES_SQL) {
      await s.sql.query(sql, sql.includes('$1') ? ['America/Los_Angeles'] : []);
    }
    await s.sql.query('commit');
    expect(await tallies()).toEqual(kept);
  });
});
