import { QrCode } from '../codes';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Which half of a member's list: codes that can be used (active or upcoming), then the rest. */
export type HeldPhase = 'active' | 'done';

/** One half's page of one member's codes: `after` the cursor's (created_at, id), `validFrom` today. */
export interface HeldPageAsk {
  memberId: string;
  validFrom: string;
  after: { at: string; id: string } | null;
  limit: number;
}

/**
 * One range of held_codes_list_index (holder, usable, created_at desc, qr_code_id desc, expiry_key) in
 * the list's order, a page deep: the member's usable or unusable codes, `expiry` a condition on the
 * index entries, each row tagged with the half it belongs to.
 */
function rangeSql(ask: HeldPageAsk, half: HeldPhase, usable: boolean, expiry: '>=' | '<' | null) {
  const sql = `select h.created_at, h.qr_code_id, '${half}' as half from held_codes h
     where h.holder_member_id = ?::uuid and ${usable ? '' : 'not '}h.usable
       ${expiry ? `and h.expiry_key ${expiry} ?::date` : ''}
       ${ask.after ? 'and (h.created_at, h.qr_code_id) < (?::timestamptz, ?::uuid)' : ''}
     order by h.created_at desc, h.qr_code_id desc limit ?`;
  const params = [
    ask.memberId,
    ...(expiry ? [ask.validFrom] : []),
    ...(ask.after ? [ask.after.at, ask.after.id] : []),
    ask.limit,
  ];
  return { sql, params };
}

/**
 * A page of the list from a cursor in `phase` (`?` placeholders and their values), in one statement,
 * along held_codes (vouchers migration 0029: a row per held code, kept by triggers on qr_codes, its
 * `usable` voucherStatus's "not inactive, not used up"). The usable half is one range of its index,
 * expiry from today; the other half two (the unusable codes, and the usable ones expired). From the
 * usable half the page runs on into the other half's first rows; each range is read a page deep, the
 * ranges merged, and only the page's codes are read from qr_codes.
 */
export function heldPageQuery(phase: HeldPhase, ask: HeldPageAsk): { sql: string; params: unknown[] } {
  const done = (from: HeldPageAsk) => [
    rangeSql(from, 'done', false, null),
    rangeSql(from, 'done', true, '<'),
  ];
  const ranges =
    phase === 'active' ? [rangeSql(ask, 'active', true, '>='), ...done({ ...ask, after: null })] : done(ask);
  return {
    sql: `select q.*, q.created_at::text as cursor_at, h.half
      from (select * from (${ranges.map((r) => `(${r.sql})`).join(' union all ')}) r
             order by r.half, r.created_at desc, r.qr_code_id desc limit ?) h
      join qr_codes q on q.id = h.qr_code_id
     order by h.half, h.created_at desc, h.qr_code_id desc`,
    params: [...ranges.flatMap((r) => r.params), ask.limit],
  };
}

/**
 * A member's codes (issue 41), active first, then used and expired, newest first within each half:
 * keyset pages over the member's ranges of held_codes_list_index.
 */
@Injectable()
export class HeldVouchersRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Up to `limit` of the member's codes from `after` (created_at, id) in `phase`, on into the other
   * half; `validFrom`: the earliest expiry still valid today. Each row says its half.
   */
  async page(
    memberId: string,
    phase: HeldPhase,
    after: { at: string; id: string } | null,
    limit: number,
    validFrom: string,
  ): Promise<{ code: QrCode; cursorAt: string; partnerIds: string[]; phase: HeldPhase }[]> {
    const em = this.em.fork();
    const { sql, params } = heldPageQuery(phase, { memberId, validFrom, after, limit });
    const rows: (Record<string, unknown> & {
      cursor_at: string;
      partner_ids: string[];
      half: HeldPhase;
    })[] = await em.getConnection().execute(sql, params);
    return rows.map(({ partner_ids, cursor_at, half, ...row }) => ({
      code: em.map(QrCode, row),
      cursorAt: cursor_at,
      partnerIds: partner_ids ?? [],
      phase: half,
    }));
  }
}
