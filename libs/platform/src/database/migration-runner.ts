import { MikroORM } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';

/**
 * Runs the service's committed migrations; called once at start-up, before the event bus starts.
 * Instances of one service starting together (a fresh deployment with several replicas) take turns
 * under an advisory lock per schema: the first applies the migrations, the others then find none
 * pending instead of failing on half-created tables.
 */
@Injectable()
export class MigrationRunner {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly orm: MikroORM) {}

  async run(): Promise<void> {
    const schema = this.orm.config.get('schema') ?? 'public';
    // Session-level locks belong to one connection, so the lock gets its own client, not the pool.
    const lock = new Client({ connectionString: this.orm.config.get('clientUrl') });
    lock.on('error', () => undefined); // a lost session fails the pending query; never an 'error' crash
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtext($1))', [`avpass-migrations:${schema}`]);
      const applied = await this.orm.getMigrator().up();
      if (applied.length) this.logger.log(`applied ${applied.map((m) => m.name).join(', ')}`);
    } finally {
      // Ending the session releases the lock as well, also when up() failed.
      await lock.end();
    }
  }
}
