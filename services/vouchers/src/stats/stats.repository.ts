import { allOf, afterCursorSql, nextCursor } from '@avpass/platform';
import type { Actor, Redemption as RedemptionDto } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { codeSearchSql, visibleCodesSql } from '../codes/code-visibility';

import type { KeysetPage, PageWindow } from '../codes/qr-codes.repository';

export interface RedemptionRow {
  id: string;
  qr_code_id: string;
  redeemed_at: Date | string;
  redeemed_by: string;
  device_info: string | null;
  ip_address: string | null;
  user_agent: string | null;
  status: string;
  clinic_name: string;
  service: string;
  discount_type: RedemptionDto['discountType'];
  discount_value: number;
  qr_type: RedemptionDto['qrType'];
}

/** Redemption lists (the dashboards' counts are tallies: TalliesRepository). */
@Injectable()
export class StatsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Redemptions of the codes the actor may see, newest first (redemptions_redeemed_at_id_index), by
   * keyset or offset, searched like the code lists.
   */
  async redemptionsPage(actor: Actor, window: PageWindow): Promise<KeysetPage<RedemptionRow>> {
    const where = allOf(
      visibleCodesSql(actor),
      codeSearchSql(window.search),
      afterCursorSql(window.cursor, 'r.redeemed_at', 'r.id'),
    );
    const rows: (RedemptionRow & { cursor_at: string })[] = await this.em.execute(
      `select r.id, r.qr_code_id, r.redeemed_at, r.redeemed_at::text as cursor_at, r.redeemed_by, r.device_info,
              r.ip_address, r.user_agent, r.status,
              q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where ${where.sql}
        order by r.redeemed_at desc, r.id desc limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    return { rows, nextCursor: nextCursor(rows, window.limit) };
  }

  /** How many redemptions a search matches (without one, the tallies know). */
  async countRedemptions(actor: Actor, search: string | undefined): Promise<number> {
    const where = allOf(visibleCodesSql(actor), codeSearchSql(search));
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from redemptions r join qr_codes q on q.id = r.qr_code_id where ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    return total;
  }
}
