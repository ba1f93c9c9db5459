import { RPC } from '@avpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoucherServices, type VoucherServices } from './support/services';
import { foldTallies } from './support/fixtures';

// The business time zone is the service's setting, not baked into the schema by a migration: the
// service computes each redemption's business day and TallyFolder folds it into trainer_day_tallies
// (issue 25; issue 23 had the database read it from business_settings), so a changed
// BUSINESS_TIMEZONE takes effect on restart, with no migration.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices(); // BUSINESS_TIMEZONE=America/Los_Angeles
});
afterAll(async () => s?.close());

// 12:00 on Nov 23 in Los Angeles, 05:00 on Nov 24 in Tokyo.
const AT = new Date('2026-11-23T20:00:00Z');

let ipSeq = 0;
const redeem = (id: string, transactionAmount: number) =>
  s.call(
    RPC.vouchers.redeem,
    { id, transactionAmount },
    { actor: null, ip: `10.8.0.${++ipSeq}`, userAgent: 'Mozilla/5.0 (iPhone)' },
  );

/** The code's trainer_day_tallies rows (after the queue is folded): which business day each redemption was counted on. */
const tallies = async (id: string) => {
  await foldTallies(s);
  return (
    await s.sql.query(
      `select to_char(day, 'YYYY-MM-DD') as day, redemptions::int from vouchers.trainer_day_tallies
        where qr_code_id = $1 order by day`,
      [id],
    )
  ).rows;
};
const migrationsApplied = async () =>
  (await s.sql.query('select count(*)::int as n from vouchers.mikro_orm_migrations')).rows[0].n as number;

/** Restarts the service (one instance) with this BUSINESS_TIMEZONE, on the same database. */
async function restartWith(timeZone: string): Promise<void> {
  for (const app of [...s.vouchers]) await s.stopVouchers(app);
  await s.startVouchers({ BUSINESS_TIMEZONE: timeZone });
}

describe('BUSINESS_TIMEZONE is a setting, not part of the schema', () => {
  it('a trainer redemption is tallied on the business day of the zone configured now, after a restart without a migration', async () => {
    s.clock.set(AT);
    try {
      const { id } = await s.call(RPC.vouchers.generateTrainer, {
        trainerName: 'Zone Traveller',
        partnerName: 'Peak Physio',
        couponTitle: 'Athlete Perk',
        usageLimit: '100',
      });
      await redeem(id, 1000);
      expect(await tallies(id)).toEqual([{ day: '2026-11-23', redemptions: 1 }]);
      const migrations = await migrationsApplied();

      await restartWith('Asia/Tokyo');
      expect(await migrationsApplied()).toBe(migrations); // no migration ran
      await redeem(id, 2000);
      // The same instant is Nov 24 in Tokyo; the redemption tallied before keeps its day.
      expect(await tallies(id)).toEqual([
        { day: '2026-11-23', redemptions: 1 },
        { day: '2026-11-24', redemptions: 1 },
      ]);
      const tokyo = await s.call(RPC.vouchers.trainerAnalytics, {
        startDate: '2026-11-24',
        endDate: '2026-11-24',
        trainerId: id,
      });
      expect(tokyo.daily).toEqual([
        { day: '2026-11-24', redemptions: 1, transactionAmount: 2000, discountGiven: expect.any(Number) },
      ]);

      await restartWith('America/Los_Angeles');
      expect(await migrationsApplied()).toBe(migrations);
      await redeem(id, 3000);
      expect(await tallies(id)).toEqual([
        { day: '2026-11-23', redemptions: 2 },
        { day: '2026-11-24', redemptions: 1 },
      ]);
    } finally {
      s.clock.set(null);
    }
  });
});
