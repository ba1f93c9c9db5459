import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MigrationRunner } from '../database/migration-runner';
import { ormConfig, type ServiceMigration } from '../database/orm-config';
import { ensureServiceSchema } from '../database/service-database';
import { createTestDatabase } from './test-database';

/**
 * A service's real migrations on a fresh database, first recorded under their former (date-like)
 * names the way a database migrated before decision 201 holds them, then started with the numbered
 * list through the MigrationRunner (which fails on a migration that runs twice: its tables exist).
 * Returns the recorded names, in run order, before and after.
 */
export async function migrateFromFormerNames(
  service: string,
  migrations: readonly ServiceMigration[],
): Promise<{ before: string[]; after: string[] }> {
  const db = await createTestDatabase();
  try {
    const database = await ensureServiceSchema(db.url, service, `${service}-former-names-secret-0123456789`);
    const open = (list: ServiceMigration[]) =>
      MikroORM.init<PostgreSqlDriver>(
        ormConfig({ clientUrl: database.url, schema: database.schema, entities: [], migrations: list }),
      );
    const names = async (orm: MikroORM) =>
      (
        await orm.em
          .getConnection()
          .execute<
            { name: string }[]
          >(`select name from "${database.schema}".mikro_orm_migrations order by id`)
      ).map((row: { name: string }) => row.name);

    // The database as the former names left it: every migration that has one (a later migration, added
    // after the renumbering, has none and runs for the first time below).
    const old = await open(
      migrations.flatMap((migration) =>
        migration.formerName ? [{ name: migration.formerName, class: migration.class }] : [],
      ),
    );
    let before: string[];
    try {
      await old.getMigrator().up();
      before = await names(old);
    } finally {
      await old.close(true);
    }
    const numbered = await open([...migrations]);
    try {
      await new MigrationRunner(numbered).run();
      return { before, after: await names(numbered) };
    } finally {
      await numbered.close(true);
    }
  } finally {
    await db.drop();
  }
}
