import { DomainError } from '@avpass/platform';

/** A WHERE fragment with its `?` parameters. */
export interface SqlClause {
  sql: string;
  params: unknown[];
}

/** Joins clauses with `and`; no clause is `true`. */
export function allOf(...clauses: (SqlClause | null | undefined)[]): SqlClause {
  const present = clauses.filter((c): c is SqlClause => !!c);
  if (present.length === 0) return { sql: 'true', params: [] };
  return { sql: present.map((c) => `(${c.sql})`).join(' and '), params: present.flatMap((c) => c.params) };
}

/** `%` and `_` in a search term mean themselves. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Keyset paging as in the vouchers service: a cursor is the last row's (timestamp as PostgreSQL prints
 * it, id), base64url; the next page is a row comparison the list's index seeks to.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function afterCursorSql(
  cursor: string | undefined,
  atColumn: string,
  idColumn: string,
): SqlClause | null {
  if (!cursor) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !TIMESTAMP.test(parsed[0]) ||
    !UUID.test(parsed[1])
  ) {
    const message = 'cursor is not valid; start again from the first page';
    throw DomainError.validation(message, { cursor: [message] });
  }
  return { sql: `(${atColumn}, ${idColumn}) < (?::timestamptz, ?::uuid)`, params: [parsed[0], parsed[1]] };
}

export function nextCursor(rows: { cursor_at: string; id: string }[], limit: number): string | null {
  const last = rows[rows.length - 1];
  return rows.length === limit && last
    ? Buffer.from(JSON.stringify([last.cursor_at, last.id])).toString('base64url')
    : null;
}
