import {
  type Actor,
  type Page,
  type RedemptionListQuery,
  type Redemption as RedemptionDto,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { codeSearchPattern, idPrefixRange, type PageWindow } from '../codes';
import { tallyScopeOf, PLATFORM_SCOPE, TalliesRepository } from '../tallies';
import { VouchersSettings } from '../settings';
import { redemptionMoneyOf, undoRule } from './redemption-view';
import {
  StatsRepository,
  type CompanyPagePlan,
  type RedemptionRow,
  type RedemptionView,
  type SearchPlan,
} from './stats.repository';

/** A filtered redemptions table counts at most this many (more: "more than 10,000"). */
export const REDEMPTION_COUNT_BOUND = 10_000;
export const OWN_COMPANY_REDEMPTIONS_MESSAGE = 'You can only list your own company’s redemptions';
type RedemptionListInput = RedemptionListQuery & { limit: number; offset: number };

function toRedemption(row: RedemptionRow, actor: Actor, now: Date, undoMinutes: number): RedemptionDto {
  return {
    id: row.id,
    qrCodeId: row.qr_code_id,
    redeemedAt: new Date(row.redeemed_at).toISOString(),
    redeemedBy: row.redeemed_by,
    deviceInfo: row.device_info,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    status: row.status as RedemptionDto['status'],
    channel: row.channel as RedemptionDto['channel'],
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    redeemedByUserId: row.redeemed_by_user_id,
    transactionAmount: row.transaction_amount,
    discountApplied: row.discount_applied,
    ...redemptionMoneyOf(row),
    cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at).toISOString(),
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    cancellable: undoRule(actor, row, now, undoMinutes).cancellable,
    facility: row.clinic_name,
    service: row.service,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    qrType: row.qr_type,
  };
}

/** One index probe of a code's redemptions, in rows of a walk along the redeemed_at index. */
const PROBE_COST = 4;

/**
 * Dashboard figures and redemption lists. The figures are tallies kept with every change (a few rows
 * each, whatever the size of the data). "Today" is the business day in BUSINESS_TIMEZONE.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly tallies: TalliesRepository,
    private readonly settings: VouchersSettings,
  ) {}

  /**
   * Newest first, paged; search by facility, service or code id prefix. Cancelled ones are listed
   * (with who, when and why) and counted in `total`; each says whether the actor may cancel it now.
   */
  /**
   * The redemptions table: newest first unless `order=asc`, narrowed by `status` and the
   * administrator's `partnerId` (issue 27; a company's partnerId other than its own is 403).
   */
  async redemptions(actor: Actor, query: RedemptionListInput): Promise<Page<RedemptionDto>> {
    const { sort: _sort, order, status, partnerId, ...window } = query;
    if (
      partnerId &&
      actor.role !== 'super_admin' &&
      partnerId.toLowerCase() !== actor.companyId?.toLowerCase()
    ) {
      throw DomainError.forbidden(OWN_COMPANY_REDEMPTIONS_MESSAGE);
    }
    const view: RedemptionView = {
      order,
      status,
      partnerId: actor.role === 'super_admin' ? partnerId?.toLowerCase() : undefined,
    };
    const now = this.settings.now();
    const searched = Boolean(window.search?.trim());
    let page: Awaited<ReturnType<StatsRepository['redemptionsPage']>>;
    let total: { n: number; lowerBound: boolean };
    if (searched && (actor.role === 'super_admin' || actor.companyId)) {
      // A search counts at most REDEMPTION_COUNT_BOUND + 1 rows, page and total read by the plan
      // the search texts' tally picks (the same rows either way).
      const plans = await this.searchPlans(window, {
        ...view,
        partnerId: actor.role === 'super_admin' ? view.partnerId : (actor.companyId ?? undefined),
      });
      [page, total] = await Promise.all([
        this.stats.redemptionsPage(actor, window, plans.page, view),
        this.stats
          .countRedemptionsUpTo(actor, window.search, view, REDEMPTION_COUNT_BOUND, plans.count)
          .then((n) => ({ n: Math.min(n, REDEMPTION_COUNT_BOUND), lowerBound: n > REDEMPTION_COUNT_BOUND })),
      ]);
    } else {
      const plan = await this.companyPagePlan(actor, window);
      const filtered = Boolean(view.status || view.partnerId);
      [page, total] = await Promise.all([
        this.stats.redemptionsPage(actor, window, plan, view),
        searched
          ? filtered
            ? this.stats
                .countRedemptionsUpTo(actor, window.search, view, REDEMPTION_COUNT_BOUND)
                .then((n) => ({
                  n: Math.min(n, REDEMPTION_COUNT_BOUND),
                  lowerBound: n > REDEMPTION_COUNT_BOUND,
                }))
            : this.stats.countRedemptions(actor, window.search).then((n) => ({ n, lowerBound: false }))
          : this.unsearchedTotal(actor, view).then((n) => ({ n, lowerBound: false })),
      ]);
    }
    const undoMinutes = this.settings.config.REDEMPTION_UNDO_MINUTES;
    return {
      items: page.rows.map((row) => toRedemption(row, actor, now, undoMinutes)),
      total: total.n,
      limit: window.limit,
      offset: window.offset,
      nextCursor: page.nextCursor,
      ...(total.lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  /**
   * The redemptions table's exact total without a search, whatever its status and partner: the
   * completed ones are the tallies' count (the platform's, the company's own, or the administrator's
   * partner's: the same rule as assignedToSql, kept with every redeem and cancel), the cancelled ones a
   * count over their small index. Never a count over the rows (10,001 of them took 50-150 ms).
   */
  private async unsearchedTotal(actor: Actor, view: RedemptionView): Promise<number> {
    const [completed, cancelled] = await Promise.all([
      view.status === 'cancelled' ? 0 : this.tallies.redemptionCount(view.partnerId ?? tallyScopeOf(actor)),
      view.status === 'completed' ? 0 : this.stats.countCancelled(actor, view.partnerId),
    ]);
    return completed + cancelled;
  }

  /**
   * A company's page: walking the platform's redemptions newest first reads about
   * (offset + limit) x (platform's / company's redemptions) rows (all of them when its codes were never
   * redeemed: 11 s at 3M); reading from its own codes probes each assigned code once. The cheaper by
   * the tallies (a probe costs a few rows' worth).
   */
  private async companyPagePlan(actor: Actor, window: PageWindow): Promise<CompanyPagePlan> {
    if (actor.role !== 'company_admin' || !actor.companyId) return 'walk';
    const [codes, own, all] = await Promise.all([
      this.tallies.codeCount(actor.companyId),
      this.tallies.redemptionCount(actor.companyId),
      this.tallies.redemptionCount(PLATFORM_SCOPE),
    ]);
    const page = (window.cursor ? 0 : window.offset) + window.limit;
    const walk = own > 0 ? (page * all) / own : all;
    return codes * PROBE_COST < walk ? 'byCode' : 'walk';
  }

  /**
   * A searched table (page and bounded total; a company's `partnerId` is itself): from the matching codes or along
   * the redemptions' index, whichever reads fewer rows by the tallies. The search texts' tally gives
   * how many codes match (plus the codes an id prefix may start, 1 in 16 per hex digit); the walk keeps
   * about matches / codes of the rows it reads (times the partner's share of the redemptions, and
   * of the status: cancelled ones are few and have their own index, so they are always walked), and
   * reads `page / kept` of them; the codes' way probes each matching code once (PROBE_COST) and sorts
   * up to a page of each. Public (not part of the API) so tests can pin a plan and compare the two.
   */
  async searchPlans(
    window: PageWindow,
    view: RedemptionView,
  ): Promise<{ page: SearchPlan; count: SearchPlan }> {
    const text = window.search?.trim() ?? '';
    if (view.status === 'cancelled') return { page: 'walk', count: 'walk' };
    const ids = idPrefixRange(text);
    const [byText, codes, all, viewed] = await Promise.all([
      this.tallies.searchCount(codeSearchPattern(text)),
      this.tallies.codeCount(PLATFORM_SCOPE),
      this.tallies.redemptionCount(PLATFORM_SCOPE),
      view.partnerId ? this.tallies.redemptionCount(view.partnerId) : null,
    ]);
    const matches = byText + (ids ? codes / 16 ** text.replace(/-/g, '').length : 0);
    if (codes === 0 || all === 0) return { page: 'bySearch', count: 'bySearch' };
    const kept = Math.max((matches / codes) * ((viewed ?? all) / all), 1 / all);
    // Redemptions per code of the table (a partner's share of them spread over every matching code).
    const perCode = (viewed ?? all) / codes;
    const page = (window.cursor ? 0 : window.offset) + window.limit;
    const walk = (rows: number) => Math.min(all, rows / kept);
    const byCode = (rows: number) => Math.min(matches, rows / perCode + 1) * PROBE_COST;
    return {
      page: matches * (PROBE_COST + Math.min(page, perCode)) < walk(page) ? 'bySearch' : 'walk',
      count: byCode(REDEMPTION_COUNT_BOUND + 1) < walk(REDEMPTION_COUNT_BOUND + 1) ? 'bySearch' : 'walk',
    };
  }
}
