import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PLATFORM_SCOPE } from './tallies-sql.repository';

/** One folded pending_tallies row. */
interface PendingRow {
  day: string;
  partner_ids: string[];
  clinic_name: string;
  batch_id: string | null;
  /** +1 a redeem, -1 a cancel. */
  delta: number;
  /** The redemption's code (null: a row queued before issue 25, which the trainer trigger tallied). */
  qr_code_id: string | null;
  transaction_amount: number | null;
  discount_applied: number | null;
}

/**
 * The queue of the redeems' and cancels' tallies (pending_tallies, each row a signed delta), folded
 * into the tallies by TallyFolder; TalliesRepository's reads add what is still queued.
 */
@Injectable()
export class PendingTalliesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Moves up to `limit` pending_tallies rows (oldest first; rows another fold holds are skipped) into
   * the tallies, in one transaction; resolves to how many it moved. TallyFolder calls it every moment.
   */
  async fold(limit: number): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const rows: PendingRow[] = await tx.execute(
        `delete from pending_tallies where id in
           (select id from pending_tallies order by id limit ? for update skip locked)
         returning to_char(day, 'YYYY-MM-DD') as day, partner_ids, clinic_name, batch_id, delta, qr_code_id,
                   transaction_amount, discount_applied`,
        [limit],
      );
      if (!rows.length) return 0;
      const days = new Map<string, { s: string; d: string; n: number }>();
      const places = new Map<string, { s: string; c: string; n: number }>();
      const batches = new Map<string, { b: string; n: number }>();
      const trainerDays = new Map<
        string,
        { q: string; d: string; n: number; s: number; a: number; g: number }
      >();
      for (const row of rows) {
        const delta = Number(row.delta);
        for (const scope of [PLATFORM_SCOPE, ...row.partner_ids]) {
          const day = days.get(`${scope} ${row.day}`) ?? { s: scope, d: row.day, n: 0 };
          days.set(`${scope} ${row.day}`, { ...day, n: day.n + delta });
          const key = JSON.stringify([scope, row.clinic_name]);
          const place = places.get(key) ?? { s: scope, c: row.clinic_name, n: 0 };
          places.set(key, { ...place, n: place.n + delta });
        }
        if (row.batch_id)
          batches.set(row.batch_id, { b: row.batch_id, n: (batches.get(row.batch_id)?.n ?? 0) + delta });
        if (row.qr_code_id) {
          const key = `${row.qr_code_id} ${row.day}`;
          const t = trainerDays.get(key) ?? { q: row.qr_code_id, d: row.day, n: 0, s: 0, a: 0, g: 0 };
          trainerDays.set(key, {
            ...t,
            n: t.n + delta,
            s: t.s + (row.transaction_amount === null ? 0 : delta),
            a: t.a + delta * Number(row.transaction_amount ?? 0),
            g: t.g + delta * Number(row.discount_applied ?? 0),
          });
        }
      }
      await tx.execute(
        `insert into redemption_tallies (scope_id, day, shard, redemptions)
         select x.s, x.d, 0, x.n from json_to_recordset(?::json) as x(s uuid, d date, n bigint)
          where x.n <> 0 order by x.s, x.d
         on conflict (scope_id, day, shard) do update set redemptions = redemption_tallies.redemptions + excluded.redemptions`,
        [JSON.stringify([...days.values()])],
      );
      await tx.execute(
        `insert into location_tallies (partner_id, clinic_name, shard, redemptions)
         select x.s, x.c, 0, x.n from json_to_recordset(?::json) as x(s uuid, c text, n bigint)
          where x.n <> 0 order by x.s, x.c
         on conflict (partner_id, clinic_name, shard) do update set redemptions = location_tallies.redemptions + excluded.redemptions`,
        [JSON.stringify([...places.values()])],
      );
      if (batches.size) {
        await tx.execute(
          `insert into batch_tallies (batch_id, shard, redeemed)
           select x.b, 0, x.n from json_to_recordset(?::json) as x(b uuid, n bigint)
            where x.n <> 0 and exists (select 1 from batches where id = x.b) order by x.b
           on conflict (batch_id, shard) do update set redeemed = batch_tallies.redeemed + excluded.redeemed`,
          [JSON.stringify([...batches.values()])],
        );
      }
      if (trainerDays.size) {
        // Trainer codes only (trainer_rules); a code deleted meanwhile has no row to count for.
        await tx.execute(
          `insert into trainer_day_tallies as t (qr_code_id, day, redemptions, sales, transaction_amount, discount_given)
           select x.q, x.d, x.n, x.s, x.a, x.g
             from json_to_recordset(?::json) as x(q uuid, d date, n bigint, s bigint, a bigint, g bigint)
            where (x.n <> 0 or x.s <> 0 or x.a <> 0 or x.g <> 0)
              and exists (select 1 from trainer_rules r where r.qr_code_id = x.q)
            order by x.q, x.d
           on conflict (qr_code_id, day) do update
              set redemptions = t.redemptions + excluded.redemptions, sales = t.sales + excluded.sales,
                  transaction_amount = t.transaction_amount + excluded.transaction_amount,
                  discount_given = t.discount_given + excluded.discount_given`,
          [JSON.stringify([...trainerDays.values()])],
        );
      }
      return rows.length;
    });
  }
}
