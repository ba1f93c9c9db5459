import { QrCode } from '../codes';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Which half of a member's list: codes that can be used (active or upcoming), then the rest. */
export type HeldPhase = 'active' | 'done';

/** A usable code as the member's list sorts it first (the statement's rules, voucherStatus's order). */
const USABLE = `(q.is_active and q.usage_count < q.usage_limit
                 and (q.expiration_date is null or q.expiration_date >= ?::date))`;

/**
 * One half's page (`?`: member, earliest valid expiry, the cursor's created_at and id when `after`,
 * limit): a range of qr_codes_holder_index read in its order, the half's condition a filter on it.
 */
export const heldPageSql = (phase: HeldPhase, after: boolean) => `select q.*, q.created_at::text as cursor_at
    from qr_codes q
   where q.holder_member_id = ?::uuid and ${phase === 'active' ? '' : 'not '}${USABLE}
     ${after ? 'and (q.created_at, q.id) < (?::timestamptz, ?::uuid)' : ''}
   order by q.created_at desc, q.id desc limit ?`;

/**
 * A member's codes (issue 41), along qr_codes_holder_index (holder_member_id, created_at desc, id desc):
 * one half at a time, newest first, each half a keyset page over the member's range of the index.
 */
@Injectable()
export class HeldVouchersRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Up to `limit` of the member's codes of `phase` after `after` (created_at, id) in the list's order;
   * `validFrom`: the earliest expiry still valid today.
   */
  async page(
    memberId: string,
    phase: HeldPhase,
    after: { at: string; id: string } | null,
    limit: number,
    validFrom: string,
  ): Promise<{ code: QrCode; cursorAt: string; partnerIds: string[] }[]> {
    const em = this.em.fork();
    const rows: (Record<string, unknown> & { cursor_at: string; partner_ids: string[] })[] = await em
      .getConnection()
      .execute(heldPageSql(phase, after !== null), [
        memberId,
        validFrom,
        ...(after ? [after.at, after.id] : []),
        limit,
      ]);
    return rows.map(({ partner_ids, cursor_at, ...row }) => ({
      code: em.map(QrCode, row),
      cursorAt: cursor_at,
      partnerIds: partner_ids ?? [],
    }));
  }
}
