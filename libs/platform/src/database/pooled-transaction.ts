import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { withPooledConnection, type PgConnection, type PgResult } from './pooled-connection';
import { isScalar, positionalSql } from './prepared-statement';

export type { PgConnection, PgResult } from './pooled-connection';

/**
 * Statements in an open transaction, for a handler that writes a batch with SQL only (an event
 * consumer's `many` handler): `?` placeholders, as `em.getConnection().execute` takes them, and
 * values that are strings, numbers, booleans or null (pass `pgArray` for an array). Errors are
 * MikroORM's, as `execute` throws them.
 */
export interface SqlTx {
  execute<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as it may stand inside an array literal of a simple query's text (checked: nothing else gets in). */
export function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new Error(`an id that is not a uuid: ${JSON.stringify(id)}`);
  return id;
}

/** The values as pg sends them and MikroORM inlines them alike (a handler runs the same on either). */
function scalars(params: readonly unknown[]): unknown[] {
  const wrong = params.findIndex((value) => !isScalar(value));
  if (wrong >= 0) throw new Error(`SqlTx: value ${wrong + 1} is not a string, number, boolean or null`);
  return [...params];
}

/**
 * Runs `work` on one pooled connection of the service's pool, outside MikroORM: the platform's
 * plumbing that runs a hot transaction of its own (the outbox relay's claim and mark, an event
 * consumer's batch) sends `begin` with its first statement and `commit` with its last, a round trip
 * each, with no ORM transaction, identity map or formatting of values into the text (decisions 349,
 * 376). When `work` throws, the transaction is rolled back (a broken connection fails the rollback
 * too; the pool drops a connection that errored) and the error goes on.
 */
export async function onPooledConnection<T>(
  orm: MikroORM,
  work: (connection: PgConnection) => Promise<T>,
): Promise<T> {
  return withPooledConnection(orm.em as EntityManager, async (connection) => {
    try {
      return await work(connection);
    } catch (error) {
      await connection.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/** The statements of `connection`'s open transaction as a SqlTx (each sent with its values as parameters). */
export function sqlTxOn(orm: MikroORM, connection: PgConnection): SqlTx {
  return {
    async execute<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const text = positionalSql(sql);
      if (text === null) throw new Error(`SqlTx: a statement with '??' or a quoted '?': ${sql.slice(0, 80)}`);
      const values = scalars(params);
      try {
        return ((await connection.query(text, values)) as PgResult<T>).rows;
      } catch (error) {
        throw (orm.em as EntityManager).getDriver().convertException(error as Error);
      }
    },
  };
}

/** An ORM transaction's statements as a SqlTx (a `many` handler called within one). */
export function sqlTxOf(tx: EntityManager): SqlTx {
  return {
    execute: <T>(sql: string, params: readonly unknown[] = []) =>
      tx.getConnection().execute<T[]>(sql, scalars(params), 'all', tx.getTransactionContext()),
  };
}
