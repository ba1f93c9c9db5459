import type { Actor } from '@avpass/contracts';

/** A piece of a WHERE clause with its `?` parameters, in order. */
export interface SqlClause {
  sql: string;
  params: unknown[];
}

/** `a_b%` typed in a search box means those characters, not LIKE wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Codes (`alias` = qr_codes) assigned to the partner: an active row of qr_code_partners. */
export function assignedToSql(partnerId: string, alias = 'q'): SqlClause {
  return {
    sql: `${alias}.id in (select p.qr_code_id from qr_code_partners p where p.partner_id = ? and p.is_active)`,
    params: [partnerId],
  };
}

/**
 * Who may see which code, the one place it is written: the platform administrator sees every code, a
 * company exactly the codes assigned to it, anyone else nothing. Every list, count, stat and download
 * of codes goes through this clause (the vouchers repositories; tested in test/visibility.test.ts).
 */
export function visibleCodesSql(actor: Actor, alias = 'q'): SqlClause {
  if (actor.role === 'super_admin') return { sql: 'true', params: [] };
  if (!actor.companyId) return { sql: 'false', params: [] };
  return assignedToSql(actor.companyId, alias);
}

/**
 * The code search box: partner name, service, page title, batch name or the start of the id,
 * case-insensitive. Null when blank.
 */
export function codeSearchSql(search: string | undefined, alias = 'q'): SqlClause | null {
  const text = search?.trim();
  if (!text) return null;
  const contains = `%${likeEscape(text)}%`;
  return {
    sql: `(${alias}.clinic_name ilike ? or ${alias}.service ilike ? or ${alias}.custom_title ilike ? or ${alias}.batch_name ilike ? or ${alias}.id::text ilike ?)`,
    params: [contains, contains, contains, contains, `${likeEscape(text.toLowerCase())}%`],
  };
}

/** `clauses` joined with AND (the blank ones left out), as one clause. */
export function allOf(...clauses: (SqlClause | null)[]): SqlClause {
  const present = clauses.filter((c): c is SqlClause => c !== null);
  if (!present.length) return { sql: 'true', params: [] };
  return { sql: present.map((c) => c.sql).join(' and '), params: present.flatMap((c) => c.params) };
}
