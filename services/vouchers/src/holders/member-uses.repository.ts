import type { MemberUses, PerMemberPeriod } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What a code says about its limit per member (the qr_codes columns). */
export interface LimitedCode {
  holderMemberId: string | null;
  holderSource: string | null;
  perMemberCount: number | null;
  perMemberPeriod: PerMemberPeriod | null;
}

/** The member_uses counters (decision 322): read for the till and the member's list, moved on a merge. */
@Injectable()
export class MemberUsesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Each limited code's "used of limit this period" on business day `day` (null for a code that is not
   * limited per member), in the order of `codes`: one query for all of them.
   */
  async usesOf(codes: readonly LimitedCode[], day: string): Promise<(MemberUses | null)[]> {
    const limited = codes.filter(isLimited);
    if (!limited.length) return codes.map(() => null);
    const keys = JSON.stringify(
      limited.map((c) => ({ member_id: c.holderMemberId, grp: c.holderSource, period: c.perMemberPeriod })),
    );
    const rows: { member_id: string; grp: string; period: string; used: number }[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select k.member_id, k.grp, k.period, coalesce(m.used, 0)::int as used
           from json_to_recordset(?::json) as k(member_id uuid, grp uuid, period text)
           left join member_uses m on m.member_id = k.member_id and m.limit_group = k.grp
                                  and m.period_start = member_period_start(k.period, ?::date)`,
        [keys, day],
      );
    const used = new Map(rows.map((r) => [`${r.member_id}/${r.grp}/${r.period}`, r.used]));
    return codes.map((c) =>
      isLimited(c)
        ? {
            used: used.get(`${c.holderMemberId}/${c.holderSource}/${c.perMemberPeriod}`) ?? 0,
            limit: c.perMemberCount,
            period: c.perMemberPeriod,
          }
        : null,
    );
  }

  /**
   * A merged duplicate's counters join the member it was merged into: the uses of a period add up, and
   * the row's ceiling rises to what it then holds (a merge never refuses; the next redeem over the
   * code's limit still is).
   */
  async move(tx: EntityManager, fromMemberId: string, intoMemberId: string): Promise<void> {
    await tx.execute(
      `with gone as (delete from member_uses where member_id = ?::uuid returning *)
       insert into member_uses as m (member_id, limit_group, period_start, used, use_limit)
       select ?::uuid, g.limit_group, g.period_start, g.used, g.use_limit from gone g
       on conflict (member_id, limit_group, period_start)
         do update set used = m.used + excluded.used,
                       use_limit = greatest(m.use_limit, excluded.use_limit, m.used + excluded.used)`,
      [fromMemberId, intoMemberId],
    );
  }
}

function isLimited(code: LimitedCode): code is LimitedCode & {
  holderMemberId: string;
  holderSource: string;
  perMemberCount: number;
  perMemberPeriod: PerMemberPeriod;
} {
  return (
    code.holderMemberId !== null &&
    code.holderSource !== null &&
    code.perMemberCount !== null &&
    code.perMemberPeriod !== null
  );
}
