import type { Actor, PublicStats, VoucherStats } from '@avpass/contracts';
import { redemptionRatePercent, todayInTimeZone } from '@avpass/domain';
import { BriefCache } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { VouchersSettings } from '../settings';
import { PLATFORM_SCOPE } from './tallies-sql.repository';
import { TalliesRepository, type ScopeCounts } from './tallies.repository';
import { tallyScopeOf } from './tally-scope';

const NOTHING: ScopeCounts = { codes: 0, redemptions: 0, today: 0, locations: 0, partners: 0 };

/**
 * The dashboards' figures: tallies kept with every change (a few rows each, whatever the size of the
 * data). "Today" is the business day in BUSINESS_TIMEZONE.
 */
@Injectable()
export class DashboardFigures {
  /** Anyone can poll the landing page's totals: one read per PUBLIC_CACHE_MS serves them all. */
  private readonly publicTotals: BriefCache<PublicStats>;

  constructor(
    private readonly tallies: TalliesRepository,
    private readonly settings: VouchersSettings,
  ) {
    this.publicTotals = new BriefCache(settings.config.PUBLIC_CACHE_MS, async () => {
      const { totalQrCodes, totalRedemptions, activePartners } = await this.adminStats();
      return { totalQrCodes, totalRedemptions, activePartners };
    });
  }

  /** Everything; activePartners = partners with at least one assigned code. */
  async adminStats(): Promise<VoucherStats> {
    const row = await this.tallies.scopeCounts(PLATFORM_SCOPE, this.today());
    return {
      totalQrCodes: row.codes,
      totalRedemptions: row.redemptions,
      todayRedemptions: row.today,
      activePartners: row.partners,
      redemptionRate: redemptionRatePercent(row.redemptions, row.codes),
    };
  }

  /** The landing page's totals, at most PUBLIC_CACHE_MS old. */
  publicStats(): Promise<PublicStats> {
    return this.publicTotals.get();
  }

  /** The actor's codes; activePartners = unique locations (facilities) its codes were redeemed at. */
  async companyStats(actor: Actor): Promise<VoucherStats> {
    const scope = tallyScopeOf(actor);
    const counts = scope ? await this.tallies.scopeCounts(scope, this.today()) : NOTHING;
    return {
      totalQrCodes: counts.codes,
      totalRedemptions: counts.redemptions,
      todayRedemptions: counts.today,
      activePartners: counts.locations,
      redemptionRate: redemptionRatePercent(counts.redemptions, counts.codes),
    };
  }

  private today(): string {
    return todayInTimeZone(this.settings.now(), this.settings.timeZone);
  }
}
