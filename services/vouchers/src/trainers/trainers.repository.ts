import {
  afterCursorSql,
  allOf,
  keysetOrder,
  nextCursor,
  type KeysetList,
  type SqlClause,
} from '@avpass/platform';
import type { Actor, TrainerConfig, TrainerRules, TrainerSort, TrainerStatusFilter } from '@avpass/contracts';
import { minutesOfDay } from '@avpass/domain';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  TrainerRulesRow,
  TillTerms,
  TrainerListFilter,
  TrainerCodeRow,
  AnalyticsSelection,
  DayFigures,
  TrainerFiguresRow,
  ExportRow,
} from './trainer-rows';

export type {
  TrainerRulesRow,
  TillTerms,
  TrainerListFilter,
  TrainerCodeRow,
  AnalyticsSelection,
  DayFigures,
  TrainerFiguresRow,
  ExportRow,
} from './trainer-rows';
import { codeStatusSql, assignedToSql, codeSearchSql, visibleCodesSql, QrCode } from '../codes';

const toNumber = (v: unknown) => Number(v ?? 0);

/**
 * The trainer codes' redeems (+1) and cancels (-1) still queued in pending_tallies, as
 * trainer_day_tallies rows (TallyFolder folds them moments later), for the business days [$a, $b] (two
 * parameters): what every analytics figure adds, so it is exact at once. The queue is a few hundred
 * rows at most.
 */
const PENDING_TRAINER_DAYS = `select p.qr_code_id, p.day, p.delta as redemptions,
         p.delta * coalesce(p.transaction_amount, 0) as transaction_amount,
         p.delta * coalesce(p.discount_applied, 0) as discount_given,
         p.delta * (p.transaction_amount is not null)::int as sales
    from pending_tallies p join trainer_rules t on t.qr_code_id = p.qr_code_id
   where p.day between ?::date and ?::date`;

/**
 * The trainer_rules and trainer_configs tables, and the trainer codes' lists and analytics: sums over
 * trainer_day_tallies (one row per code and business day, folded from the redeems' and cancels'
 * signed pending_tallies rows by TallyFolder) plus the rows still queued, the newest completed
 * redemptions by index, never rows loaded to be summed here. A cancelled redemption counts nowhere:
 * not in the figures, the 5 newest, the last redemption or the CSV export.
 */
@Injectable()
export class TrainersRepository {
  constructor(private readonly em: EntityManager) {}

  async insertRules(tx: EntityManager, rows: TrainerRulesRow[]): Promise<void> {
    if (!rows.length) return;
    const values = rows.map(() => '(?, ?, ?, ?, ?, ?, ?::jsonb)').join(', ');
    const params = rows.flatMap((r) => {
      const window = r.rules.validHours;
      return [
        r.qrCodeId,
        r.couponTitle,
        r.rules.minPurchase,
        r.rules.maxDiscount,
        window ? minutesOfDay(window.start) : null,
        window ? minutesOfDay(window.end) : null,
        JSON.stringify(r.rules),
      ];
    });
    await tx.execute(
      `insert into trainer_rules (qr_code_id, coupon_title, min_purchase, max_discount, valid_hours_start,
         valid_hours_end, rules) values ${values}`,
      params,
    );
  }

  /** The code's discount and, for a trainer code, its rules; null when there is no such code. */
  async tillTerms(codeId: string): Promise<TillTerms | null> {
    const rows: TillTerms[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select q.discount_type as "discountType", q.discount_value as "discountValue",
              t.min_purchase as "minPurchase", t.max_discount as "maxDiscount",
              t.valid_hours_start as "validHoursStart", t.valid_hours_end as "validHoursEnd"
         from qr_codes q left join trainer_rules t on t.qr_code_id = q.id where q.id = ?`,
        [codeId],
        'all',
      );
    return rows[0] ?? null;
  }

  /**
   * Trainer codes the actor may see, one page by keyset: newest first (qr_codes_trainer_created_at_id_index)
   * unless the table sorts by another column (the trainer's name or expiry, along vouchers migration
   * 20261210's indexes; usage along code_usage's, 20261213), the id breaking ties; narrowed by the
   * chip's status and a partner (made for it or assigned to it).
   */
  async page(
    actor: Actor,
    window: { limit: number; offset: number; search?: string | undefined; cursor?: string | undefined },
    list: TrainerListFilter = {},
  ): Promise<{ rows: TrainerCodeRow[]; nextCursor: string | null; total: number }> {
    const filter = allOf(
      trainerCodesSql(actor),
      codeSearchSql(window.search),
      list.status ? trainerStatusSql(list.status, list.today ?? '') : null,
      list.partnerId ? partnerSql(list.partnerId) : null,
    );
    // The usage sort reads along code_usage's trainer index (vouchers migration 20261213).
    const usage = list.sort?.sort === 'usageCount';
    const keyset = keysetOrder(usage ? TRAINER_USAGE_LIST : TRAINER_LIST, {
      ...list.sort,
      cursor: window.cursor,
    });
    const where = allOf(filter, keyset.after);
    type Row = Record<string, unknown> & { cursor_at: string; id: string; sort_value: string | null };
    const rows: Row[] = await this.em.execute(
      `select q.*, ${keyset.keyColumns}, t.coupon_title, t.rules as trainer_rules
         from ${usage ? 'code_usage cu join qr_codes q on q.id = cu.code_id and cu.trainer' : 'qr_codes q'}
         left join trainer_rules t on t.qr_code_id = q.id
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    const [count] = (await this.em.execute(
      `select count(*)::int as n from qr_codes q where ${filter.sql}`,
      filter.params,
    )) as [{ n: number }];
    return {
      rows: rows.map(
        ({ cursor_at: _at, sort_value: _value, partner_ids: _p, coupon_title, trainer_rules, ...row }) => ({
          code: this.em.map(QrCode, row),
          couponTitle: (coupon_title as string | null) ?? null,
          rules: (trainer_rules as TrainerRules | null) ?? null,
        }),
      ),
      nextCursor: keyset.next(rows, window.limit),
      total: count.n,
    };
  }

  /** `tx`: read inside the save's transaction (its entry's before). */
  async findConfig(
    userId: string,
    tx?: EntityManager,
  ): Promise<{ config: TrainerConfig; updatedAt: Date } | null> {
    const rows: { config: TrainerConfig; updated_at: Date }[] = await (tx ?? this.em).execute(
      'select config, updated_at from trainer_configs where user_id = ?',
      [userId],
    );
    const row = rows[0];
    return row ? { config: row.config, updatedAt: new Date(row.updated_at) } : null;
  }

  async saveConfig(userId: string, config: TrainerConfig, at: Date, tx?: EntityManager): Promise<void> {
    await (tx ?? this.em).execute(
      `insert into trainer_configs (user_id, config, updated_at) values (?, ?::jsonb, ?)
       on conflict (user_id) do update set config = excluded.config, updated_at = excluded.updated_at`,
      [userId, JSON.stringify(config), at.toISOString()],
    );
  }

  /** How many trainer codes the selection covers. */
  async countTrainers(sel: AnalyticsSelection): Promise<number> {
    const codes = selectionSql(sel);
    const [row] = (await this.em.execute(
      `select count(*)::int as n from qr_codes q where ${codes.sql}`,
      codes.params,
    )) as [{ n: number }];
    return row.n;
  }

  /**
   * Redemptions, sales and discounts per business day of the range (days without any are absent). Only
   * trainer codes have tally rows, so the administrator's unfiltered figures need no join to the codes.
   */
  async dailyFigures(sel: AnalyticsSelection): Promise<DayFigures[]> {
    const everything = sel.actor.role === 'super_admin' && !sel.trainerId;
    const codes = selectionSql(sel);
    const rows: { day: string; n: string; amount: string; discount: string }[] = await this.em.execute(
      `select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.redemptions)::bigint as n,
              sum(d.transaction_amount)::bigint as amount, sum(d.discount_given)::bigint as discount
         from (select qr_code_id, day, redemptions, transaction_amount, discount_given, sales from trainer_day_tallies
                where day between ?::date and ?::date
               union all ${PENDING_TRAINER_DAYS}) d
         ${everything ? '' : `join qr_codes q on q.id = d.qr_code_id and ${codes.sql}`}
        group by d.day order by d.day`,
      [sel.startDate, sel.endDate, sel.startDate, sel.endDate, ...(everything ? [] : codes.params)],
    );
    return rows.map((r) => ({
      day: r.day,
      redemptions: toNumber(r.n),
      transactionAmount: toNumber(r.amount),
      discountGiven: toNumber(r.discount),
    }));
  }

  /** One page of trainer codes (newest first) with their figures in the range and their 5 newest redemptions. */
  async trainerFigures(
    sel: AnalyticsSelection,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ rows: TrainerFiguresRow[]; nextCursor: string | null }> {
    const where = allOf(selectionSql(sel), afterCursorSql(cursor, 'q.created_at', 'q.id'));
    const range = [sel.from.toISOString(), sel.to.toISOString()];
    const rows: (Record<string, unknown> & {
      cursor_at: string;
      id: string;
      f_n: number;
      f_amount: string;
      f_discount: string;
      f_sales: number;
      f_last: Date | null;
      f_first: TrainerFiguresRow['firstRedemptions'];
    })[] = await this.em.execute(
      `with pending as (${PENDING_TRAINER_DAYS})
       select q.*, q.created_at::text as cursor_at, a.n as f_n, a.amount as f_amount, a.discount as f_discount,
              a.sales as f_sales, l.last as f_last, l.first as f_first
         from qr_codes q
        cross join lateral (
          select coalesce(sum(d.redemptions), 0)::int as n, coalesce(sum(d.transaction_amount), 0)::bigint as amount,
                 coalesce(sum(d.discount_given), 0)::bigint as discount,
                 coalesce(sum(d.sales), 0)::int as sales
            from (select redemptions, transaction_amount, discount_given, sales from trainer_day_tallies d
                   where d.qr_code_id = q.id and d.day between ?::date and ?::date
                  union all
                  select p.redemptions, p.transaction_amount, p.discount_given, p.sales from pending p
                   where p.qr_code_id = q.id) d) a
        cross join lateral (
          select coalesce(json_agg(x order by x.redeemed_at desc, x.id desc), '[]'::json) as first,
                 max(x.redeemed_at) as last from (
            select r.id, r.redeemed_at, r.redeemed_by, r.device_info, r.transaction_amount, r.discount_applied
              from redemptions r
             where r.qr_code_id = q.id and r.redeemed_at >= ? and r.redeemed_at < ? and r.status = 'completed'
             order by r.redeemed_at desc, r.id desc limit 5) x) l
        where ${where.sql}
        order by q.created_at desc, q.id desc limit ?`,
      [sel.startDate, sel.endDate, sel.startDate, sel.endDate, ...range, ...where.params, limit],
    );
    return {
      rows: rows.map(
        ({
          cursor_at: _at,
          partner_ids: _p,
          f_n,
          f_amount,
          f_discount,
          f_sales,
          f_last,
          f_first,
          ...row
        }) => ({
          code: this.em.map(QrCode, row),
          redemptions: f_n,
          transactionAmount: toNumber(f_amount),
          discountGiven: toNumber(f_discount),
          sales: f_sales,
          lastRedemption: f_last ? new Date(f_last) : null,
          firstRedemptions: f_first,
        }),
      ),
      nextCursor: nextCursor(rows, limit),
    };
  }

  /** Every redemption of the selection in the range, oldest first, one page by keyset. */
  async exportPage(
    sel: AnalyticsSelection,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ rows: ExportRow[]; nextCursor: string | null }> {
    const where = allOf(selectionSql(sel), afterCursorSql(cursor, 'r.redeemed_at', 'r.id', 'asc'));
    const rows: ExportRow[] = await this.em.execute(
      `select r.id, r.id as redemption_id, r.redeemed_at, r.redeemed_at::text as cursor_at, r.qr_code_id,
              q.trainer_name, q.trainer_role, q.clinic_name, q.discount_value, r.transaction_amount,
              r.discount_applied, r.redeemed_by, r.device_info
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where r.redeemed_at >= ? and r.redeemed_at < ? and r.status = 'completed' and ${where.sql}
        order by r.redeemed_at asc, r.id asc limit ?`,
      [sel.from.toISOString(), sel.to.toISOString(), ...where.params, limit],
    );
    return { rows, nextCursor: nextCursor(rows, limit) };
  }
}

/** Trainer codes the actor may see (the administrator all, a company those assigned to it). */
function trainerCodesSql(actor: Actor): SqlClause {
  return allOf({ sql: `q.qr_type = 'trainer'`, params: [] }, visibleCodesSql(actor));
}

/**
 * The trainer table's sorts (decision 191): creation time either way with the plain cursor, or the
 * expression each reads along (name and expiry: vouchers migration 20261210's partial indexes; usage:
 * code_usage's partial index on trainer codes, migration 20261213, a copy of usage_count, which no
 * index of qr_codes holds, decision 124).
 */
const TRAINER_LIST: KeysetList<TrainerSort> = {
  id: 'q.id',
  sorts: {
    createdAt: { expression: 'q.created_at', type: 'timestamptz' },
    name: { expression: "lower(coalesce(q.trainer_name, ''))", type: 'text' },
    expiresAt: { expression: "coalesce(q.expiration_date, 'infinity'::date)", type: 'date' },
    usageCount: { expression: 'cu.usage_count', type: 'int' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'q.created_at', orders: 'either-way' },
};

/** The usage sort, read from code_usage joined to its code: code_usage's id breaks the ties its index orders by. */
const TRAINER_USAGE_LIST: KeysetList<TrainerSort> = { ...TRAINER_LIST, id: 'cu.code_id' };

/** The chip's status (spec section 2): Expired is the code's expired status, Active every other one. */
function trainerStatusSql(status: TrainerStatusFilter, today: string): SqlClause {
  const expired = codeStatusSql('expired', today);
  return status === 'expired' ? expired : { sql: `not (${expired.sql})`, params: expired.params };
}

/** Made for the partner (vendor_id) or assigned to it. */
function partnerSql(partnerId: string): SqlClause {
  const assigned = assignedToSql(partnerId);
  return { sql: `(q.vendor_id = ? or ${assigned.sql})`, params: [partnerId, ...assigned.params] };
}

function selectionSql(sel: AnalyticsSelection): SqlClause {
  return allOf(
    trainerCodesSql(sel.actor),
    sel.trainerId ? { sql: 'q.id = ?', params: [sel.trainerId] } : null,
  );
}
