import { encodeCursor, pgArray } from '@avpass/platform';
import type { Actor } from '@avpass/contracts';
import { EntityManager, type QueryBuilder } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { assignedToSql, visibleCodesSql } from './code-visibility';

import { QrCode } from './qr-code.entity';
import type { PageWindow, CodeFilter, CuttableKeysetPage, CodeLink } from './code-page';
import { CodePagesRepository, codeFilterSql } from './code-pages.repository';

export type { PageWindow, CodeFilter, KeysetPage, CuttableKeysetPage, CodeLink } from './code-page';

/** The qr_codes table: its rows, found and written; the tables' pages and counts via CodePagesRepository. */
@Injectable()
export class QrCodesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: CodePagesRepository,
  ) {}

  page(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter = {},
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<CuttableKeysetPage<QrCode>> {
    return this.pages.page(actor, window, filter, order);
  }

  linkPage(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter = {},
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<CuttableKeysetPage<CodeLink>> {
    return this.pages.linkPage(actor, window, filter, order);
  }

  /**
   * The sort key of every `every`-th code the filter matches, oldest first, as cursors (the resolve
   * order): one pass over the list's index however many chunks, instead of each chunk skipping its
   * offset. Chunk k starts after the k-th cursor.
   */
  async everyNthKey(actor: Actor, filter: CodeFilter, every: number): Promise<string[]> {
    const where = codeFilterSql(actor, { limit: 0, offset: 0 }, filter);
    const rows: { at: string; id: string }[] = await this.em.execute(
      `select s.at, s.id from (
         select q.created_at::text as at, q.id, row_number() over (order by q.created_at, q.id) as n
           from qr_codes q where ${where.sql}) s
        where s.n % ? = 0 order by s.n`,
      [...where.params, every],
    );
    return rows.map((row) => encodeCursor(row));
  }

  /** How many codes the page's filter matches (search or filter: counted; use the tallies otherwise). */
  async count(actor: Actor, window: PageWindow, filter: CodeFilter = {}): Promise<number> {
    const where = codeFilterSql(actor, window, filter);
    const [row] = (await this.em.execute(
      `select count(*)::int as n from qr_codes q where ${where.sql}`,
      where.params,
    )) as [{ n: number }];
    return row.n;
  }

  /**
   * How many codes the filter matches, counting no further than `bound` + 1 rows: a filtered table's
   * total without a count over every row of a large platform (more than `bound`: "more than").
   */
  async countUpTo(actor: Actor, window: PageWindow, filter: CodeFilter, bound: number): Promise<number> {
    // The used-up codes are counted from their own table (see usedUpPageRows), the rest along qr_codes.
    const usedUp = filter.status?.status === 'used_up';
    const where = usedUp
      ? this.pages.usedUpFilterSql(actor, window, filter)
      : codeFilterSql(actor, window, filter);
    const from = !usedUp
      ? 'qr_codes q'
      : where.sql === 'true'
        ? 'used_up_codes u'
        : 'used_up_codes u join qr_codes q on q.id = u.qr_code_id';
    const [row] = (await this.em.execute(
      `select count(*)::int as n from (select 1 from ${from} where ${where.sql} limit ?) c`,
      [...where.params, bound + 1],
    )) as [{ n: number }];
    return row.n;
  }

  /** The partner's own codes (vendor_id) that are not also assigned to it: index qr_codes_vendor_id_index. */
  async countOwnedUnassigned(vendorId: string): Promise<number> {
    const assigned = assignedToSql(vendorId);
    const [row] = (await this.em.execute(
      `select count(*)::int as n from qr_codes q where q.vendor_id = ? and not (${assigned.sql})`,
      [vendorId, ...assigned.params],
    )) as [{ n: number }];
    return row.n;
  }

  findById(id: string, em: EntityManager = this.em): Promise<QrCode | null> {
    return em.findOne(QrCode, { id });
  }

  /**
   * Read past the request's identity map: the code as it stands in the database now (in `tx`, as that
   * transaction sees it, its own uncommitted changes included).
   */
  findCurrent(id: string, tx?: EntityManager): Promise<QrCode | null> {
    return tx ? tx.findOne(QrCode, { id }, { refresh: true }) : this.em.fork().findOne(QrCode, { id });
  }

  async findVisible(actor: Actor, id: string): Promise<QrCode | null> {
    const qb = this.em.createQueryBuilder(QrCode, 'q').where({ id });
    this.scope(qb, actor);
    return (await qb.getResultList())[0] ?? null;
  }

  async findVisibleByIds(actor: Actor, ids: string[]): Promise<QrCode[]> {
    if (!ids.length) return [];
    const qb = this.em.createQueryBuilder(QrCode, 'q').where({ id: { $in: ids } });
    this.scope(qb, actor);
    return qb.getResultList();
  }

  /**
   * What these codes are titled after, by primary key (at most an audit page's 200 ids); ids with no
   * row (deleted, or never a code) are simply not there.
   */
  async titleSources(
    ids: string[],
  ): Promise<{ id: string; customTitle: string | null; clinicName: string }[]> {
    if (!ids.length) return [];
    const rows: { id: string; custom_title: string | null; clinic_name: string }[] = await this.em
      .getConnection()
      .execute(`select id, custom_title, clinic_name from qr_codes where id = any(?::uuid[])`, [
        pgArray(ids),
      ]);
    return rows.map((r) => ({ id: r.id, customTitle: r.custom_title, clinicName: r.clinic_name }));
  }

  /**
   * Which of these uploaded files a code still shows (its logo or trainer photo). Called only when a
   * partner's photo is replaced or removed, rarely: no index on the two columns (see decisions).
   */
  async uploadsInUse(urls: string[]): Promise<string[]> {
    if (!urls.length) return [];
    const rows: { url: string }[] = await this.em.getConnection().execute(
      `select u.url from jsonb_array_elements_text(?::jsonb) as u(url)
        where exists (select 1 from qr_codes q where q.logo_url = u.url or q.trainer_image = u.url)`,
      [JSON.stringify(urls)],
    );
    return rows.map((r) => r.url);
  }

  /** A batch's first `limit` codes, oldest first (index qr_codes_batch_id_created_at_index). */
  listInBatch(batchId: string, limit: number): Promise<QrCode[]> {
    return this.em.find(QrCode, { batchId }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit });
  }

  add(tx: EntityManager, code: QrCode): void {
    tx.persist(code);
  }

  /** Several codes that differ (a trainer batch), in one multi-row insert. */
  async insertMany(tx: EntityManager, codes: QrCode[]): Promise<void> {
    await tx.insertMany(QrCode, codes);
  }

  /**
   * `count` copies of `template` in one INSERT … SELECT over generate_series (set-based: no row
   * crosses the wire): each with a fresh random id, its voucher URL (`urlPrefix` + id) and a creation
   * time one microsecond after the previous, so the batch reads back in creation order. Returns the
   * first `firstPage` codes in that order. A template with a vendorId makes the partner's batch: every
   * code lists it in partner_ids, and `then` (assignment's assignMadeCodesSql) assigns it in the same
   * statement.
   */
  async insertCopies(
    tx: EntityManager,
    template: QrCode,
    count: number,
    urlPrefix: string,
    firstPage: number,
    /** What follows in the same statement, from the rows made (`made`: id, vendor_id, created_at). */
    then: { sql: (made: string) => string; params: unknown[] },
  ): Promise<QrCode[]> {
    const t = template;
    await tx.execute(
      `with made as (
         insert into qr_codes (id, company_id, created_by_user_id, clinic_name, discount_type, discount_value,
            service, expiration_date, usage_limit, terms, logo_url, qr_url, qr_data, batch_id, batch_name,
            custom_title, partner_type, created_at, vendor_id, start_date, partner_ids, redemption_mode, funded_by,
            per_member_count, per_member_period)
          select s.id, ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ? || s.id::text, ?::jsonb, ?, ?, ?, ?,
            ?::timestamptz + (s.n - 1) * interval '1 microsecond', v.id, ?::date,
            case when v.id is null then '{}'::uuid[] else array[v.id] end, ?, ?, ?::int, ?
          from (select gen_random_uuid() as id, n from generate_series(1, ?::int) as n) s, (select ?::uuid as id) v
         returning id, vendor_id, created_at)
       ${then.sql('made')}`,
      [
        t.companyId,
        t.createdByUserId,
        t.clinicName,
        t.discountType,
        t.discountValue,
        t.service,
        t.expirationDate,
        t.usageLimit,
        t.terms,
        t.logoUrl,
        urlPrefix,
        t.qrData === null ? null : JSON.stringify(t.qrData),
        t.batchId,
        t.batchName,
        t.customTitle,
        t.partnerType,
        t.createdAt.toISOString(),
        t.startDate,
        t.redemptionMode,
        t.fundedBy,
        t.perMemberCount,
        t.perMemberPeriod,
        count,
        t.vendorId,
        ...then.params,
      ],
    );
    const rows: Record<string, unknown>[] = await tx.execute(
      `select * from qr_codes where batch_id = ? order by created_at, id limit ?`,
      [t.batchId, firstPage],
    );
    return rows.map(({ partner_ids: _partners, ...row }) => tx.map(QrCode, row));
  }

  /**
   * Refreshes the planner's statistics of qr_codes and of its assignments (after a big batch:
   * QrCodesService.bulkGenerate). A batch made for a partner adds as many assignments: until the
   * statistics know them, the till's copy reads a partner's assignments by a bitmap and a sort of all
   * of them instead of a page along qr_code_partners_partner_id_index.
   */
  async analyze(): Promise<void> {
    await this.em.getConnection().execute('analyze qr_codes, qr_code_partners');
  }

  /** Its redemptions and assignments go with it (foreign keys, on delete cascade). */
  async delete(tx: EntityManager, id: string): Promise<void> {
    await tx.nativeDelete(QrCode, { id });
  }

  private scope<T extends object>(qb: QueryBuilder<T>, actor: Actor): void {
    const visible = visibleCodesSql(actor);
    if (visible.sql !== 'true') qb.andWhere(visible.sql, visible.params);
  }
}
