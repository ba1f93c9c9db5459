import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationRunner } from '../src/database/migration-runner';
import { ormConfig } from '../src/database/orm-config';
import { ensureServiceSchema, type ServiceDatabase } from '../src/database/service-database';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/** Slow enough that two replicas starting together would both be inside it without the lock. */
class Migration1Widgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table widgets (id int primary key)');
    this.addSql('select pg_sleep(0.3)');
  }
}

const openOrm = (database: ServiceDatabase) =>
  MikroORM.init<PostgreSqlDriver>(
    ormConfig({
      clientUrl: database.url,
      schema: database.schema,
      entities: [],
      migrations: [{ name: 'Migration1Widgets', class: Migration1Widgets }],
    }),
  );

describe('migrations on a fresh deployment', () => {
  let db: TestDatabase;
  let database: ServiceDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    database = await ensureServiceSchema(db.url, 'migration_probe', 'migration-probe-secret-0123456789');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('three replicas starting at once all start, and the migration is applied exactly once', async () => {
    const orms = await Promise.all([1, 2, 3].map(() => openOrm(database)));
    try {
      const results = await Promise.allSettled(orms.map((orm) => new MigrationRunner(orm).run()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
        'started',
        'started',
        'started',
      ]);
      const applied: { name: string }[] = await orms[0]!.em
        .getConnection()
        .execute('select name from mikro_orm_migrations');
      expect(applied.map((m) => m.name)).toEqual(['Migration1Widgets']);
    } finally {
      await Promise.all(orms.map((orm) => orm.close(true)));
    }
  });
});
