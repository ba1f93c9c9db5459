import { allOf, keysetOrder, type KeysetList, type SqlClause } from '@avpass/platform';
import type { Actor, Redemption as RedemptionDto, RedemptionStatus } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  assignedRowSql,
  codeSearchSql,
  partnerRedemptionsSql,
  visibleCodesSql,
  visibleRedemptionsSql,
  clubWideSql,
  type KeysetPage,
  type PageWindow,
} from '../codes';

import type { RedemptionRecord } from './redemption-view';

export interface RedemptionRow extends RedemptionRecord {
  device_info: string | null;
  ip_address: string | null;
  user_agent: string | null;
  clinic_name: string;
  service: string;
  discount_type: RedemptionDto['discountType'];
  discount_value: number;
  qr_type: RedemptionDto['qrType'];
}

/** The redemption's own columns a list row shows (alias r). */
const REDEMPTION_COLUMNS = `r.id, r.qr_code_id, r.redeemed_at, r.redeemed_at::text as cursor_at, r.redeemed_by,
  r.device_info, r.ip_address, r.user_agent, r.status, r.channel, r.partner_id, r.partner_name,
  r.redeemed_by_user_id, r.scanned_at, r.transaction_amount, r.discount_applied, r.cancelled_at, r.cancelled_by,
  r.cancel_reason, r.funded_by, r.reimbursement_cents, r.no_sale_amount`;
const CODE_COLUMNS = `q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type`;

/**
 * How a company's page is read: `walk` along redemptions_redeemed_at_id_index (every redemption of the
 * platform, newest first, keeping the company's: quick when its codes hold many of them), or
 * `byCode` from the company's own assigned codes (qr_code_partners) and each code's newest
 * redemptions (redemptions_qr_code_id_redeemed_at_index), merged: quick when its codes were seldom or
 * never redeemed, where the walk would read every redemption of the platform first. StatsService
 * decides from the tallies.
 */
export type CompanyPagePlan = 'walk' | 'byCode';

/**
 * How a searched table is read (its page and its bounded total): `walk` along the redemptions' own
 * index in the table's order, keeping the rows whose code matches (quick when many codes match), or
 * `bySearch` from the codes the search matches (qr_codes_search_trgm_index) and each one's redemptions
 * in that order (redemptions_qr_code_id_redeemed_at_index), merged (quick when few match, where the
 * walk would read most of the platform's redemptions first). Both give the same rows; StatsService
 * decides from the search texts' tally.
 */
export type SearchPlan = 'walk' | 'bySearch';

/**
 * The redemptions table's order and filters (issue 27): oldest first (`asc`) or newest first (the
 * default), a status, and the administrator's partner (the codes assigned to it).
 */
export interface RedemptionView {
  order?: 'asc' | 'desc' | undefined;
  status?: RedemptionStatus | undefined;
  partnerId?: string | undefined;
}

/**
 * The redemptions table's one sort (decision 191): newest first with the plain cursor; oldest first
 * keyset-paged by a cursor that says so (another order's cursor is refused, 400).
 */
const REDEMPTION_LIST: KeysetList<'redeemedAt'> = {
  id: 'r.id',
  sorts: { redeemedAt: { expression: 'r.redeemed_at', type: 'timestamptz' } },
  defaultSort: 'redeemedAt',
  plainCursor: { sort: 'redeemedAt', column: 'r.redeemed_at', orders: 'newest-first' },
};

type PagedRow = RedemptionRow & { cursor_at: string };

/** Redemption lists (the dashboards' counts are tallies: TalliesRepository). */
@Injectable()
export class StatsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Redemptions of the codes the actor may see (cancelled ones too: the tables show them with a
   * badge), newest first, by keyset or offset, searched like the code lists.
   */
  async redemptionsPage(
    actor: Actor,
    window: PageWindow,
    plan: CompanyPagePlan | SearchPlan = 'walk',
    view: RedemptionView = {},
  ): Promise<KeysetPage<RedemptionRow>> {
    const keyset = keysetOrder(REDEMPTION_LIST, { order: view.order, cursor: window.cursor });
    // Every statement below orders by it (alias r): `r.redeemed_at <way>, r.id <way>`.
    const orderBy = keyset.orderBy;
    const status: SqlClause | null = view.status ? { sql: 'r.status = ?', params: [view.status] } : null;
    const inner = allOf(keyset.after, status);
    const offset = window.cursor ? 0 : window.offset;
    // The rows carry their redeemed_at as cursor_at (REDEMPTION_COLUMNS), the sort's value too.
    const next = (rows: PagedRow[]) =>
      keyset.next(
        rows.map((row) => ({ cursor_at: row.cursor_at, sort_value: row.cursor_at, id: row.id })),
        window.limit,
      );
    if (plan === 'byCode' && actor.role === 'company_admin' && actor.companyId) {
      // Each assigned code's newest `offset + limit` redemptions (after the cursor) are all a page
      // can need; the search is on the code, so it filters whole codes before their redemptions.
      const codes = allOf(
        { sql: 'p.partner_id = ? and p.is_active', params: [actor.companyId] },
        codeSearchSql(window.search),
      );
      // With the club-wide codes' redemptions made at its till (partnerRedemptionsSql), along
      // redemptions_partner_order_index.
      const clubWide = allOf(
        { sql: `r.partner_id = ?::uuid and ${clubWideSql('q')}`, params: [actor.companyId] },
        codeSearchSql(window.search),
        inner,
      );
      const rows: PagedRow[] = await this.em.execute(
        `select * from (
           (select ${REDEMPTION_COLUMNS}, ${CODE_COLUMNS}
              from qr_code_partners p
              join qr_codes q on q.id = p.qr_code_id
             cross join lateral (
               select r.* from redemptions r
                where r.qr_code_id = p.qr_code_id and ${inner.sql}
                order by ${orderBy} limit ?) r
             where ${codes.sql}
             order by ${orderBy} limit ?)
           union all
           (select ${REDEMPTION_COLUMNS}, ${CODE_COLUMNS}
              from redemptions r join qr_codes q on q.id = r.qr_code_id
             where ${clubWide.sql}
             order by ${orderBy} limit ?)) r
          order by ${orderBy} limit ? offset ?`,
        [
          ...inner.params,
          offset + window.limit,
          ...codes.params,
          offset + window.limit,
          ...clubWide.params,
          offset + window.limit,
          window.limit,
          offset,
        ],
      );
      return { rows, nextCursor: next(rows) };
    }
    if (plan === 'bySearch' && codeSearchSql(window.search)) {
      // Each matching code's first `offset + limit` redemptions (after the cursor) in the table's
      // order are all a page can need; the partner is checked code by code (one probe each).
      const { codes, redemptions } = this.searchedCodes(actor, window.search, view);
      const listed = allOf(inner, redemptions);
      const rows: PagedRow[] = await this.em.execute(
        `select ${REDEMPTION_COLUMNS}, ${CODE_COLUMNS}
           from qr_codes q
          cross join lateral (
            select r.* from redemptions r
             where r.qr_code_id = q.id and ${listed.sql}
             order by ${orderBy} limit ?) r
          where ${codes.sql}
          order by ${orderBy} limit ? offset ?`,
        [...listed.params, offset + window.limit, ...codes.params, window.limit, offset],
      );
      return { rows, nextCursor: next(rows) };
    }
    const where = allOf(
      visibleRedemptionsSql(actor),
      view.partnerId && actor.role === 'super_admin' ? partnerRedemptionsSql(view.partnerId) : null,
      codeSearchSql(window.search),
      inner,
    );
    const rows: PagedRow[] = await this.em.execute(
      `select ${REDEMPTION_COLUMNS}, ${CODE_COLUMNS}
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where ${where.sql}
        order by ${orderBy} limit ? offset ?`,
      [...where.params, window.limit, offset],
    );
    return { rows, nextCursor: next(rows) };
  }

  /**
   * How many redemptions a filtered table shows, counting no further than `bound` + 1 rows (a poll
   * never counts millions; more than `bound` reads "more than").
   */
  async countRedemptionsUpTo(
    actor: Actor,
    search: string | undefined,
    view: RedemptionView,
    bound: number,
    plan: SearchPlan = 'walk',
  ): Promise<number> {
    const status: SqlClause | null = view.status ? { sql: 'r.status = ?', params: [view.status] } : null;
    if (plan === 'bySearch' && codeSearchSql(search)) {
      // Code by code, each one's redemptions counted on its index, until bound + 1.
      const { codes, redemptions } = this.searchedCodes(actor, search, view);
      const inner = allOf({ sql: 'r.qr_code_id = q.id', params: [] }, status, redemptions);
      const [{ total }] = (await this.em.execute(
        `select count(*)::int as total from (
           select 1 from qr_codes q
            cross join lateral (select 1 from redemptions r where ${inner.sql} limit ?) r
            where ${codes.sql} limit ?) c`,
        [...inner.params, bound + 1, ...codes.params, bound + 1],
      )) as [{ total: number }];
      return total;
    }
    const where = allOf(
      visibleRedemptionsSql(actor),
      view.partnerId && actor.role === 'super_admin' ? partnerRedemptionsSql(view.partnerId) : null,
      codeSearchSql(search),
      view.status ? { sql: 'r.status = ?', params: [view.status] } : null,
    );
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from (
         select 1 from redemptions r join qr_codes q on q.id = r.qr_code_id where ${where.sql} limit ?) c`,
      [...where.params, bound + 1],
    )) as [{ total: number }];
    return total;
  }

  /**
   * The codes a searched table starts from (plan `bySearch`): visible, the partner's, matching; and of
   * each, the redemptions it lists (partnerRedemptionsSql: of a club-wide code, only those made at
   * the partner's till; null: all).
   */
  private searchedCodes(
    actor: Actor,
    search: string | undefined,
    view: RedemptionView,
  ): { codes: SqlClause; redemptions: SqlClause | null } {
    const partnerId = actor.role === 'super_admin' ? view.partnerId : (actor.companyId ?? undefined);
    if (!partnerId) return { codes: allOf(visibleCodesSql(actor), codeSearchSql(search)), redemptions: null };
    // The assignment checked code by code (one probe, not a set of all of a company's codes).
    const assigned = assignedRowSql(partnerId);
    return {
      codes: allOf(
        { sql: `(${assigned.sql} or ${clubWideSql('q')})`, params: assigned.params },
        codeSearchSql(search),
      ),
      redemptions: { sql: `(not ${clubWideSql('q')} or r.partner_id = ?::uuid)`, params: [partnerId] },
    };
  }

  /** How many redemptions (cancelled ones too, as the list shows them) a search matches. */
  async countRedemptions(actor: Actor, search: string | undefined): Promise<number> {
    const where = allOf(visibleRedemptionsSql(actor), codeSearchSql(search));
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from redemptions r join qr_codes q on q.id = r.qr_code_id where ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    return total;
  }

  /**
   * How many cancelled redemptions the actor sees, of the partner's codes when one is given
   * (redemptions_cancelled_index: a few rows): the list's total without a search is the tallies'
   * completed count plus these.
   */
  async countCancelled(actor: Actor, partnerId?: string): Promise<number> {
    const where = allOf(visibleRedemptionsSql(actor), partnerId ? partnerRedemptionsSql(partnerId) : null);
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from redemptions r join qr_codes q on q.id = r.qr_code_id
        where r.status = 'cancelled' and ${where.sql}`,
      where.params,
    )) as [{ total: number }];
    return total;
  }
}
