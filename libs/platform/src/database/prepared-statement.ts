import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { withPooledConnection } from './pooled-connection';
import { transactionContextOf } from './request-context.interceptor';

/** A statement's `$n` text and the name it is prepared under on every pooled connection. */
interface Prepared {
  name: string;
  text: string;
}

const prepared = new Map<string, Prepared | null>();

/**
 * `?` placeholders (MikroORM's) as `$1…$n`; null when the text has a `?` that may not be a placeholder
 * (`??`, or one inside a quoted string), so the caller goes the usual way.
 */
export function positionalSql(sql: string): string | null {
  let n = 0;
  let quoted = false;
  let text = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'") quoted = !quoted;
    if (c === '?') {
      if (quoted || sql[i + 1] === '?') return null;
      text += `$${++n}`;
    } else text += c;
  }
  return text;
}

/** A statement's `$n` text and a name from its text (null as positionalSql). */
function prepare(sql: string): Prepared | null {
  const text = positionalSql(sql);
  return text === null
    ? null
    : { name: `avpass_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`, text };
}

/** Values pg sends as MikroORM would inline them: strings, numbers, booleans, null (nothing else). */
export const isScalar = (value: unknown): value is string | number | boolean | null => {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean';
};

/**
 * Runs one statement (`?` placeholders) on a pooled connection as a named prepared statement: the
 * database parses and plans it once per connection instead of on every call, and the client sends the
 * values as parameters instead of formatting them into the text. For the hot, large statements run
 * outside a transaction (the redeem); within one (`em` a transaction's), it runs there, unprepared.
 * Errors are MikroORM's, as `em.getConnection().execute` throws
 * them (a unique violation is a UniqueConstraintViolationException). A statement whose text or values
 * this cannot send as they are goes through `execute` as before.
 */
export async function executePrepared<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    statement = prepare(sql);
    if (prepared.size > 100) prepared.clear(); // a few statements are meant; never an unbounded map
    prepared.set(sql, statement);
  }
  // Inside a transaction the statement is part of it: on the transaction's own connection (a pooled one
  // would commit it apart, and could wait for a connection the transaction itself holds).
  const inTransaction = transactionContextOf(em);
  if (inTransaction || !statement || !params.every(isScalar))
    return em.getConnection().execute<T[]>(sql, params, 'all', inTransaction);
  const { name, text } = statement;
  return withPooledConnection(em, async (connection) => {
    try {
      return (await connection.query({ name, text, values: params })).rows as T[];
    } catch (error) {
      throw em.getDriver().convertException(error as Error);
    }
  });
}
