import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { idPrefixRange, honouredByParams, honouredBySql, QrCode } from '../codes';
import type { RedemptionRecord } from '../redemptions';
import type { TillTerms } from '../trainers';

/** A code an 8-character entry matched. */
export interface PrefixMatch {
  id: string;
  custom_title: string | null;
  clinic_name: string;
  service: string;
  /** Whether the till's partner may honour it (always, for the administrator). */
  honoured: boolean;
}

/** A redemption of the till's recent list, with what its line shows of the code. */
export type RecentRow = RedemptionRecord & Omit<PrefixMatch, 'id' | 'honoured'>;

const RECORD_COLUMNS = `r.id, r.qr_code_id, r.redeemed_at, r.scanned_at, r.redeemed_by, r.redeemed_by_user_id, r.channel,
  r.partner_id, r.partner_name, r.transaction_amount, r.discount_applied, r.status, r.cancelled_at,
  r.cancelled_by, r.cancel_reason, r.funded_by, r.reimbursement_cents, r.no_sale_amount`;

/** One of a member's codes for the pass at the till: the code, its till terms and its active partners. */
export interface MemberCodeRow {
  code: QrCode;
  terms: TillTerms;
  /** The code's active assignments (qr_codes.partner_ids), for its card's partners. */
  partnerIds: string[];
}

/** What the till reads: codes by an id prefix, who may honour one, and today's redemptions at a till. */
@Injectable()
export class TillRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Codes whose id starts with `prefix` (8 hex characters) by a range of the primary key, each saying
   * whether `partnerId` may honour it (null: the administrator, every code); the ones it may honour
   * first, then by id; at most `limit`. The caller decides what the till may say of the others.
   */
  async byPrefix(prefix: string, partnerId: string | null, limit: number): Promise<PrefixMatch[]> {
    const range = idPrefixRange(prefix);
    if (!range) return [];
    const honoured = partnerId ? honouredBySql('q') : 'true';
    return this.em.fork().execute(
      `select q.id, q.custom_title, q.clinic_name, q.service, ${honoured} as honoured from qr_codes q
        where q.id between ?::uuid and ?::uuid
        order by honoured desc, q.id limit ?`,
      [...(partnerId ? honouredByParams(partnerId) : []), ...range, limit],
    );
  }

  /** Whether `partnerId` may honour the code (false for an unknown code). */
  async mayHonour(codeId: string, partnerId: string): Promise<boolean> {
    const rows: { ok: boolean }[] = await this.em
      .fork()
      .execute(`select ${honouredBySql('q')} as ok from qr_codes q where q.id = ?::uuid`, [
        ...honouredByParams(partnerId),
        codeId,
      ]);
    return rows[0]?.ok === true;
  }

  /**
   * A member's usable codes (active, not used up, expiring on `validFrom` or later) that `partnerId` may
   * honour (null: the administrator, every code), newest first, at most `limit`, with each code's till
   * terms and active partners: ONE statement, a range of held_codes_list_index (holder, usable = true,
   * created_at desc, id desc; the expiry checked on the index entries), each entry's code read by
   * primary key and its trainer rule by its key, until `limit` honoured codes are found.
   */
  async memberCodes(
    memberId: string,
    partnerId: string | null,
    validFrom: string,
    limit: number,
  ): Promise<MemberCodeRow[]> {
    const em = this.em.fork();
    const honoured = partnerId ? `and ${honouredBySql('q')}` : '';
    const rows: (Record<string, unknown> & {
      partner_ids: string[] | null;
      t_min_purchase: number | null;
      t_max_discount: number | null;
      t_valid_hours_start: number | null;
      t_valid_hours_end: number | null;
    })[] = await em.getConnection().execute(
      `select q.*, t.min_purchase as t_min_purchase, t.max_discount as t_max_discount,
              t.valid_hours_start as t_valid_hours_start, t.valid_hours_end as t_valid_hours_end
         from held_codes h
         join qr_codes q on q.id = h.qr_code_id
         left join trainer_rules t on t.qr_code_id = q.id
        where h.holder_member_id = ?::uuid and h.usable and h.expiry_key >= ?::date ${honoured}
        order by h.created_at desc, h.qr_code_id desc limit ?`,
      [memberId, validFrom, ...(partnerId ? honouredByParams(partnerId) : []), limit],
    );
    return rows.map(
      ({ partner_ids, t_min_purchase, t_max_discount, t_valid_hours_start, t_valid_hours_end, ...row }) => {
        const code = em.map(QrCode, row);
        return {
          code,
          terms: {
            discountType: code.discountType,
            discountValue: code.discountValue,
            minPurchase: t_min_purchase,
            maxDiscount: t_max_discount,
            validHoursStart: t_valid_hours_start,
            validHoursEnd: t_valid_hours_end,
          },
          partnerIds: partner_ids ?? [],
        };
      },
    );
  }

  /** One redemption as the till shows it (read past the request's identity map), or null. */
  async redemption(id: string): Promise<RedemptionRecord | null> {
    const rows: RedemptionRecord[] = await this.em
      .fork()
      .execute(`select ${RECORD_COLUMNS} from redemptions r where r.id = ?::uuid`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Till redemptions since `since`, newest first: at `partnerId`'s till (redemptions_partner_order_index),
   * or at every till (null, the administrator: redemptions_redeemed_at_id_index).
   */
  async recent(partnerId: string | null, since: string, limit: number): Promise<RecentRow[]> {
    const where = partnerId ? 'r.partner_id = ?::uuid and ' : '';
    return this.em.fork().execute(
      `select ${RECORD_COLUMNS}, q.custom_title, q.clinic_name, q.service
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where ${where}r.redeemed_at >= ?::timestamptz and r.channel = 'till'
        order by r.redeemed_at desc, r.id desc limit ?`,
      [...(partnerId ? [partnerId] : []), since, limit],
    );
  }
}
