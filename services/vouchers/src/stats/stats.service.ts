import {
  type Actor,
  type Page,
  type Redemption as RedemptionDto,
  type VoucherStats,
} from '@avpass/contracts';
import { redemptionRatePercent } from '@avpass/domain';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { startOfBusinessDay } from '../business-day';
import { likeEscape, type PageWindow } from '../codes/qr-codes.repository';
import { VouchersSettings } from '../settings';

/** `q` (qr_codes) limited to what the actor may see, as SQL. */
function scopeSql(actor: Actor): { sql: string; params: unknown[] } {
  if (actor.role === 'super_admin') return { sql: 'true', params: [] };
  if (!actor.companyId) return { sql: 'false', params: [] };
  return {
    sql: 'q.id in (select p.qr_code_id from qr_code_partners p where p.partner_id = ? and p.is_active)',
    params: [actor.companyId],
  };
}

interface RedemptionRow {
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

function toRedemption(row: RedemptionRow): RedemptionDto {
  return {
    id: row.id,
    qrCodeId: row.qr_code_id,
    redeemedAt: new Date(row.redeemed_at).toISOString(),
    redeemedBy: row.redeemed_by,
    deviceInfo: row.device_info,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    status: row.status,
    facility: row.clinic_name,
    service: row.service,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    qrType: row.qr_type,
  };
}

/** Dashboard figures and redemption lists. "Today" starts at midnight in BUSINESS_TIMEZONE. */
@Injectable()
export class StatsService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: VouchersSettings,
  ) {}

  /** Everything; activePartners = partners with at least one assigned code. */
  async adminStats(): Promise<VoucherStats> {
    const since = startOfBusinessDay(this.settings.now(), this.settings.timeZone);
    const [row] = (await this.em.getConnection().execute(
      `select (select count(*) from qr_codes)::int as codes,
              (select count(*) from redemptions)::int as redemptions,
              (select count(*) from redemptions where redeemed_at >= ?)::int as today,
              (select count(distinct partner_id) from qr_code_partners where is_active)::int as partners`,
      [since],
    )) as [{ codes: number; redemptions: number; today: number; partners: number }];
    return {
      totalQrCodes: row.codes,
      totalRedemptions: row.redemptions,
      todayRedemptions: row.today,
      activePartners: row.partners,
      redemptionRate: redemptionRatePercent(row.redemptions, row.codes),
    };
  }

  /** The actor's codes; activePartners = unique locations (facilities) its codes were redeemed at. */
  async companyStats(actor: Actor): Promise<VoucherStats> {
    const since = startOfBusinessDay(this.settings.now(), this.settings.timeZone);
    const scope = scopeSql(actor);
    const conn = this.em.getConnection();
    const [codes] = (await conn.execute(
      `select count(*)::int as count from qr_codes q where ${scope.sql}`,
      scope.params,
    )) as [{ count: number }];
    const [r] = (await conn.execute(
      `select count(*)::int as total,
              (count(*) filter (where r.redeemed_at >= ?))::int as today,
              count(distinct q.clinic_name)::int as locations
         from redemptions r join qr_codes q on q.id = r.qr_code_id where ${scope.sql}`,
      [since, ...scope.params],
    )) as [{ total: number; today: number; locations: number }];
    return {
      totalQrCodes: codes.count,
      totalRedemptions: r.total,
      todayRedemptions: r.today,
      activePartners: r.locations,
      redemptionRate: redemptionRatePercent(r.total, codes.count),
    };
  }

  /** Newest first, paged; search by facility, service or code id prefix. */
  async redemptions(actor: Actor, window: PageWindow): Promise<Page<RedemptionDto>> {
    const scope = scopeSql(actor);
    let where = scope.sql;
    const params = [...scope.params];
    const search = window.search?.trim();
    if (search) {
      const contains = `%${likeEscape(search)}%`;
      where += ' and (q.clinic_name ilike ? or q.service ilike ? or q.id::text ilike ?)';
      params.push(contains, contains, `${likeEscape(search.toLowerCase())}%`);
    }
    const conn = this.em.getConnection();
    const rows: RedemptionRow[] = await conn.execute(
      `select r.id, r.qr_code_id, r.redeemed_at, r.redeemed_by, r.device_info, r.ip_address, r.user_agent, r.status,
              q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where ${where}
        order by r.redeemed_at desc, r.id desc limit ? offset ?`,
      [...params, window.limit, window.offset],
    );
    const [{ total }] = (await conn.execute(
      `select count(*)::int as total from redemptions r join qr_codes q on q.id = r.qr_code_id where ${where}`,
      params,
    )) as [{ total: number }];
    return { items: rows.map(toRedemption), total, limit: window.limit, offset: window.offset };
  }
}
