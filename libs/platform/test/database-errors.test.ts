import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictOnUniqueViolation, isRetryable, isUniqueViolation } from '../src/database/database-errors';
import { ormConfig } from '../src/database/orm-config';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// What the database module says about errors the real PostgreSQL raises, as MikroORM wraps them and as
// `pg` throws them directly.

let db: TestDatabase;
let orm: MikroORM<PostgreSqlDriver>;
let a: Client;
let b: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init<PostgreSqlDriver>(
    ormConfig({ clientUrl: db.url, schema: 'public', entities: [], migrations: [] }),
  );
  a = new Client({ connectionString: db.url });
  b = new Client({ connectionString: db.url });
  await Promise.all([a.connect(), b.connect()]);
  await a.query(
    'create table probes (id int primary key, email text not null constraint probes_email_unique unique, n int not null default 0)',
  );
  await a.query("insert into probes (id, email) values (1, 'one@example.org'), (2, 'two@example.org')");
});
afterAll(async () => {
  await a?.end();
  await b?.end();
  await orm?.close(true);
  await db?.drop();
});

const failure = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected the statement to fail');
    },
    (error: unknown) => error,
  );

describe('database errors, as PostgreSQL raises them', () => {
  it('a duplicate key is a unique violation, through MikroORM and through pg, by constraint when named', async () => {
    const insert = "insert into probes (id, email) values (3, 'one@example.org')";
    const viaOrm = await failure(orm.em.getConnection().execute(insert));
    const viaPg = await failure(a.query(insert));
    for (const error of [viaOrm, viaPg]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'probes_email_unique')).toBe(true);
      expect(isUniqueViolation(error, 'probes_pkey')).toBe(false);
      expect(isRetryable(error)).toBe(false);
    }
    const notNull = await failure(orm.em.getConnection().execute('insert into probes (id) values (4)'));
    expect(isUniqueViolation(notNull)).toBe(false);
  });

  it("a repository's write answers 'conflict' for a unique violation and passes any other error on", async () => {
    const execute = (sql: string) => () => orm.em.getConnection().execute(sql);
    expect(
      await conflictOnUniqueViolation(
        execute("insert into probes (id, email) values (5, 'two@example.org')"),
      ),
    ).toBe('conflict');
    expect(
      await conflictOnUniqueViolation(
        execute("insert into probes (id, email) values (6, 'two@example.org')"),
        'probes_pkey',
      ).catch((error: unknown) => (isUniqueViolation(error, 'probes_email_unique') ? 'thrown' : error)),
    ).toBe('thrown');
    await expect(conflictOnUniqueViolation(execute('select 1 / 0'))).rejects.toThrow(/division by zero/);
    expect(await conflictOnUniqueViolation(async () => 'written')).toBe('written');
  });

  it('a deadlock is retryable', async () => {
    await a.query('begin');
    await b.query('begin');
    await a.query('update probes set n = n + 1 where id = 1');
    await b.query('update probes set n = n + 1 where id = 2');
    const first = a.query('update probes set n = n + 1 where id = 2').then(
      () => null,
      (error: unknown) => error,
    );
    const second = b.query('update probes set n = n + 1 where id = 1').then(
      () => null,
      (error: unknown) => error,
    );
    const [ea, eb] = await Promise.all([first, second]);
    await a.query('rollback');
    await b.query('rollback');
    const deadlock = ea ?? eb;
    expect((deadlock as { code?: string }).code).toBe('40P01');
    expect(isRetryable(deadlock)).toBe(true);
    expect(isRetryable(deadlock, { connectionLoss: false })).toBe(true);
    expect(isUniqueViolation(deadlock)).toBe(false);
  });

  it('a serialization failure is retryable', async () => {
    await a.query('begin isolation level serializable');
    await b.query('begin isolation level serializable');
    await a.query('select sum(n) from probes');
    await b.query('select sum(n) from probes');
    await a.query('update probes set n = n + 1 where id = 1');
    await b.query('update probes set n = n + 1 where id = 2');
    await a.query('commit');
    const error = await failure(b.query('commit'));
    await b.query('rollback').catch(() => undefined);
    expect((error as { code?: string }).code).toBe('40001');
    expect(isRetryable(error)).toBe(true);
  });

  it('a refused connection is retryable, unless the caller leaves connection loss out', async () => {
    const url = new URL(db.url);
    url.port = '1';
    const nobody = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 2000 });
    const error = await failure(nobody.connect());
    expect(isRetryable(error)).toBe(true);
    expect(isRetryable(error, { connectionLoss: false })).toBe(false);
    expect(isRetryable(new Error('something else'))).toBe(false);
  });
});
