import type { EntityManager } from '@mikro-orm/postgresql';

/** What pg answers one statement with (a simple query of several statements: one per statement). */
export interface PgResult<T = Record<string, unknown>> {
  rows: T[];
}

/**
 * A pooled pg connection, as knex lends it: simple queries (one string, several statements), one with
 * values, or a named prepared statement.
 */
export interface PgConnection {
  query(text: string, values?: unknown[]): Promise<PgResult | PgResult[]>;
  query(config: { name: string; text: string; values: unknown[] }): Promise<PgResult>;
}

interface PooledClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}

/**
 * Lends `work` one connection of `em`'s pool, outside MikroORM, and gives it back however `work` ends:
 * the one place the platform's hot statements (executePrepared) and its own transactions
 * (onPooledConnection) take a connection. A failure to get one is MikroORM's error, as `execute` throws it.
 */
export async function withPooledConnection<T>(
  em: EntityManager,
  work: (connection: PgConnection) => Promise<T>,
): Promise<T> {
  const client = em.getConnection().getKnex().client as PooledClient;
  let connection: PgConnection;
  try {
    connection = await client.acquireConnection();
  } catch (error) {
    throw em.getDriver().convertException(error as Error);
  }
  try {
    return await work(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}
