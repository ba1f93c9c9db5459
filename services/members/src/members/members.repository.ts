import type { MemberConsentFilter, MemberSort } from '@avpass/contracts';
import {
  allOf,
  auditEntryOfRow,
  AUDIT_ENTRY_COLUMN_LIST,
  keysetOrder,
  likeEscape,
  type AuditEntryDbRow,
  type KeysetList,
  type SqlClause,
} from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { MemberRow } from './member.mapper';

/**
 * The members list's sorts: newest first with the plain cursor (members_created_order), or by last
 * name then first name (members_name_order, the same expression), the id breaking ties.
 */
const MEMBER_LIST: KeysetList<MemberSort> = {
  id: 'm.id',
  sorts: {
    createdAt: { expression: 'm.created_at', type: 'timestamptz' },
    name: { expression: "lower(m.last_name || ' ' || m.first_name)", type: 'text' },
  },
  defaultSort: 'createdAt',
  defaultOrder: { name: 'asc' },
  plainCursor: { sort: 'createdAt', column: 'm.created_at', orders: 'either-way' },
};

/** Up to this many matches, a search or tag page is read through their indexes, not the order's. */
const SPARSE_ROWS = 1000;

export interface MemberPageQuery {
  search?: string | undefined;
  /** E.164 prefixes the search stands for when it looks like a phone (member-fields.ts). */
  phonePrefixes?: string[] | null;
  tag?: string | undefined;
  consent?: MemberConsentFilter | undefined;
  sort?: MemberSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The search box as one clause: a prefix of the first name, the last name, the full name or the
 * e-mail, or the phone's E.164 prefixes — each branch a btree range of its own index (migration 0001),
 * so PostgreSQL answers the `or` with a BitmapOr, never a scan of the table. `indexed: false` gives
 * the same test in a form no index serves (`|| ''`), for a page that walks the order's index instead.
 */
export function memberSearchSql(
  search: string | undefined,
  phonePrefixes?: string[] | null,
  indexed = true,
): SqlClause | null {
  if (!search) return null;
  const like = `${likeEscape(search.toLowerCase())}%`;
  const fence = indexed ? '' : " || ''";
  const branches = [
    `lower(m.first_name)${fence} like ?`,
    `lower(m.last_name)${fence} like ?`,
    `lower(m.first_name || ' ' || m.last_name)${fence} like ?`,
    `m.email${fence} like ?`,
  ];
  const params: unknown[] = [like, like, like, like];
  for (const prefix of phonePrefixes ?? []) {
    branches.push(`m.phone${fence} like ?`);
    params.push(`${prefix}%`);
  }
  return { sql: `(${branches.join(' or ')})`, params };
}

/** One tag: the GIN index's `@>`, or (not indexed) the same test as `= any`. */
function tagSql(tag: string | undefined, indexed: boolean): SqlClause | null {
  if (!tag) return null;
  return indexed
    ? { sql: 'm.tags @> array[?]::text[]', params: [tag] }
    : { sql: '? = any(m.tags)', params: [tag] };
}

/** The list's filters; `indexed: false` in forms no index serves (the walk of the order's index). */
function memberFilterSql(query: MemberPageQuery, indexed: boolean): SqlClause {
  return allOf(
    { sql: 'm.erased_at is null', params: [] },
    memberSearchSql(query.search, query.phonePrefixes, indexed),
    tagSql(query.tag, indexed),
    consentSql(query.consent),
  );
}

function consentSql(consent: MemberConsentFilter | undefined): SqlClause | null {
  if (!consent) return null;
  if (consent === 'none') return { sql: 'not m.email_consent and not m.sms_consent', params: [] };
  return { sql: consent === 'email' ? 'm.email_consent' : 'm.sms_consent', params: [] };
}

/** What the members folder reads: the list, one member, the export's history. */
@Injectable()
export class MembersRepository {
  constructor(private readonly em: EntityManager) {}

  /** A member not erased, read in the caller's transaction when given one (`lock`: for update). */
  async findById(id: string, tx: EntityManager = this.em, lock = false): Promise<MemberRow | null> {
    const rows: MemberRow[] = await tx
      .getConnection()
      .execute(
        `select * from members where id = ? and erased_at is null${lock ? ' for update' : ''}`,
        [id],
        'all',
        tx.getTransactionContext(),
      );
    return rows[0] ?? null;
  }

  /** The ids of the members (not erased) holding this e-mail or phone, other than `exceptId`. */
  async holdersOf(
    email: string | null | undefined,
    phone: string | null | undefined,
    exceptId: string | null,
    tx: EntityManager = this.em,
  ): Promise<{ email: boolean; phone: boolean }> {
    const rows: { email: string | null; phone: string | null }[] = await tx.getConnection().execute(
      `select email, phone from members
        where (email = ? or phone = ?) and id is distinct from ?::uuid`,
      [email ?? null, phone ?? null, exceptId],
      'all',
      tx.getTransactionContext(),
    );
    return {
      email: Boolean(email) && rows.some((r) => r.email === email),
      phone: Boolean(phone) && rows.some((r) => r.phone === phone),
    };
  }

  /**
   * One page of the members screen by keyset (a cursor of another sort is a 400). Every filter reads an
   * index (the prefixes' btrees, the tags' GIN) or is dense (consent), so a page costs the same with
   * 100 or 100,000 members.
   */
  async page(query: MemberPageQuery): Promise<{ items: MemberRow[]; nextCursor: string | null }> {
    const keyset = keysetOrder(MEMBER_LIST, query);
    const filter = memberFilterSql(query, true);
    const connection = this.em.getConnection();
    // A search or a tag reads its indexes; how many rows match decides the plan. Few (a name, an
    // e-mail, a phone): read them through those indexes (a materialized CTE) and sort that handful —
    // walking the order's index would test every member when none comes early. Many: walk the order's
    // index, which meets a page of matches almost at once; the page's filter is then written so no
    // index serves it (else PostgreSQL reads and sorts every match of a name and a tag). It cannot
    // tell the two apart from its estimates of a prefix `or`, so one bounded count (at most
    // SPARSE_ROWS + 1 rows) asks.
    let source = 'members m';
    let sourceParams: unknown[] = [];
    if (query.search || query.tag) {
      const [probe] = (await connection.execute(
        `select count(*)::int as n from (select 1 from members m where ${filter.sql} limit ?) x`,
        [...filter.params, SPARSE_ROWS + 1],
      )) as [{ n: number }];
      if (probe.n <= SPARSE_ROWS) {
        source = `(with matches as materialized (select * from members m where ${filter.sql})
                   select * from matches) m`;
        sourceParams = filter.params;
      }
    }
    const where = allOf(memberFilterSql(query, false), keyset.after);
    type Row = MemberRow & { cursor_at: string; sort_value: string | null };
    const rows: Row[] = await connection.execute(
      `select m.*, ${keyset.keyColumns}
         from ${source}
        where ${where.sql}
        order by ${keyset.orderBy}
        limit ?`,
      [...sourceParams, ...where.params, query.limit],
    );
    return {
      items: rows.map(({ cursor_at: _c, sort_value: _s, ...row }) => row),
      nextCursor: keyset.next(rows, query.limit),
    };
  }

  /** The member's consents as given and withdrawn, oldest first. */
  consentHistory(
    memberId: string,
  ): Promise<{ channel: 'email' | 'sms'; given: boolean; source: string; at: Date }[]> {
    return this.em
      .getConnection()
      .execute('select channel, given, source, at from member_consents where member_id = ? order by at, id', [
        memberId,
      ]);
  }

  /** The audit trail's entries about the member, oldest first (its own audit_entries). */
  async auditHistory(memberId: string) {
    const rows: AuditEntryDbRow[] = await this.em.getConnection().execute(
      `select ${AUDIT_ENTRY_COLUMN_LIST} from audit_entries
        where target_type = 'member' and target_id = ? order by seq`,
      [memberId],
    );
    return rows.map(auditEntryOfRow);
  }

  /**
   * The members (not erased) holding any of these e-mails or phones, for an import: one statement per
   * 5,000 keys, read in the import's transaction.
   */
  async findByKeys(tx: EntityManager, emails: string[], phones: string[]): Promise<MemberRow[]> {
    const found: MemberRow[] = [];
    const size = 5000;
    for (let i = 0; i < Math.max(emails.length, phones.length); i += size) {
      const rows: MemberRow[] = await tx.getConnection().execute(
        `select * from members
          where email in (select jsonb_array_elements_text(?::jsonb))
             or phone in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(emails.slice(i, i + size)), JSON.stringify(phones.slice(i, i + size))],
        'all',
        tx.getTransactionContext(),
      );
      found.push(...rows);
    }
    return [...new Map(found.map((r) => [r.id, r])).values()];
  }
}
