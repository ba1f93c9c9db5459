import {
  allOf,
  type SqlClause,
  afterCursorSql,
  encodeCursor,
  keysetOrder,
  nextCursor,
  upToCursorSql,
} from '@avpass/platform';
import type { Actor, CodeSort, SortOrder } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { assignedRowSql, assignedToSql, codeSearchSql, visibleCodesSql } from './code-visibility';
import { CODE_LIST, CODE_USAGE_LIST, codeStatusSql, USED_UP_CODE_LIST } from './code-list-sql';

import { QrCode } from './qr-code.entity';
import type { PageWindow, CodeFilter, KeysetPage, CuttableKeysetPage, CodeLink } from './code-page';

const LINK_COLUMNS = (t: string) => `${t}.id, ${t}.qr_url, ${t}.clinic_name, ${t}.custom_title`;
const ALL_COLUMNS = (t: string) => `${t}.*`;

/**
 * The qr_codes table. Reads of lists go through what an actor may see (`visibleCodesSql`); writes take
 * the caller's unit of work (`tx`), so a code and its event commit together.
 */
/**
 * The codes tables' pages and counts (QrCodesRepository answers through it): by keyset along the
 * list's own index, for the administrator, a company, a vendor or a batch, with every filter and sort.
 */
/** A page read from one partner's rows (QrCodesRepository.partnerPageRows). */
interface PartnerDriver {
  partnerId: string;
  /** Its codes made for it (vendor_id) too, not only those assigned to it. */
  owned: boolean;
  /** What else a code must match (on `q`): the search, a batch, a vendor. */
  rest: SqlClause;
}

@Injectable()
export class CodePagesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest (or oldest) first, one page by keyset (qr_codes_created_at_id_index), or by offset
   * when no cursor is given (compatibility: it costs what it skips, in index entries).
   */
  async page(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter = {},
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<CuttableKeysetPage<QrCode>> {
    // Plain data: each row's columns under the entity's property names and types, but no entity made
    // and nothing put in the identity map (a third of the cost per row; lists only read).
    const meta = this.em.getMetadata().get(QrCode.name);
    const driver = this.em.getDriver();
    return this.mappedPage(actor, window, filter, order, ALL_COLUMNS, ({ cursor_at: _at, ...row }) => {
      return driver.mapResult(row, meta) as QrCode;
    });
  }

  /** The same page as `page`, with only the columns a bare QR render needs (a fifth of the bytes). */
  async linkPage(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter = {},
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<CuttableKeysetPage<CodeLink>> {
    return this.mappedPage(actor, window, filter, order, LINK_COLUMNS, (row) => ({
      id: String(row.id),
      qrUrl: String(row.qr_url),
      clinicName: String(row.clinic_name),
      customTitle: (row.custom_title as string | null) ?? null,
    }));
  }

  private async mappedPage<T>(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter,
    order: 'newest' | 'oldest',
    columns: (table: string) => string,
    map: (row: Record<string, unknown>) => T,
  ): Promise<CuttableKeysetPage<T>> {
    const { rows, nextCursor } = await this.pageRows(actor, window, filter, order, columns);
    return { rows: rows.map(map), nextCursor, cursorAfter: (index) => cursorOfRow(rows[index]!) };
  }

  private async pageRows(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter,
    order: 'newest' | 'oldest',
    columns: (table: string) => string,
  ): Promise<KeysetPage<Record<string, unknown>>> {
    if (window.limit === 0) return { rows: [], nextCursor: null };
    const sort = window.sort;
    if (filter.status?.status === 'used_up') {
      const sorted = sort ?? { sort: 'createdAt' as const, order: order === 'newest' ? 'desc' : 'asc' };
      return this.usedUpPageRows(actor, window, { ...filter, status: undefined }, sorted, columns);
    }
    if (sort && sort.sort !== 'createdAt') {
      return this.sortedPageRows(actor, window, filter, { sort: sort.sort, order: sort.order }, columns);
    }
    const dir = sort ? sort.order : order === 'newest' ? 'desc' : 'asc';
    const partner = this.partnerDriver(actor, window, filter);
    if (partner) return this.partnerPageRows(partner, window, dir, columns);
    const where = allOf(
      codeFilterSql(actor, window, filter),
      afterCursorSql(window.cursor, 'q.created_at', 'q.id', dir),
      upToCursorSql(window.until, 'q.created_at', 'q.id', dir),
    );
    const offset = window.cursor ? 0 : window.offset;
    if (offset > 0 && where.sql === 'true' && dir === 'desc') {
      return this.deepPageOfAll(window.limit, offset);
    }
    const ids = `select q.id from qr_codes q where ${where.sql}
        order by q.created_at ${dir}, q.id ${dir} limit ? offset ?`;
    // A page past the first by offset: a deferred join. The rows skipped are read from the narrow
    // index in the list's order (an index-only scan where the visibility map allows), and only the
    // page's own rows from the table.
    const sql =
      offset > 0
        ? `select ${columns('o')}, o.created_at::text as cursor_at from qr_codes o join (${ids}) k on k.id = o.id
            order by o.created_at ${dir}, o.id ${dir}`
        : `select ${columns('q')}, q.created_at::text as cursor_at from qr_codes q where ${where.sql}
            order by q.created_at ${dir}, q.id ${dir} limit ? offset 0`;
    const params = offset > 0 ? [...where.params, window.limit, offset] : [...where.params, window.limit];
    type Row = Record<string, unknown> & { cursor_at: string; id: string };
    const rows: Row[] = window.searchInListOrder
      ? // The planner cannot tell how many codes a substring matches; the caller knows it matches
        // many, so the page is read along the list's index (no table or bitmap scan, no sort).
        await this.em.fork().transactional(async (tx) => {
          await tx.execute('set local enable_seqscan = off');
          await tx.execute('set local enable_bitmapscan = off');
          return tx.execute<Row[]>(sql, params);
        })
      : await this.em.execute(sql, params);
    return {
      rows: rows.map(({ partner_ids: _partners, ...row }) => row),
      nextCursor: nextCursor(rows, window.limit),
    };
  }

  /**
   * Whose assignment rows a page is read from, when it is one partner's codes: a vendor's list (made
   * for it or assigned to it), or a company's own codes (unless narrowed to a batch, whose index is
   * narrower still). Null: the page is read along the list's index (pageRows).
   */
  private partnerDriver(actor: Actor, window: PageWindow, filter: CodeFilter): PartnerDriver | null {
    const search = codeSearchSql(window.search);
    const batch = filter.batchId ? { sql: 'q.batch_id = ?', params: [filter.batchId] } : null;
    const status = statusSqlOf(filter);
    if (actor.role === 'super_admin') {
      if (!filter.vendorId) return null;
      return { partnerId: filter.vendorId, owned: true, rest: allOf(search, batch, status) };
    }
    if (!actor.companyId || filter.batchId) return null;
    const vendor = filter.vendorId ? vendorSql(filter.vendorId, filter.vendorDense) : null;
    return { partnerId: actor.companyId, owned: false, rest: allOf(search, vendor, status) };
  }

  /**
   * One partner's page, read from its own rows, whatever share of all codes it holds and however old
   * they are: its active assignments in the list's order (qr_code_partners_partner_order_index, whose
   * code_created_at is the code's created_at) and, for a vendor, the codes made for it
   * (qr_codes_vendor_id_created_at_index), each branch cut at offset + limit after its filter, merged
   * (a code in both counts once) and cut again. The same rows, order and cursors as pageRows with the
   * partner's clause; costs the page and what it skips, not the platform's newer codes.
   */
  private async partnerPageRows(
    partner: PartnerDriver,
    window: PageWindow,
    dir: 'asc' | 'desc',
    columns: (table: string) => string,
  ): Promise<KeysetPage<Record<string, unknown>>> {
    const offset = window.cursor ? 0 : window.offset;
    const reach = offset + window.limit;
    const range = (at: string, id: string) =>
      allOf(afterCursorSql(window.cursor, at, id, dir), upToCursorSql(window.until, at, id, dir));
    const assignedWhere = allOf(
      { sql: 'p.partner_id = ? and p.is_active', params: [partner.partnerId] },
      partner.rest,
      range('p.code_created_at', 'p.qr_code_id'),
    );
    // Without a filter on the code the assignment rows answer alone (an index-only scan).
    const assigned = `select p.qr_code_id as id, p.code_created_at as at from qr_code_partners p
        ${partner.rest.sql === 'true' ? '' : 'join qr_codes q on q.id = p.qr_code_id'}
       where ${assignedWhere.sql}
       order by p.code_created_at ${dir}, p.qr_code_id ${dir} limit ?`;
    const branches = [`(${assigned})`];
    const params: unknown[] = [...assignedWhere.params, reach];
    if (partner.owned) {
      const ownedWhere = allOf(
        { sql: 'q.vendor_id = ?', params: [partner.partnerId] },
        partner.rest,
        range('q.created_at', 'q.id'),
      );
      branches.push(`(select q.id, q.created_at as at from qr_codes q where ${ownedWhere.sql}
          order by q.created_at ${dir}, q.id ${dir} limit ?)`);
      params.push(...ownedWhere.params, reach);
    }
    type Row = Record<string, unknown> & { cursor_at: string; id: string };
    const rows: Row[] = await this.em.execute(
      `select ${columns('o')}, o.created_at::text as cursor_at from qr_codes o join (
         select u.id, u.at from (${branches.join(' union ')}) u
          order by u.at ${dir}, u.id ${dir} limit ? offset ?) k on k.id = o.id
        order by o.created_at ${dir}, o.id ${dir}`,
      [...params, window.limit, offset],
    );
    return {
      rows: rows.map(({ partner_ids: _partners, ...row }) => row),
      nextCursor: nextCursor(rows, window.limit),
    };
  }

  /**
   * A page in another order than creation time (the table's sort: name, usage, expiry), read along
   * that sort's index (vouchers migration 20261208) with the id breaking ties; keyset by a cursor of
   * the same sort (another sort's cursor is refused, 400), or by offset (a reload or a shared link
   * lands on its page; costs what it skips). The usage sort is read along code_usage's index (vouchers
   * migration 20261213, a copy of each code's count), each row joined to its code for the rest of the
   * filter, as the used-up codes are; a search's matches are sorted instead, unless it matches many.
   */
  private async sortedPageRows(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter,
    sort: { sort: Exclude<CodeSort, 'createdAt'>; order: SortOrder },
    columns: (table: string) => string,
  ): Promise<KeysetPage<Record<string, unknown>>> {
    // A search that matches few codes sorts its matches (the trigram index finds them): walking
    // code_usage's order and probing each code for the text would read many codes per match, and the
    // planner cannot tell how many a substring matches. The caller says when it matches many.
    const searched = Boolean(window.search?.trim()) && !window.searchInListOrder;
    const usage = sort.sort === 'usageCount' && !searched;
    const keyset = keysetOrder(usage ? CODE_USAGE_LIST : CODE_LIST, { ...sort, cursor: window.cursor });
    const from = usage ? 'code_usage cu join qr_codes q on q.id = cu.code_id' : 'qr_codes q';
    const where = allOf(codeFilterSql(actor, window, filter), keyset.after);
    const offset = window.cursor ? 0 : window.offset;
    type Row = Record<string, unknown> & { sort_value: string | null; cursor_at: string; id: string };
    const rows: Row[] = await this.em.execute(
      `select ${columns('q')}, ${keyset.keyColumns}
         from ${from} where ${where.sql}
        order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, window.limit, offset],
    );
    return {
      rows: rows.map(({ partner_ids: _partners, sort_value: _value, ...row }) => row),
      nextCursor: keyset.next(rows, window.limit),
    };
  }

  /**
   * A page of the used-up codes (the table's "Used up" filter), in any of the table's orders: read
   * along used_up_codes' index for that order (vouchers migration 20261211: a row per used-up code,
   * with the sort keys copied), each row joined to its code for the rest of the filter (visibility,
   * search, partner, batch). Costs a page and the used-up codes the rest of the filter skips, however
   * few or many codes are used up (walking qr_codes' own index, as the other statuses do, would read
   * every code when none is). The same rows, order and cursors as the unfiltered list's.
   */
  private async usedUpPageRows(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter,
    sort: { sort: CodeSort; order: SortOrder },
    columns: (table: string) => string,
  ): Promise<KeysetPage<Record<string, unknown>>> {
    const keyset = keysetOrder(USED_UP_CODE_LIST, { ...sort, cursor: window.cursor });
    const where = allOf(
      this.usedUpFilterSql(actor, window, filter),
      keyset.after,
      // A cuttable page (creation time) ends at `until`, as pageRows' does.
      keyset.column ? null : upToCursorSql(window.until, 'u.created_at', 'u.qr_code_id', sort.order),
    );
    const offset = window.cursor ? 0 : window.offset;
    // cursor_at is u.created_at: the code's created_at, copied (migration 20261211).
    type Row = Record<string, unknown> & { sort_value: string | null; cursor_at: string; id: string };
    const rows: Row[] = await this.em.execute(
      `select ${columns('q')}, ${keyset.keyColumns}
         from used_up_codes u join qr_codes q on q.id = u.qr_code_id
        where ${where.sql}
        order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, window.limit, offset],
    );
    return {
      rows: rows.map(({ partner_ids: _partners, sort_value: _value, ...row }) => row),
      nextCursor: keyset.next(rows, window.limit),
    };
  }

  /**
   * The rest of the filter on a used-up code `q` reached from used_up_codes `u`, its partner clauses
   * checked row by row (a probe of the partner-and-code index each): collecting every code of a large
   * partner first (assignedToSql) would cost that partner's size instead of the used-up codes'.
   */
  usedUpFilterSql(actor: Actor, window: PageWindow, filter: CodeFilter): SqlClause {
    const visible =
      actor.role === 'super_admin'
        ? null
        : actor.companyId
          ? assignedRowSql(actor.companyId)
          : { sql: 'false', params: [] };
    return allOf(
      visible,
      codeSearchSql(window.search),
      filter.vendorId ? vendorSql(filter.vendorId, true) : null,
      filter.batchId ? { sql: 'q.batch_id = ?', params: [filter.batchId] } : null,
    );
  }

  /**
   * Every code, newest first, from `offset` on: the days made after the page's first row are skipped
   * by their counts (code_day_tallies, kept in the same transactions as the codes, so they agree with
   * the rows in one snapshot), then the rest of the offset is taken inside that one day, by a
   * deferred join. Costs what one day's codes cost at most, however deep the page.
   */
  private async deepPageOfAll(limit: number, offset: number): Promise<KeysetPage<Record<string, unknown>>> {
    const rows: (Record<string, unknown> & { cursor_at: string; id: string })[] = await this.em.execute(
      `with hit as (
         select d.day, d.upto - d.codes as before
           from (select day, codes, sum(codes) over (order by day desc) as upto
                   from code_day_tallies where codes <> 0) d
          where d.upto > ?::bigint order by d.day desc limit 1)
       select o.*, o.created_at::text as cursor_at from qr_codes o join (
         select q.id from qr_codes q
          where q.created_at < (select (hit.day + 1)::timestamp at time zone 'UTC' from hit)
          order by q.created_at desc, q.id desc
          limit ? offset (select ?::bigint - hit.before from hit)) k on k.id = o.id
        order by o.created_at desc, o.id desc`,
      [offset, limit, offset],
    );
    return {
      rows: rows.map(({ partner_ids: _partners, ...row }) => row),
      nextCursor: nextCursor(rows, limit),
    };
  }
}

function statusSqlOf(filter: CodeFilter): SqlClause | null {
  return filter.status ? codeStatusSql(filter.status.status, filter.status.today) : null;
}

/** The keyset cursor of a page's row (its creation time as PostgreSQL printed it, and its id). */
function cursorOfRow(row: Record<string, unknown>): string {
  return encodeCursor({ at: String(row.cursor_at), id: String(row.id) });
}

/** Made for the filter's vendor (vendor_id) or assigned to it. */
function vendorSql(vendorId: string, dense = false): SqlClause {
  const assigned = (dense ? assignedRowSql : assignedToSql)(vendorId);
  return { sql: `(q.vendor_id = ? or ${assigned.sql})`, params: [vendorId, ...assigned.params] };
}

/** Who may see which codes, and the search and filters of a codes table (`q`). */
export function codeFilterSql(actor: Actor, window: PageWindow, filter: CodeFilter): SqlClause {
  return allOf(
    visibleCodesSql(actor),
    codeSearchSql(window.search),
    filter.vendorId ? vendorSql(filter.vendorId, filter.vendorDense) : null,
    filter.batchId ? { sql: 'q.batch_id = ?', params: [filter.batchId] } : null,
    statusSqlOf(filter),
  );
}
