import {
  type Actor,
  type Page,
  type Redemption as RedemptionDto,
  type VoucherStats,
} from '@avpass/contracts';
import { redemptionRatePercent } from '@avpass/domain';
import { Injectable } from '@nestjs/common';
import { startOfBusinessDay } from '../business-day';
import type { PageWindow } from '../codes/qr-codes.repository';
import { VouchersSettings } from '../settings';
import { StatsRepository, type RedemptionRow } from './stats.repository';

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
    private readonly stats: StatsRepository,
    private readonly settings: VouchersSettings,
  ) {}

  /** Everything; activePartners = partners with at least one assigned code. */
  async adminStats(): Promise<VoucherStats> {
    const row = await this.stats.platformCounts(this.startOfToday());
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
    const counts = await this.stats.actorCounts(actor, this.startOfToday());
    return {
      totalQrCodes: counts.codes,
      totalRedemptions: counts.redemptions,
      todayRedemptions: counts.today,
      activePartners: counts.locations,
      redemptionRate: redemptionRatePercent(counts.redemptions, counts.codes),
    };
  }

  /** Newest first, paged; search by facility, service or code id prefix. */
  async redemptions(actor: Actor, window: PageWindow): Promise<Page<RedemptionDto>> {
    const [rows, total] = await this.stats.redemptionsPage(actor, window);
    return { items: rows.map(toRedemption), total, limit: window.limit, offset: window.offset };
  }

  private startOfToday(): Date {
    return startOfBusinessDay(this.settings.now(), this.settings.timeZone);
  }
}
