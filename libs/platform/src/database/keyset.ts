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
  if (Array.isArray(parsed) && parsed[0] === SORTED_CURSOR_TAG) {
    // A cursor of another sort (encodeSortedCursor) given to the list's default order.
    throw DomainError.validation(CURSOR_OTHER_SORT_MESSAGE, { cursor: [CURSOR_OTHER_SORT_MESSAGE] });
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

/**
 * Keyset paging of a list sorted by another column than its creation time (issue 27: tables that
 * sort): the cursor carries the sort's name and direction with the row's sort value and id, so a
 * cursor handed out under one sort is refused (400) under another instead of silently skipping rows.
 */
export interface SortedKey {
  sort: string;
  order: 'asc' | 'desc';
  /** The row's sort value as text (PostgreSQL's own print of it, so it casts back exactly). */
  value: string;
  id: string;
}

/** How a sort's value is compared: the expression the index is built on, and its SQL type. */
export interface SortColumn {
  sort: string;
  order: 'asc' | 'desc';
  /** The indexed expression, e.g. `lower(q.clinic_name)`. */
  expression: string;
  /** The cast of the cursor's value: `text`, `int`, `bigint` (sums of cents), `date`, `timestamptz`. */
  type: 'text' | 'int' | 'bigint' | 'date' | 'timestamptz';
}

const SORTED_CURSOR_TAG = 's1';
export const CURSOR_OTHER_SORT_MESSAGE =
  'cursor belongs to another sort order; start again from the first page';

export function encodeSortedCursor(key: SortedKey): string {
  return Buffer.from(JSON.stringify([SORTED_CURSOR_TAG, key.sort, key.order, key.value, key.id])).toString(
    'base64url',
  );
}

/** The key of a sorted cursor, refused (400) when malformed or handed out under another sort. */
export function decodeSortedCursor(cursor: string, column: Pick<SortColumn, 'sort' | 'order'>): SortedKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 2) {
    // A creation-time cursor ([at, id]) from the list's default order.
    throw DomainError.validation(CURSOR_OTHER_SORT_MESSAGE, { cursor: [CURSOR_OTHER_SORT_MESSAGE] });
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 5 ||
    parsed[0] !== SORTED_CURSOR_TAG ||
    !parsed.every((part) => typeof part === 'string') ||
    (parsed[2] !== 'asc' && parsed[2] !== 'desc') ||
    !UUID.test(parsed[4] as string)
  ) {
    const message = 'cursor is not valid; start again from the first page';
    throw DomainError.validation(message, { cursor: [message] });
  }
  const [, sort, order, value, id] = parsed as [string, string, 'asc' | 'desc', string, string];
  if (sort !== column.sort || order !== column.order) {
    throw DomainError.validation(CURSOR_OTHER_SORT_MESSAGE, { cursor: [CURSOR_OTHER_SORT_MESSAGE] });
  }
  return { sort, order, value, id };
}

/** Rows after a sorted cursor in the column's order: `(expression, id) > / < (value, id)`. */
export function afterSortedCursorSql(
  cursor: string | undefined,
  column: SortColumn,
  idColumn: string,
): SqlClause | null {
  if (!cursor) return null;
  const key = decodeSortedCursor(cursor, column);
  const op = column.order === 'desc' ? '<' : '>';
  return {
    sql: `(${column.expression}, ${idColumn}) ${op} (?::${column.type}, ?::uuid)`,
    params: [key.value, key.id],
  };
}

/** The next page's sorted cursor: the last row's value and id when the page is full, else null. */
export function nextSortedCursor(
  rows: { sort_value: string; id: string }[],
  limit: number,
  column: Pick<SortColumn, 'sort' | 'order'>,
): string | null {
  const last = rows[rows.length - 1];
  return rows.length === limit && last
    ? encodeSortedCursor({ sort: column.sort, order: column.order, value: last.sort_value, id: last.id })
    : null;
}

/** A sort's indexed expression and the cast of its cursor value (a SortColumn without its name and way). */
export type SortExpression = Omit<SortColumn, 'sort' | 'order'>;

/**
 * A list that pages by keyset in the sorts a screen offers (the one way every repository resolves its
 * `sort` / `order` query, decision 191): each sort's indexed expression, the id column that breaks ties,
 * and the creation-time sort whose cursor is the plain `[at, id]` one the list handed out before it
 * sorted (so a cursor kept from then still works).
 */
export interface KeysetList<S extends string> {
  /** The tie-breaker of every order, e.g. `c.id`. */
  id: string;
  /** Each sort's expression, e.g. `{ name: { expression: 'lower(c.name)', type: 'text' } }`. */
  sorts: Readonly<Record<S, SortExpression>>;
  /** The sort when the query names none (the creation-time one). */
  defaultSort: S;
  /** Each sort's way when the query names none; 'desc' for a sort not listed. */
  defaultOrder?: Partial<Readonly<Record<S, 'asc' | 'desc'>>>;
  /**
   * Which orders of the creation-time sort keep the plain `[at, id]` cursor over this column: newest
   * first only (every other order's cursor says its sort), or both ways. Absent: every order's cursor
   * says its sort.
   */
  plainCursor?: { sort: S; column: string; orders: 'newest-first' | 'either-way' };
}

/** What a repository puts into its page statement for one `sort` / `order` / `cursor` query. */
export interface KeysetOrder {
  sort: string;
  order: 'asc' | 'desc';
  /** The order's column when its cursor says its sort; null when it is the plain `[at, id]` cursor. */
  column: SortColumn | null;
  /** Rows after the cursor in this order (null without a cursor), for the `where`. */
  after: SqlClause | null;
  /** The `order by` list: the sort's expression, then the id, both in the order's way. */
  orderBy: string;
  /** The select-list items the next cursor is read from: `… as cursor_at, … as sort_value`. */
  keyColumns: string;
  /** The next page's cursor from the page's rows (they carry `keyColumns`), null after the last page. */
  next(
    rows: readonly { cursor_at?: string; sort_value?: string | null; id: string }[],
    limit: number,
  ): string | null;
}

/** Resolves a list query's sort, way and cursor against the list's sorts (a cursor of another sort is a 400). */
export function keysetOrder<S extends string>(
  list: KeysetList<S>,
  query: { sort?: S | undefined; order?: 'asc' | 'desc' | undefined; cursor?: string | undefined },
): KeysetOrder {
  const sort = query.sort ?? list.defaultSort;
  const order = query.order ?? list.defaultOrder?.[sort] ?? 'desc';
  const plain = list.plainCursor;
  const isPlain =
    plain !== undefined && sort === plain.sort && (plain.orders === 'either-way' || order === 'desc');
  if (isPlain) {
    return {
      sort,
      order,
      column: null,
      after: afterCursorSql(query.cursor, plain.column, list.id, order),
      orderBy: `${plain.column} ${order}, ${list.id} ${order}`,
      keyColumns: `${plain.column}::text as cursor_at, null as sort_value`,
      next: (rows, limit) => nextCursor(rows as { cursor_at: string; id: string }[], limit),
    };
  }
  const column: SortColumn = { sort, order, ...list.sorts[sort] };
  return {
    sort,
    order,
    column,
    after: afterSortedCursorSql(query.cursor, column, list.id),
    orderBy: `${column.expression} ${order}, ${list.id} ${order}`,
    keyColumns: `${plain ? `${plain.column}::text` : 'null'} as cursor_at, (${column.expression})::text as sort_value`,
    next: (rows, limit) => nextSortedCursor(rows as { sort_value: string; id: string }[], limit, column),
  };
}

/**
 * The sort a list request asks for: `sort` with its `order` (or the sort's own default order), an
 * `order` alone as creation time in that order, neither as undefined (the list's default). One reading
 * for every sorted list (issue 38: it was copied into each service).
 */
export function requestedSort<S extends string>(
  sort: S | undefined,
  order: 'asc' | 'desc' | undefined,
  defaultOrders: Readonly<Record<S, 'asc' | 'desc'>>,
): { sort: S | 'createdAt'; order: 'asc' | 'desc' } | undefined {
  if (sort) return { sort, order: order ?? defaultOrders[sort] };
  return order ? { sort: 'createdAt', order } : undefined;
}
