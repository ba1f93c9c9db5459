import type { Actor, Redemption as RedemptionDto } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { allOf, codeSearchSql, visibleCodesSql } from '../codes/code-visibility';
import type { PageWindow } from '../codes/qr-codes.repository';

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

export interface PlatformCounts {
  codes: number;
  redemptions: number;
  today: number;
  /** Partners with at least one assigned code. */
  partners: number;
}

export interface ActorCounts {
  codes: number;
  redemptions: number;
  today: number;
  /** Unique facilities (clinic names) the actor's redeemed codes belong to. */
  locations: number;
}

/** Dashboard counts and redemption lists, read with SQL (aggregates over qr_codes and redemptions). */
@Injectable()
export class StatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Everything, for the administrator (and the public landing page's figures). */
  async platformCounts(since: Date): Promise<PlatformCounts> {
    const [row] = (await this.em.getConnection().execute(
      `select (select count(*) from qr_codes)::int as codes,
              (select count(*) from redemptions)::int as redemptions,
              (select count(*) from redemptions where redeemed_at >= ?)::int as today,
              (select count(distinct partner_id) from qr_code_partners where is_active)::int as partners`,
      [since],
    )) as [PlatformCounts];
    return row;
  }

  /** The codes the actor may see and their redemptions. */
  async actorCounts(actor: Actor, since: Date): Promise<ActorCounts> {
    const visible = visibleCodesSql(actor);
    const conn = this.em.getConnection();
    const [codes] = (await conn.execute(
      `select count(*)::int as count from qr_codes q where ${visible.sql}`,
      visible.params,
    )) as [{ count: number }];
    const [r] = (await conn.execute(
      `select count(*)::int as total,
              (count(*) filter (where r.redeemed_at >= ?))::int as today,
              count(distinct q.clinic_name)::int as locations
         from redemptions r join qr_codes q on q.id = r.qr_code_id where ${visible.sql}`,
      [since, ...visible.params],
    )) as [{ total: number; today: number; locations: number }];
    return { codes: codes.count, redemptions: r.total, today: r.today, locations: r.locations };
  }

  /** Redemptions of the codes the actor may see, newest first, searched like the code lists. */
  async redemptionsPage(actor: Actor, window: PageWindow): Promise<[RedemptionRow[], number]> {
    const where = allOf(visibleCodesSql(actor), codeSearchSql(window.search));
    const conn = this.em.getConnection();
    const rows: RedemptionRow[] = await conn.execute(
      `select r.id, r.qr_code_id, r.redeemed_at, r.redeemed_by, r.device_info, r.ip_address, r.user_agent, r.status,
              q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where ${where.sql}
        order by r.redeemed_at desc, r.id desc limit ? offset ?`,
      [...where.params, window.limit, window.offset],
    );
    const [{ total }] = (await conn.execute(
      `select count(*)::int as total from redemptions r join qr_codes q on q.id = r.qr_code_id where ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    return [rows, total];
  }
}
