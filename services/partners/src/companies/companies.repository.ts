import type { SortOrder, VendorSort, VendorStatusFilter } from '@avpass/contracts';
import {
  conflictOnUniqueViolation,
  decodeCursor,
  encodeCursor,
  keysetOrder,
  likeEscape,
  type Conflict,
  type KeysetList,
} from '@avpass/platform';
import { EntityManager, raw, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Company } from './company.entity';

export interface CompanyPageQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
  category?: string | undefined;
  cursor?: string | undefined;
  /** The screen's sort (issue 27); without it, newest first. */
  sort?: { sort: VendorSort; order: SortOrder } | undefined;
  status?: VendorStatusFilter | undefined;
}

/** Up to this many matches, a search page is read through the search indexes, not the date index. */
const SPARSE_SEARCH_ROWS = 2000;

export interface CompanyPage {
  items: Company[];
  total: number;
  nextCursor: string | null;
}

export const MAX_GALLERY_PHOTOS = 50;

/**
 * The partners screen's sorts: by creation time either way with the plain cursor (the (created_at desc,
 * id desc) index, read either way), or by name (companies_name_order_index, partners migration 20261212).
 */
const COMPANY_LIST: KeysetList<VendorSort> = {
  id: 'c.id',
  sorts: {
    createdAt: { expression: 'c.created_at', type: 'timestamptz' },
    name: { expression: 'lower(c.name)', type: 'text' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'c.created_at', orders: 'either-way' },
};

@Injectable()
export class CompaniesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The company, read in the caller's transaction when given one. */
  findById(id: string, tx: EntityManager = this.em): Promise<Company | null> {
    return tx.findOne(Company, { id });
  }

  /** Stores a new company; 'conflict' when its e-mail is taken after all (the unique index). */
  insertUnique(fields: RequiredEntityData<Company>): Promise<Company | Conflict> {
    return this.flushUnique(this.em.create(Company, fields));
  }

  /** Changes a company; 'conflict' when its new e-mail is taken after all (the unique index). */
  assignUnique(company: Company, changes: Partial<Company>): Promise<Company | Conflict> {
    this.em.assign(company, changes);
    return this.flushUnique(company);
  }

  /**
   * Raises the company's status version in the caller's transaction, once its change of isActive is
   * flushed: that UPDATE holds the row until commit, so concurrent changes get distinct versions.
   */
  async raiseStatusVersion(tx: EntityManager, id: string): Promise<number> {
    const rows: { status_version: number }[] = await tx
      .getConnection()
      .execute(
        'update companies set status_version = status_version + 1 where id = ? returning status_version',
        [id],
        'all',
        tx.getTransactionContext(),
      );
    const version = rows[0]?.status_version;
    if (version === undefined) throw new Error(`company ${id} vanished while its status changed`);
    return version;
  }

  /** Writes the changes made to a company read through this repository. */
  async save(company: Company): Promise<void> {
    await this.em.persistAndFlush(company);
  }

  /** Deletes the company when the caller's transaction commits. */
  remove(tx: EntityManager, company: Company): void {
    tx.remove(company);
  }

  /** Newest first, as the partners screen lists them. */
  listNewestFirst(): Promise<Company[]> {
    return this.em.find(Company, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /**
   * One page of the partners screen, newest first (the (created_at desc, id desc) index, read either
   * way) or by name (companies_name_order_index, partners migration 20261212), by keyset when a cursor
   * is given (a cursor of another sort is a 400). Every filter is indexed (trigram for the search, GIN
   * for the category) or dense (the status), so the page costs the same with 10 or 10,000 partners.
   */
  async page(query: CompanyPageQuery): Promise<CompanyPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.search) {
      const like = `%${likeEscape(query.search.toLowerCase())}%`;
      where.push('(c.name ilike ? or lower(c.email) like ?)');
      params.push(like, like);
    }
    if (query.category) {
      where.push('c.categories @> ?::jsonb');
      params.push(JSON.stringify([query.category]));
    }
    if (query.status) where.push(query.status === 'active' ? 'c.is_active' : 'not c.is_active');
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const keyset = keysetOrder(COMPANY_LIST, { ...query.sort, cursor: query.cursor });
    const pageWhere = [...where];
    const pageParams = [...params];
    const after = keyset.after;
    if (after) {
      pageWhere.push(after.sql);
      pageParams.push(...after.params);
    }
    const connection = this.em.getConnection();
    const [{ total }] = (await connection.execute(
      `select count(*)::int as total from companies c ${filter}`,
      params,
    )) as [{ total: number }];
    // The count (through the trigram / GIN indexes) says how dense the matches are. Few matches: read
    // them through those indexes first (a materialized CTE) and sort that handful — walking the order's
    // index would test most of the table when they are far along it. Many (or no search): walk the
    // order's index, which meets a page of matches almost at once.
    const sparse = Boolean(query.search) && total <= SPARSE_SEARCH_ROWS;
    const whereSql = pageWhere.length ? `where ${pageWhere.join(' and ')}` : '';
    const source = sparse
      ? `(with matches as materialized (select * from companies c ${whereSql}) select * from matches) c`
      : `companies c ${whereSql}`;
    type Row = Record<string, unknown> & { cursor_at: string; sort_value: string | null; id: string };
    const rows: Row[] = await connection.execute(
      `select c.*, ${keyset.keyColumns}
         from ${source}
        order by ${keyset.orderBy}
        limit ? offset ?`,
      [...pageParams, query.limit, query.cursor ? 0 : query.offset],
    );
    return {
      items: rows.map(({ cursor_at: _, sort_value: _value, ...row }) => this.em.map(Company, row)),
      total,
      nextCursor: keyset.next(rows, query.limit),
    };
  }

  /** Which of these uploaded files a partner still shows as its logo or in its gallery. */
  async uploadsInUse(urls: string[]): Promise<string[]> {
    if (!urls.length) return [];
    const rows: { url: string }[] = await this.em.getConnection().execute(
      `select u.url from jsonb_array_elements_text(?::jsonb) as u(url)
        where exists (select 1 from companies c where c.logo_url = u.url)
           or exists (select 1 from companies c where c.gallery_photos @> jsonb_build_array(u.url))`,
      [JSON.stringify(urls)],
    );
    return rows.map((r) => r.url);
  }

  /** For pickers: alphabetical; optionally only one company (a partner's own staff). */
  listByName(onlyId?: string): Promise<Company[]> {
    return this.em.find(Company, onlyId ? { id: onlyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
  }

  /**
   * The landing page shows partners in the order they joined; the first three are featured. At most
   * `limit` (the (created_at, id) index read backwards), so a network of 10,000 stays one small answer.
   */
  listActiveOldestFirst(limit: number): Promise<Company[]> {
    return this.em.find(Company, { isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit });
  }

  /** These partners (unknown ids are left out). */
  findByIds(ids: string[]): Promise<Company[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.em.find(Company, { id: { $in: ids } });
  }

  /**
   * One page of the landing page's active partners in the order they joined, after the cursor's
   * (created_at, id) by keyset; `search` keeps names containing it (any case, the trigram index on
   * name). One page costs the same for the 1st partner as for the 10,000th.
   */
  async publicPage(query: {
    cursor?: string | undefined;
    limit: number;
    search?: string | undefined;
  }): Promise<{ items: Company[]; nextCursor: string | null }> {
    const where = ['c.is_active'];
    const params: unknown[] = [];
    if (query.search) {
      where.push('c.name ilike ?');
      params.push(`%${likeEscape(query.search)}%`);
    }
    if (query.cursor) {
      const key = decodeCursor(query.cursor);
      where.push('(c.created_at, c.id) > (?::timestamptz, ?::uuid)');
      params.push(key.at, key.id);
    }
    const rows: (Record<string, unknown> & { cursor_at: string; id: string })[] = await this.em
      .getConnection()
      .execute(
        `select c.*, c.created_at::text as cursor_at from companies c where ${where.join(' and ')}
          order by c.created_at, c.id limit ?`,
        [...params, query.limit + 1],
      );
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(({ cursor_at: _, ...row }) => this.em.map(Company, row)),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** How many active partners the public list shows for a search (the partners are a few thousand). */
  async countPublic(search?: string): Promise<number> {
    const params: unknown[] = [];
    let where = 'is_active';
    if (search) {
      where += ' and name ilike ?';
      params.push(`%${likeEscape(search)}%`);
    }
    const [{ total }] = (await this.em
      .getConnection()
      .execute(`select count(*)::int as total from companies where ${where}`, params)) as [{ total: number }];
    return total;
  }

  async isEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const qb = this.em.createQueryBuilder(Company).where('lower(email) = ?', [email.trim().toLowerCase()]);
    if (exceptId) qb.andWhere({ id: { $ne: exceptId } });
    return (await qb.getCount()) > 0;
  }

  /**
   * Appends a gallery photo in one statement, so two uploads at once both land and the cap holds.
   * Returns false when the company is missing or already has the maximum.
   */
  async appendGalleryPhoto(id: string, url: string): Promise<boolean> {
    const result = await this.em
      .createQueryBuilder(Company)
      .update({ galleryPhotos: raw('gallery_photos || ?::jsonb', [JSON.stringify([url])]) })
      .where({ id })
      .andWhere('jsonb_array_length(gallery_photos) < ?', [MAX_GALLERY_PHOTOS])
      .execute('run');
    return result.affectedRows > 0;
  }

  /** Re-reads a company changed by a statement that bypassed the identity map. */
  reload(id: string): Promise<Company | null> {
    return this.em.findOne(Company, { id }, { refresh: true });
  }

  /** The unique index is the real guard: two simultaneous requests get 'conflict' (a 409), not a 500. */
  private async flushUnique(company: Company): Promise<Company | Conflict> {
    const outcome = await conflictOnUniqueViolation(() => this.em.persistAndFlush(company));
    if (outcome !== 'conflict') return company;
    this.em.clear();
    return outcome;
  }
}
