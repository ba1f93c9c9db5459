// avpass/repositories-only, by example: what a service, a subscriber or a platform file may and may not
// do, and that repositories, migrations and tests are left alone. The last block runs with type
// information (as `npm run lint` does), where a database handle is found by its type, whatever its name.
import { RuleTester } from 'eslint';
import { resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { isSqlStatement, repositoriesOnly } from './repositories-only.mjs';

// The first type-aware case builds the TypeScript program of a service with MikroORM's types: seconds on
// a quiet machine, close to a minute on a loaded one (stop 47 measured 52 s), so the ceiling is generous.
const TIMEOUT_MS = 180_000;
RuleTester.describe = describe;
RuleTester.it = (text, method) => it(text, method, TIMEOUT_MS);
// A case marked `only: true` would silently hide every other case: refuse it instead of focusing.
RuleTester.itOnly = (text) => {
  throw new Error(`Remove \`only: true\` from the rule test case ${JSON.stringify(text)}`);
};

const ROOT = resolve(import.meta.dirname, '../..');
const service = resolve(ROOT, 'services/partners/src/companies/companies.service.ts');
const at = (path) => resolve(ROOT, path);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('repositories-only', repositoriesOnly, {
  valid: [
    // A service opens a transaction and passes it on: the one allowed way.
    {
      filename: service,
      code: `
        import { DomainError, EventOutbox, Transactions, type Tx } from '@avpass/platform';
        export class CompaniesService {
          constructor(private readonly transactions: Transactions, private readonly companies: CompaniesRepository, private readonly outbox: EventOutbox) {}
          remove(id: string) {
            return this.transactions.run(async (tx: Tx) => {
              const company = await this.companies.findById(id, tx);
              if (!company) throw DomainError.notFound('Partner');
              this.companies.remove(tx, company);
              this.outbox.enqueueEvent(tx, 'partners.partner.deleted.v1', { partnerId: id });
            });
          }
        }`,
    },
    // Entities and error classes come from MikroORM too.
    {
      filename: at('services/partners/src/companies/company.entity.ts'),
      code: `import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
        @Entity({ tableName: 'companies' }) export class Company { @PrimaryKey() id!: string }`,
    },
    {
      filename: service,
      code: `import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
        export const isDuplicate = (e: unknown) => e instanceof UniqueConstraintViolationException;`,
    },
    // Sentences that start like SQL are not SQL; SQL-looking words inside a message neither.
    {
      filename: service,
      code: `
        throw new Error('Select a partner from the list');
        const a = 'Update failed, please try again';
        const b = 'Delete from your cart?';
        const c = \`With \${n} codes as (a batch) it takes a while\`;
        const d = 'delete';
        const e = 'selected partners from the directory';
        const f = 'a code can be updated from the voucher page';`,
    },
    // Passing a handle on is not a call on it; unrelated methods and names are fine.
    {
      filename: service,
      code: `
        await this.repo.save(tx, user);
        await this.nats.connection.close();
        const item = items.find((i) => i.id === id);
        this.problem.flush();
        queue.add('zip', job);`,
    },
    // Repositories, migrations, platform migration SQL and tests are what the database is for.
    {
      filename: at('services/partners/src/companies/companies.repository.ts'),
      code: `import { EntityManager, raw } from '@mikro-orm/postgresql';
        export class CompaniesRepository {
          constructor(private readonly em: EntityManager) {}
          page() { return this.em.getConnection().execute('select count(*)::int as total from companies c', []); }
          find(id: string) { return this.em.findOne(Company, { id }); }
        }`,
    },
    {
      filename: at('services/partners/src/migrations/0001-initial.ts'),
      code: `export class Initial { async up() { this.addSql('create table companies (id uuid primary key)'); } }`,
    },
    {
      filename: at('libs/platform/src/events/outbox-migration.ts'),
      code: `export const OUTBOX_TABLES_SQL = ['create table if not exists outbox_events (id uuid primary key)'];`,
    },
    {
      filename: at('services/partners/test/partners.test.ts'),
      code: `import { EntityManager } from '@mikro-orm/postgresql';
        await em.getConnection().execute('delete from companies');`,
    },
    {
      filename: at('libs/platform/src/testing/test-database.ts'),
      code: `import knex from 'knex'; await db.execute('select 1');`,
    },
  ],
  invalid: [
    // The planted violation: a service that queries by itself (what companies.service.ts did).
    {
      filename: service,
      code: `
        import { EntityManager } from '@mikro-orm/postgresql';
        export class CompaniesService {
          constructor(private readonly em: EntityManager) {}
          async create(input: CompanyInput) {
            const company = this.em.create(Company, input);
            await this.em.persistAndFlush(company);
            return company;
          }
        }`,
      errors: [
        { messageId: 'import', line: 2 },
        { messageId: 'call', line: 6 },
        { messageId: 'call', line: 7 },
      ],
    },
    // Types count as much as values, from any MikroORM package; knex and pg are drivers.
    {
      filename: service,
      code: `import type { EntityManager } from '@mikro-orm/core';`,
      errors: [{ messageId: 'import', data: { name: 'EntityManager', source: '@mikro-orm/core' } }],
    },
    {
      filename: service,
      code: `import { MikroORM, raw, sql, type QueryBuilder } from '@mikro-orm/postgresql';`,
      errors: [
        { messageId: 'import', data: { name: 'MikroORM', source: '@mikro-orm/postgresql' } },
        { messageId: 'import', data: { name: 'raw', source: '@mikro-orm/postgresql' } },
        { messageId: 'import', data: { name: 'sql', source: '@mikro-orm/postgresql' } },
        { messageId: 'import', data: { name: 'QueryBuilder', source: '@mikro-orm/postgresql' } },
      ],
    },
    {
      filename: service,
      code: `import * as orm from '@mikro-orm/core';`,
      errors: [{ messageId: 'namespace' }],
    },
    {
      filename: service,
      code: `import type { Knex } from '@mikro-orm/knex'; import { Pool } from 'pg'; import knex from 'knex';`,
      errors: [{ messageId: 'driver' }, { messageId: 'driver' }, { messageId: 'driver' }],
    },
    {
      filename: service,
      code: `export { EntityManager } from '@mikro-orm/postgresql';`,
      errors: [{ messageId: 'import' }],
    },
    // Calls on anything named like a handle: em, *Em, entityManager, orm, tx, *Tx.
    {
      filename: at('services/identity/src/partner-events/partner-deleted.subscriber.ts'),
      code: `
        const users = await tx.find(User, { companyId });
        await em.flush();
        const forked = this.orm.em.fork();
        await outerTx.nativeDelete(Session, { userId });
        await this.entityManager.count(User);
        requestEm.persist(user);`,
      errors: [
        { messageId: 'call', data: { receiver: 'tx', method: 'find' } },
        { messageId: 'call', data: { receiver: 'em', method: 'flush' } },
        { messageId: 'call', data: { receiver: 'this.orm.em', method: 'fork' } },
        { messageId: 'call', data: { receiver: 'outerTx', method: 'nativeDelete' } },
        { messageId: 'call', data: { receiver: 'this.entityManager', method: 'count' } },
        { messageId: 'call', data: { receiver: 'requestEm', method: 'persist' } },
      ],
    },
    // Methods only a database handle has, whatever the handle is called.
    {
      filename: service,
      code: `
        const conn = this.manager.getConnection();
        await conn.execute('refresh materialized view stats');
        this.db.createQueryBuilder(Company).where({ id });
        const knexInstance = this.database.getKnex();
        await this.database.transactional(async () => {});`,
      errors: [
        { messageId: 'call', data: { receiver: 'this.manager', method: 'getConnection' } },
        { messageId: 'call', data: { receiver: 'conn', method: 'execute' } },
        { messageId: 'call', data: { receiver: 'this.db', method: 'createQueryBuilder' } },
        { messageId: 'call', data: { receiver: 'this.database', method: 'getKnex' } },
        { messageId: 'call', data: { receiver: 'this.database', method: 'transactional' } },
      ],
    },
    // SQL statements in string and template literals, lower or upper case.
    {
      filename: at('services/vouchers/src/stats/tallies-sql.ts'),
      code: `
        const a = 'select id from users where id = ?';
        const b = \`insert into tallies (scope, n) values (\${scope}, 1)\`;
        const c = 'UPDATE users SET is_active = false WHERE company_id = ?';
        const d = 'delete from sessions where user_id = any(?)';
        const e = 'with moved as materialized (select 1) select * from moved';
        const f = '  (select count(*) from qr_codes)';
        const g = 'create index if_not_exists on t (a)';
        const h = 'truncate pending_tallies';
        const i = 'select 1';`,
      errors: Array.from({ length: 9 }, (_, i) => ({ messageId: 'sql', line: i + 2 })),
    },
    // The platform is covered too, outside its own data plumbing.
    {
      filename: at('libs/platform/src/messaging/partner-directory.ts'),
      code: `await this.orm.em.getConnection().execute('select name from companies');`,
      errors: [
        { messageId: 'call', data: { receiver: 'this.orm.em', method: 'getConnection' } },
        { messageId: 'call', data: { receiver: 'this.orm.em.getConnection()', method: 'execute' } },
        { messageId: 'sql' },
      ],
    },
  ],
});

// With type information, a handle is found by its type: a parameter called `handle` typed `Tx`.
const typed = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: true, tsconfigRootDir: ROOT },
  },
});

typed.run('repositories-only (type-aware)', repositoriesOnly, {
  valid: [
    {
      filename: service,
      code: `import type { Tx } from '@avpass/platform';
        export async function rename(handle: Tx, save: (tx: Tx) => Promise<void>) { await save(handle); }`,
    },
  ],
  invalid: [
    {
      filename: service,
      code: `import type { Tx } from '@avpass/platform';
        export async function count(handle: Tx) { return handle.count('User', {}); }`,
      errors: [{ messageId: 'call', data: { receiver: 'handle', method: 'count' } }],
    },
  ],
});

describe('isSqlStatement', () => {
  it('tells statements from sentences', ({ expect }) => {
    expect(isSqlStatement('select c.*, c.created_at::text as cursor_at from companies c')).toBe(true);
    expect(isSqlStatement('SELECT 1')).toBe(true);
    expect(isSqlStatement('Select a partner from the list')).toBe(false);
    expect(isSqlStatement('update')).toBe(false);
    expect(isSqlStatement('lower(username) = ?')).toBe(false);
  });
});
