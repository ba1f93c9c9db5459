import { afterCursorSql, nextCursor } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreditRow } from './credit.mapper';

/** A page of a member's linked credits, as one statement reads them (decision 336). */
export interface MemberCreditRows {
  rows: CreditRow[];
  /** The next page's cursor; null: this page is the last. */
  nextCursor: string | null;
  total: number;
  /** The remaining balance of the credits not past their end date, in cents; null without any credit. */
  balance: number | null;
}

/** athlete_credits.member_id (credits migration 0010): the link of a credit to its member. */
@Injectable()
export class MemberCreditsRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    if (tx) return tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
    return this.em.fork().getConnection().execute(sql, params, 'all');
  }

  /**
   * Holds the member's links until the caller's transaction ends: a credit linked to a member and that
   * member's erased or merged event are applied one after the other, never across each other.
   */
  async lockMember(tx: EntityManager, memberId: string): Promise<void> {
    await this.run(
      'select pg_advisory_xact_lock(hashtextextended(?, 0))',
      [`credits.member:${memberId}`],
      tx,
    );
  }

  /**
   * The member's credits that are not deactivated: a page of `limit`, newest first, after `cursor` (a
   * keyset page along athlete_credits_member_index: a deep page costs what the first costs), how many
   * there are, and the remaining balance of those not past `today` (their business day). The count and
   * the balance read the member's own credits only (a member holds a few; no list polls this).
   */
  async memberCredits(
    memberId: string,
    today: string,
    page: { limit: number; cursor?: string },
  ): Promise<MemberCreditRows> {
    const after = afterCursorSql(page.cursor, 'c.created_at', 'c.id');
    const rows = await this.run<{
      rows: (CreditRow & { cursor_at: string })[];
      total: number;
      balance: string | null;
    }>(
      `with linked as (
         select c.* from athlete_credits c where c.member_id = ? and c.is_active
       ), newest as (
         select c.*, c.created_at::text as cursor_at from athlete_credits c
          where c.member_id = ? and c.is_active${after ? ` and ${after.sql}` : ''}
          order by c.created_at desc, c.id desc limit ?
       )
       select coalesce((select jsonb_agg(to_jsonb(n) order by n.created_at desc, n.id desc) from newest n), '[]'::jsonb) as rows,
              (select count(*)::int from linked) as total,
              (select case when count(*) = 0 then null
                      else coalesce(sum(current_balance) filter (where end_date >= ?::date), 0)::bigint end
                 from linked) as balance`,
      [memberId, memberId, ...(after?.params ?? []), page.limit, today],
    );
    const row = rows[0];
    const found = row?.rows ?? [];
    return {
      rows: found,
      nextCursor: nextCursor(found, page.limit),
      total: row?.total ?? 0,
      balance: row?.balance == null ? null : Number(row.balance),
    };
  }

  /** The member was erased: their credits keep their ledger and amounts and lose the link. How many. */
  async forgetMember(tx: EntityManager, memberId: string, at: string): Promise<number> {
    const rows = await this.run<{ id: string }>(
      `update athlete_credits set member_id = null, updated_at = ?::timestamptz where member_id = ? returning id`,
      [at, memberId],
      tx,
    );
    return rows.length;
  }

  /** A duplicate was merged into `toMemberId`: its credits follow. How many. */
  async moveMember(tx: EntityManager, fromMemberId: string, toMemberId: string, at: string): Promise<number> {
    const rows = await this.run<{ id: string }>(
      `update athlete_credits set member_id = ?, updated_at = ?::timestamptz where member_id = ? returning id`,
      [toMemberId, at, fromMemberId],
      tx,
    );
    return rows.length;
  }
}
