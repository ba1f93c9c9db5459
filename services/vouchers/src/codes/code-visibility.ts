import type { Actor } from '@avpass/contracts';
import { likeEscape, type SqlClause } from '@avpass/platform';
import { searchTextOf } from './code-search-text';
import { clubWideSql } from './honoured-by';

/** Codes (`alias` = qr_codes) assigned to the partner: an active row of qr_code_partners. */
export function assignedToSql(partnerId: string, alias = 'q'): SqlClause {
  return {
    sql: `${alias}.id in (select p.qr_code_id from qr_code_partners p where p.partner_id = ? and p.is_active)`,
    params: [partnerId],
  };
}

/**
 * The same rule as assignedToSql, checked row by row (one probe of the partner-and-code index each),
 * for a partner that holds many of the codes: a list read along its own index then finds a page after
 * a few hundred probes, where assignedToSql first collects every code assigned to the partner (100,000
 * at a year's size). For a partner with few codes it is the other way round (QrCodesService decides).
 */
export function assignedRowSql(partnerId: string, alias = 'q'): SqlClause {
  return {
    sql: `exists (select 1 from qr_code_partners p where p.qr_code_id = ${alias}.id and p.partner_id = ? and p.is_active)`,
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
 * The redemptions (`r`, of the code `q`) a partner's tables list and count, by the rule its tallies
 * count them (TALLIED_PARTNERS): those of the codes assigned to it (`assigned`: assignedToSql, or
 * assignedRowSql checked row by row), and a club-wide code's made at its till (issue 37).
 */
export function partnerRedemptionsSql(
  partnerId: string,
  assigned: (partnerId: string, alias: string) => SqlClause = assignedToSql,
  r = 'r',
  q = 'q',
): SqlClause {
  const own = assigned(partnerId, q);
  return {
    sql: `(${own.sql} or (${r}.partner_id = ?::uuid and ${r}.channel = 'till' and ${clubWideSql(q)}))`,
    params: [...own.params, partnerId],
  };
}

/** visibleCodesSql for redemptions: the administrator every one, a company partnerRedemptionsSql's. */
export function visibleRedemptionsSql(actor: Actor, r = 'r', q = 'q'): SqlClause {
  if (actor.role !== 'super_admin' && actor.companyId)
    return partnerRedemptionsSql(actor.companyId, assignedToSql, r, q);
  return visibleCodesSql(actor, q);
}

const UUID_ZERO = '00000000-0000-0000-0000-000000000000';
const UUID_DASHES = new Set([8, 13, 18, 23]);

/** The ids starting with `text` as a range of the primary key, or null when no id can start so. */
export function idPrefixRange(text: string): [string, string] | null {
  const prefix = text.toLowerCase();
  if (prefix.length > 36) return null;
  for (let i = 0; i < prefix.length; i++) {
    const ok = UUID_DASHES.has(i) ? prefix[i] === '-' : /[0-9a-f]/.test(prefix[i]!);
    if (!ok) return null;
  }
  const rest = UUID_ZERO.slice(prefix.length);
  return [prefix + rest, prefix + rest.replace(/0/g, 'f')];
}

/** Between the fields of `codeSearchText`: a character no search text contains (else see below). */
const FIELD_SEPARATOR = '\x1f';

/**
 * The searched fields of a code as one lower-cased text, fields apart by FIELD_SEPARATOR: the
 * expression qr_codes_search_trgm_index is built on (migrations/0004-scale.ts; the two must
 * stay the same expression, or the index is not used).
 */
export function codeSearchText(alias = 'q'): string {
  return searchTextOf(alias);
}

/**
 * The code search box: partner name, service, page title or batch name containing the text, or the
 * start of the id (a primary-key range), case-insensitive. Null when blank. The fields are searched
 * as one lower-cased text through one trigram index: in a UTF-8 database `a ilike p` is exactly
 * `lower(a) like lower(p)`, and a text without FIELD_SEPARATOR can only match inside one field, so
 * the answer is the same as `clinic_name ilike p or service ilike p or …` (what a text with the
 * separator in it is searched by).
 */
export function codeSearchSql(search: string | undefined, alias = 'q'): SqlClause | null {
  const text = search?.trim();
  if (!text) return null;
  const contains = codeSearchPattern(text);
  const ids = idPrefixRange(text);
  const byId = ids ? ` or ${alias}.id between ?::uuid and ?::uuid` : '';
  if (text.includes(FIELD_SEPARATOR)) {
    return {
      sql: `(${alias}.clinic_name ilike ? or ${alias}.service ilike ? or ${alias}.custom_title ilike ? or ${alias}.batch_name ilike ?${byId})`,
      params: [contains, contains, contains, contains, ...(ids ?? [])],
    };
  }
  return { sql: `(${codeSearchText(alias)} like lower(?)${byId})`, params: [contains, ...(ids ?? [])] };
}

/** The `like` pattern of a (trimmed, non-blank) search text. */
export function codeSearchPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

/**
 * Whether the administrator's search total may be the search texts' tally (code_search_tallies):
 * exactly when codeSearchSql is the one `like` on codeSearchText, with no id-prefix branch.
 */
export function searchCountedByTally(text: string): boolean {
  return !idPrefixRange(text) && !text.includes(FIELD_SEPARATOR);
}
