import { MikroORM, type Connection, type Transaction } from '@mikro-orm/core';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Client } from 'pg';
import { guardAppendOnlyTables, releaseAppendOnlyTables } from './append-only-guard';
import type { ServiceMigration } from './orm-config';
import { quoteIdent } from './service-database';
import type { ServicePlatformOptions } from '../service/service-platform-options';
import { SERVICE_OPTIONS } from '../service/tokens';

/**
 * Runs the service's committed migrations; called once at start-up, before the event bus starts.
 * Instances of one service starting together (a fresh deployment with several replicas) take turns
 * under an advisory lock per schema: the first applies the migrations, the others then find none
 * pending instead of failing on half-created tables.
 */
@Injectable()
export class MigrationRunner {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly orm: MikroORM,
    /** Absent in tests that run migrations alone: then the audit tables are not handed over. */
    @Optional() @Inject(SERVICE_OPTIONS) private readonly options?: Pick<ServicePlatformOptions, 'database'>,
  ) {}

  async run(): Promise<void> {
    const schema = this.orm.config.get('schema') ?? 'public';
    // Session-level locks belong to one connection, so the lock gets its own client, not the pool.
    const lock = new Client({ connectionString: this.orm.config.get('clientUrl') });
    lock.on('error', () => undefined); // a lost session fails the pending query; never an 'error' crash
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtext($1))', [`avpass-migrations:${schema}`]);
      const migrator = this.orm.getMigrator();
      const database = this.options?.database;
      const list = (this.orm.config.get('migrations').migrationsList ?? []) as ServiceMigration[];
      const table = `${quoteIdent(schema)}.${quoteIdent(this.orm.config.get('migrations').tableName ?? 'mikro_orm_migrations')}`;
      await migrator.getExecutedMigrations(); // creates the schema and the migrations table when new
      const connection = this.orm.em.getConnection();
      // One transaction: the rows recorded under former names are renamed, then the pending migrations
      // run (MikroORM's own all-or-nothing transaction joins this one); a failure undoes both.
      const applied = await connection.transactional(async (trx) => {
        const renamed = await renameFormerMigrations(connection, trx, table, list);
        if (renamed) this.logger.log(`renamed ${renamed} recorded migration(s) to their numbered names`);
        const recorded = await connection.execute<{ name: string }[]>(
          `select name from ${table}`,
          [],
          'all',
          trx,
        );
        const executed = new Set(recorded.map((row: { name: string }) => row.name));
        // A migration runs as the service's role, which must own what it alters: a guarded table goes
        // back to the role for the migrations and is handed over again right after.
        if (database?.adminUrl && list.some((migration) => !executed.has(migration.name)))
          await releaseAppendOnlyTables(database.adminUrl, schema, database.role);
        return migrator.up({ transaction: trx });
      });
      if (applied.length) this.logger.log(`applied ${applied.map((m) => m.name).join(', ')}`);
      if (database?.adminUrl) {
        const guarded = await guardAppendOnlyTables(database.adminUrl, schema, database.role);
        if (guarded) this.logger.log(`append-only tables handed to the administration role: ${guarded}`);
      }
    } finally {
      // Ending the session releases the lock as well, also when up() failed.
      await lock.end();
    }
  }
}

/**
 * Renames the rows a database recorded under a migration's former name (before the numbering,
 * decision 201) to its name, in the caller's transaction; returns how many. A database migrated under
 * the old names then finds every migration applied and runs nothing again; a new one has no such rows.
 */
export async function renameFormerMigrations(
  connection: Connection,
  trx: Transaction,
  table: string,
  migrations: readonly ServiceMigration[],
): Promise<number> {
  const renames = migrations.filter((migration) => migration.formerName);
  if (!renames.length) return 0;
  const result = await connection.execute<{ affectedRows: number }>(
    `update ${table} as recorded set name = renamed.name
       from (values ${renames.map(() => '(?, ?)').join(', ')}) as renamed (former_name, name)
      where recorded.name = renamed.former_name`,
    renames.flatMap((migration) => [migration.formerName, migration.name]),
    'run',
    trx,
  );
  return result.affectedRows;
}
