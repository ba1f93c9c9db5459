import { pgArray } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The member_day_uses counters (issue 43): a member's uses of held codes on a business day, and the cap. */
@Injectable()
export class MemberDaysRepository {
  constructor(private readonly em: EntityManager) {}

  /** The club's per-member daily cap (voucher_settings) and the member's uses on `day`, in one query. */
  async usesOn(memberId: string, day: string): Promise<{ used: number; cap: number | null }> {
    const rows: { used: number; cap: number | null }[] = await this.em.fork().execute(
      `select coalesce((select d.used from member_day_uses d where d.member_id = ?::uuid and d.day = ?::date), 0)::int as used,
              (select s.member_daily_cap from voucher_settings s where s.id) as cap`,
      [memberId, day],
    );
    return rows[0] ?? { used: 0, cap: null };
  }

  /**
   * Each member's uses on `day` (absent: none), one query; and the cap. For the till's copy, which
   * reads a page of held codes at a time.
   */
  async usesOfMany(
    memberIds: string[],
    day: string,
  ): Promise<{ used: Map<string, number>; cap: number | null }> {
    const rows: { member_id: string | null; used: number | null; cap: number | null }[] = await this.em
      .fork()
      .execute(
        `select d.member_id, d.used, s.member_daily_cap as cap
           from voucher_settings s
           left join member_day_uses d on d.member_id = any(?::uuid[]) and d.day = ?::date
          where s.id`,
        [pgArray(memberIds), day],
      );
    const used = new Map<string, number>();
    for (const r of rows) if (r.member_id && r.used) used.set(r.member_id, r.used);
    return { used, cap: rows[0]?.cap ?? null };
  }

  /** A merged duplicate's days join the member it was merged into (the uses add up; a merge never refuses). */
  async moveDays(tx: EntityManager, fromMemberId: string, intoMemberId: string): Promise<void> {
    await tx.execute(
      `with gone as (delete from member_day_uses where member_id = ?::uuid returning *)
       insert into member_day_uses as d (member_id, day, used, day_limit)
       select ?::uuid, g.day, g.used, null from gone g
       on conflict (member_id, day) do update set used = d.used + excluded.used, day_limit = null`,
      [fromMemberId, intoMemberId],
    );
  }
}
