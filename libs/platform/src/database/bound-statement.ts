import type { EntityManager } from '@mikro-orm/postgresql';
import { isScalar } from './prepared-statement';

/**
 * Runs one statement (`?` placeholders) in `em`'s transaction when it has one, its values sent as
 * parameters. MikroORM's `execute` formats every value into the statement's text (pg's escapeLiteral,
 * a character at a time): for a statement carrying a megabyte of JSON (a chunk of member copies, a
 * page of mails) that costs more CPU and garbage in the service than the statement itself
 * (decision 346). Values are scalars only (knex would spread an array into a list: pass `pgArray`).
 * Errors are MikroORM's, as `execute` throws them.
 */
export async function executeBound<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const wrong = params.findIndex((value) => !isScalar(value));
  if (wrong >= 0)
    throw new Error(`executeBound: value ${wrong + 1} is not a string, number, boolean or null`);
  const query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as (string | number | boolean | null)[]);
  const inTransaction = em.getTransactionContext();
  if (inTransaction) query.transacting(inTransaction);
  try {
    const result = (await query) as unknown as { rows: T[] };
    return result.rows;
  } catch (error) {
    throw em.getDriver().convertException(error as Error);
  }
}
