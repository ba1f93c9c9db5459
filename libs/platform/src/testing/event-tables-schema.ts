import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from '../database/orm-config';
import { OUTBOX_TABLES_SQL } from '../events/outbox-migration';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A test database whose `schema` holds a service's outbox and inbox tables, and two ways to reach it. */
export interface EventTablesSchema {
  db: TestDatabase;
  /** A plain client with its search_path on the schema (for the test's own reads and writes). */
  sql: Client;
  /** MikroORM on the schema, as a service's (no entities, no migrations). */
  orm: MikroORM;
  /** Closes both and drops the database. */
  close(): Promise<void>;
}

/**
 * For the platform's own tests of the outbox relay, the consumers and the event tables' retention: a
 * new database with `schema` and the outbox/inbox tables as every service's first migration creates them
 * (OUTBOX_TABLES_SQL), then `extraDdl` (a consumer's own state, say).
 */
export async function createEventTablesSchema(
  schema: string,
  extraDdl: readonly string[] = [],
): Promise<EventTablesSchema> {
  const db = await createTestDatabase();
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`create schema ${schema}`);
  await sql.query(`set search_path = ${schema}`);
  for (const ddl of [...OUTBOX_TABLES_SQL, ...extraDdl]) await sql.query(ddl);
  const orm = await MikroORM.init(ormConfig({ clientUrl: db.url, schema, entities: [], migrations: [] }));
  return {
    db,
    sql,
    orm,
    async close() {
      await orm.close(true);
      await sql.end();
      await db.drop();
    },
  };
}
