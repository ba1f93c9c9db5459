import { DomainError } from '../messaging/domain-error';
import type { SqlClause } from './sql-clause';

/**
 * Keyset paging: a page's cursor is the sort key of the row before it — its timestamp exactly as
 * PostgreSQL prints it (microseconds and offset, so it round-trips) and its id — as opaque base64url.
 * The next page is "rows after that key" in the list's order, which an index in that order serves
 * by seeking, so a deep page costs what the first costs. Every service's lists use it (docs/adding-a-service.md,
 * "Adding a list endpoint").
 */
export interface SortKey {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): SortKey {
  let parsed: unknown;
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
  return { at: parsed[0], id: parsed[1] };
}

/** Rows after `cursor` in the order (`at` desc, `id` desc) — or asc — as a row comparison the index serves. */
export function afterCursorSql(
  cursor: string | undefined,
  atColumn: string,
  idColumn: string,
  direction: 'desc' | 'asc' = 'desc',
): SqlClause | null {
  return keyComparison(cursor, atColumn, idColumn, direction === 'desc' ? '<' : '>');
}

/** Rows up to and including `cursor`'s row in the order: the end of a range that `afterCursorSql` starts. */
export function upToCursorSql(
  cursor: string | undefined,
  atColumn: string,
  idColumn: string,
  direction: 'desc' | 'asc' = 'desc',
): SqlClause | null {
  return keyComparison(cursor, atColumn, idColumn, direction === 'desc' ? '>=' : '<=');
}

function keyComparison(
  cursor: string | undefined,
  atColumn: string,
  idColumn: string,
  op: '<' | '>' | '<=' | '>=',
): SqlClause | null {
  if (!cursor) return null;
  const key = decodeCursor(cursor);
  return { sql: `(${atColumn}, ${idColumn}) ${op} (?::timestamptz, ?::uuid)`, params: [key.at, key.id] };
}

/** The next page's cursor: the last row's key when the page is full, else null (no more rows). */
export function nextCursor(rows: { cursor_at: string; id: string }[], limit: number): string | null {
  const last = rows[rows.length - 1];
  return rows.length === limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null;
}
