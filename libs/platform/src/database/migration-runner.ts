import { MikroORM } from '@mikro-orm/core';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Client } from 'pg';
import { guardAppendOnlyTables, releaseAppendOnlyTables } from './append-only-guard';
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
      // A migration runs as the service's role, which must own what it alters: a guarded table goes
      // back to the role for the migrations and is handed over again right after.
      if (database?.adminUrl && (await migrator.getPendingMigrations()).length)
        await releaseAppendOnlyTables(database.adminUrl, schema, database.role);
      const applied = await migrator.up();
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
