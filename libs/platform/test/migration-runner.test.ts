import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationRunner } from '../src/database/migration-runner';
import { ormConfig, type ServiceMigration } from '../src/database/orm-config';
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

/** Fails when run twice: a database that ran it must never run it again. */
class Widgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table widgets (id int primary key)');
  }
}
class Gadgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table gadgets (id int primary key)');
  }
}
class Sprockets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table sprockets (id int primary key)');
  }
}
class Broken extends Migration {
  override async up(): Promise<void> {
    this.addSql('select no_such_function()');
  }
}

const openWith = (database: ServiceDatabase, migrations: ServiceMigration[]) =>
  MikroORM.init<PostgreSqlDriver>(
    ormConfig({ clientUrl: database.url, schema: database.schema, entities: [], migrations }),
  );

/** The names recorded in the schema's migrations table, in the order they ran. */
async function recorded(database: ServiceDatabase): Promise<string[]> {
  const orm = await openWith(database, []);
  try {
    const rows: { name: string }[] = await orm.em
      .getConnection()
      .execute(`select name from ${database.schema}.mikro_orm_migrations order by id`);
    return rows.map((row) => row.name);
  } finally {
    await orm.close(true);
  }
}

async function migrate(database: ServiceDatabase, migrations: ServiceMigration[]): Promise<void> {
  const orm = await openWith(database, migrations);
  try {
    await new MigrationRunner(orm).run();
  } finally {
    await orm.close(true);
  }
}

describe('migrations renamed to numbers (decision 201)', () => {
  let db: TestDatabase;
  let database: ServiceDatabase;
  // Recorded under date-like names that ran out of order, as wallet's did.
  const before: ServiceMigration[] = [
    { name: 'Migration20261214Widgets', class: Widgets },
    { name: 'Migration20261206Gadgets', class: Gadgets },
  ];
  const numbered: ServiceMigration[] = [
    { name: 'Migration0001Widgets', class: Widgets, formerName: 'Migration20261214Widgets' },
    { name: 'Migration0002Gadgets', class: Gadgets, formerName: 'Migration20261206Gadgets' },
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    database = await ensureServiceSchema(db.url, 'migration_names', 'migration-names-secret-0123456789');
    await migrate(database, before);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a failed start renames nothing: the renaming and the migrations are one transaction', async () => {
    await expect(
      migrate(database, [...numbered, { name: 'Migration0003Broken', class: Broken }]),
    ).rejects.toThrow(/no_such_function/);
    expect(await recorded(database)).toEqual(['Migration20261214Widgets', 'Migration20261206Gadgets']);
  });

  it('a database migrated under the old names runs nothing again, only what is new, and keeps the numbered names', async () => {
    await migrate(database, [...numbered, { name: 'Migration0003Sprockets', class: Sprockets }]);
    expect(await recorded(database)).toEqual([
      'Migration0001Widgets',
      'Migration0002Gadgets',
      'Migration0003Sprockets',
    ]);
    // Once renamed, a second start finds nothing to rename and nothing to run.
    await migrate(database, [...numbered, { name: 'Migration0003Sprockets', class: Sprockets }]);
    expect(await recorded(database)).toEqual([
      'Migration0001Widgets',
      'Migration0002Gadgets',
      'Migration0003Sprockets',
    ]);
  });

  it('a fresh database records the numbered names only', async () => {
    const fresh = await ensureServiceSchema(db.url, 'migration_fresh', 'migration-fresh-secret-0123456789');
    await migrate(fresh, numbered);
    expect(await recorded(fresh)).toEqual(['Migration0001Widgets', 'Migration0002Gadgets']);
  });
});
