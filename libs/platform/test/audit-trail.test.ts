import type { RpcMeta } from '@avpass/contracts';
import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardAppendOnlyTables } from '../src/database/append-only-guard';
import { AUDIT_MIN_RETENTION_DAYS, AUDIT_TABLE_SQL, appendOnlyTableSql } from '../src/audit/audit-migration';
import { AuditTrail, diffChanges } from '../src/audit/audit-trail';
import { MigrationRunner } from '../src/database/migration-runner';
import { ormConfig } from '../src/database/orm-config';
import { ensureServiceSchema, type ServiceDatabase } from '../src/database/service-database';
import { EventOutbox } from '../src/events/event-outbox';
import { OUTBOX_TABLES_SQL } from '../src/events/outbox-migration';
import type { OutboxRelay } from '../src/events/outbox-relay';
import { column, SqlEventWriter } from '../src/events/sql-event-writer';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// AuditTrail against the real PostgreSQL: a service schema and role of its own (as every service has),
// migrated as that role with the outbox tables and AUDIT_TABLE_SQL, as each service's migration does.

class Migration1Tables extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
    this.addSql('create table things (id uuid primary key, name text not null)');
  }
}
class Migration2Audit extends Migration {
  override async up(): Promise<void> {
    for (const sql of AUDIT_TABLE_SQL) this.addSql(sql);
  }
}
class Migration3Retention extends Migration {
  override async up(): Promise<void> {
    for (const sql of appendOnlyTableSql('audit_entries')) this.addSql(sql);
  }
}

const COMPANY = '6f1c1b8e-3a43-4c5e-9a7e-2f4f3b1d9c01';
const THING = '0a6a4f0e-8e4b-4c6b-9f8e-1d2c3b4a5e6f';
const PASSWORD = 'Correct-Horse-Battery-9';
const TOKEN = 'tok_5f0c8a7d2b1e4c3a';
const staffMeta: RpcMeta = {
  requestId: 'req-1',
  actor: { userId: 'user-7', role: 'company_admin', companyId: COMPANY, name: 'Ann Staff', sessionId: TOKEN },
  ip: '203.0.113.9',
  userAgent: `Mozilla/5.0 ${'x'.repeat(700)}`,
};

let db: TestDatabase;
let database: ServiceDatabase;
let orm: MikroORM<PostgreSqlDriver>;
let audit: AuditTrail;
/** The service's own role (the one the service connects as). */
let asService: Client;
/** The privileged connection: superuser, past every privilege, but not past the trigger. */
let asAdmin: Client;
let kicks = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  database = await ensureServiceSchema(db.url, 'audit_probe', 'audit-probe-secret-0123456789');
  orm = await MikroORM.init<PostgreSqlDriver>(
    ormConfig({
      clientUrl: database.url,
      schema: database.schema,
      entities: [],
      migrations: [
        { name: 'Migration1Tables', class: Migration1Tables },
        { name: 'Migration2Audit', class: Migration2Audit },
        { name: 'Migration3Retention', class: Migration3Retention },
      ],
    }),
  );
  await new MigrationRunner(orm).run();
  const relay = { kick: () => void kicks++ } as unknown as OutboxRelay;
  audit = new AuditTrail(new EventOutbox(), new SqlEventWriter(relay), { name: 'audit_probe' });
  asService = new Client({ connectionString: database.url });
  await asService.connect();
  asAdmin = new Client({ connectionString: db.url });
  await asAdmin.connect();
  await asAdmin.query(`set search_path = ${database.schema}`);
});
afterAll(async () => {
  await asService?.end();
  await asAdmin?.end();
  await orm?.close(true);
  await db?.drop();
});
beforeEach(async () => {
  // The only way to empty the table is past its triggers: only the superuser connection can.
  await asAdmin.query('set session_replication_role = replica');
  await asAdmin.query('delete from audit_entries');
  await asAdmin.query('set session_replication_role = default');
  await asAdmin.query('delete from outbox_events');
  await asAdmin.query('delete from things');
});

const rows = async () =>
  (await asAdmin.query('select * from audit_entries order by seq')).rows as Record<string, unknown>[];
const events = async () =>
  (await asAdmin.query(`select * from outbox_events where name = 'audit.entry.recorded.v1' order by seq`))
    .rows as { id: string; payload: Record<string, unknown> }[];
const em = () => orm.em.fork() as EntityManager;

describe('AuditTrail.appendEntry', () => {
  it('writes one row and one audit.entry.recorded.v1 event with the same id, in the change’s transaction', async () => {
    const entry = await em().transactional(async (tx) =>
      audit.appendEntry(tx, staffMeta, {
        action: 'vouchers.voucher.deleted',
        targetType: 'voucher',
        targetId: THING,
        companyId: COMPANY,
        changes: diffChanges({ name: 'Old', uses: 1 }, null),
      }),
    );
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: entry.id,
      actor_type: 'user',
      actor_id: 'user-7',
      actor_name: 'Ann Staff',
      actor_role: 'company_admin',
      actor_company_id: COMPANY,
      action: 'vouchers.voucher.deleted',
      target_type: 'voucher',
      target_id: THING,
      company_id: COMPANY,
      request_id: 'req-1',
      ip: '203.0.113.9',
      changes: { name: { before: 'Old', after: null }, uses: { before: 1, after: null } },
      service: 'audit_probe',
    });
    expect((row!.user_agent as string).length).toBe(500);
    const [event, ...moreEvents] = await events();
    expect(moreEvents).toEqual([]);
    expect(event!.payload).toEqual(entry);
    expect(event!.payload.id).toBe(row!.id);
    expect(new Date(row!.at as Date).toISOString()).toBe(entry.at);
  });

  it('a rolled-back transaction writes neither the entry nor its event', async () => {
    await expect(
      em().transactional(async (tx) => {
        audit.appendEntry(tx, staffMeta, {
          action: 'vouchers.voucher.deleted',
          targetType: 'voucher',
          targetId: THING,
        });
        await tx.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('an anonymous caller is `public` with its address; no meta is `system`', async () => {
    await em().transactional(async (tx) => {
      audit.appendEntry(
        tx,
        { requestId: 'req-2', ip: '198.51.100.4' },
        {
          action: 'identity.sign-in.failed',
          targetType: 'user',
          targetId: 'someone',
        },
      );
      audit.appendEntry(tx, null, { action: 'credits.credit.deactivated', targetType: 'credit' });
    });
    const [pub, sys] = await rows();
    expect(pub).toMatchObject({
      actor_type: 'public',
      actor_id: null,
      ip: '198.51.100.4',
      request_id: 'req-2',
    });
    expect(sys).toMatchObject({ actor_type: 'system', actor_id: null, ip: null, request_id: null });
  });

  it('never stores a secret, at any depth, in the row or its event', async () => {
    await em().transactional(async (tx) => {
      audit.appendEntry(tx, staffMeta, {
        action: 'identity.user.profile-changed',
        targetType: 'user',
        targetId: 'user-7',
        changes: {
          ...diffChanges(
            { username: 'ann', passwordHash: 'old-hash', password: PASSWORD },
            { username: 'anna', passwordHash: `$argon2id$${PASSWORD}`, password: PASSWORD },
          ),
          password_hash: { before: 'x', after: PASSWORD },
          profile: { before: null, after: { nested: { token: TOKEN, refreshToken: TOKEN, keep: 1 } } },
        },
      });
    });
    const [row] = await rows();
    expect(row!.changes).toEqual({
      username: { before: 'ann', after: 'anna' },
      profile: { before: null, after: { nested: { keep: 1 } } },
    });
    const everything = JSON.stringify([await rows(), await events()]);
    for (const secret of [PASSWORD, TOKEN, 'old-hash', 'argon2id']) expect(everything).not.toContain(secret);
  });

  it('refuses a malformed action, target type or company id before anything is written', () => {
    const tx = em();
    // An action or a target type not in AUDIT_ACTIONS is a type error too; a caller that casts still fails.
    // @ts-expect-error not an action of AUDIT_ACTIONS
    expect(() => audit.appendEntry(tx, staffMeta, { action: 'deleted', targetType: 'voucher' })).toThrow(
      /action/,
    );
    expect(() =>
      // @ts-expect-error not a target kind of the action
      audit.appendEntry(tx, staffMeta, { action: 'vouchers.voucher.deleted', targetType: 'Voucher Code' }),
    ).toThrow(/target type/);
    expect(() =>
      audit.appendEntry(tx, staffMeta, {
        action: 'vouchers.voucher.deleted',
        targetType: 'voucher',
        companyId: 'not-a-uuid',
      }),
    ).toThrow();
  });
});

describe('AuditTrail.appendEntriesFrom (one-statement writers)', () => {
  it('writes one entry and one event per row the statement changed, in that statement', async () => {
    kicks = 0;
    const insert = audit.appendEntriesFrom(staffMeta, 'made', {
      action: 'vouchers.voucher.created',
      targetType: 'voucher',
      targetId: column('id'),
      companyId: COMPANY,
      changes: column(`jsonb_build_object('name', jsonb_build_object('before', null, 'after', name))`),
    });
    const { rows: result } = await asService.query(
      toPg(`with made as (insert into things (id, name) values (?, 'one'), (gen_random_uuid(), 'two') returning *),
        ${insert.ctes}
        select ${insert.payloads} as payloads`),
      [THING, ...insert.params],
    );
    insert.written(result[0].payloads);
    expect(kicks).toBe(1);
    const written = await rows();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({
      actor_type: 'user',
      actor_id: 'user-7',
      action: 'vouchers.voucher.created',
      company_id: COMPANY,
      service: 'audit_probe',
    });
    expect(written.map((r) => r.target_id)).toContain(THING);
    expect(written.map((r) => r.changes)).toContainEqual({ name: { before: null, after: 'one' } });
    const sent = await events();
    expect(sent.map((e) => e.payload.id).sort()).toEqual(written.map((r) => r.id).sort());
  });

  it('a statement that changes nothing writes no entry', async () => {
    const insert = audit.appendEntriesFrom(staffMeta, 'made', {
      action: 'vouchers.voucher.created',
      targetType: 'voucher',
      targetId: column('id'),
      companyId: null,
      changes: null,
    });
    const { rows: result } = await asService.query(
      toPg(`with made as (update things set name = 'x' where false returning *), ${insert.ctes}
        select ${insert.payloads} as payloads`),
      insert.params,
    );
    insert.written(result[0].payloads);
    expect(await rows()).toEqual([]);
  });
});

describe('audit_entries is append-only in the database', () => {
  beforeEach(async () => {
    await em().transactional(async (tx) => {
      audit.appendEntry(tx, staffMeta, {
        action: 'partners.partner.updated',
        targetType: 'partner',
        targetId: 'p',
      });
    });
  });

  /** An entry written `days` ago (the service role may insert any time; only the trigger judges age). */
  const insertAged = (days: number) =>
    asService.query(
      `insert into audit_entries (id, at, actor_type, action, target_type, service)
       values (gen_random_uuid(), now() - make_interval(days => $1), 'system', 'probe.entry.aged', 'probe', 'audit_probe')`,
      [days],
    );
  const aged = async () =>
    Number(
      (await asAdmin.query(`select count(*) from audit_entries where action = 'probe.entry.aged'`)).rows[0]
        .count,
    );

  it('the service role cannot update or truncate, nor delete an entry younger than 400 days', async () => {
    await expect(asService.query(`update audit_entries set action = 'x.y.z'`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(asService.query('truncate audit_entries')).rejects.toThrow(/permission denied/);
    await insertAged(399);
    await expect(asService.query('delete from audit_entries')).rejects.toThrow(
      /audit_entries is append-only: DELETE refused/,
    );
    expect(await rows()).toHaveLength(2);
  });

  it('the retention job may delete entries older than 400 days, and only those', async () => {
    await insertAged(401);
    await insertAged(399);
    const deleted = await asService.query(
      `delete from audit_entries where at < now() - interval '${AUDIT_MIN_RETENTION_DAYS} days'`,
    );
    expect(deleted.rowCount).toBe(1);
    expect(await aged()).toBe(1);
    expect(await rows()).toHaveLength(2);
  });

  it('the service role can still insert and read', async () => {
    const { rows: read } = await asService.query('select action from audit_entries');
    expect(read).toEqual([{ action: 'partners.partner.updated' }]);
  });

  it('the trigger refuses even the table owner who grants itself the rights back, and a superuser', async () => {
    await asService.query('grant update, delete, truncate on audit_entries to current_user');
    try {
      await expect(asService.query(`update audit_entries set action = 'x.y.z'`)).rejects.toThrow(
        /audit_entries is append-only: UPDATE refused/,
      );
      await expect(asService.query('delete from audit_entries')).rejects.toThrow(
        /audit_entries is append-only: DELETE refused/,
      );
      await expect(asService.query('truncate audit_entries')).rejects.toThrow(
        /audit_entries is append-only: TRUNCATE refused/,
      );
    } finally {
      await asService.query('revoke update, truncate on audit_entries from current_user');
    }
    await expect(asAdmin.query(`update audit_entries set action = 'x.y.z'`)).rejects.toThrow(/append-only/);
    await expect(asAdmin.query('delete from audit_entries')).rejects.toThrow(/append-only/);
    const [row] = await rows();
    expect(row).toMatchObject({ action: 'partners.partner.updated' });
  });

  describe('handed to the administration role (guardAppendOnlyTables, a superuser DATABASE_URL)', () => {
    beforeAll(async () => {
      // Before: the service role owns the table, so it could switch its own trigger off.
      await asService.query('alter table audit_entries disable trigger audit_entries_append_only');
      await asService.query('alter table audit_entries enable trigger audit_entries_append_only');
      expect(await guardAppendOnlyTables(db.url, database.schema, database.role)).toBe(1);
      expect(await guardAppendOnlyTables(db.url, database.schema, database.role)).toBe(0); // idempotent
    });

    it('the service role can no longer disable, drop or replace the triggers or their function', async () => {
      await expect(
        asService.query('alter table audit_entries disable trigger audit_entries_append_only'),
      ).rejects.toThrow(/must be owner/);
      await expect(
        asService.query('drop trigger audit_entries_append_only on audit_entries'),
      ).rejects.toThrow(/must be owner/);
      await expect(
        asService.query(`create or replace function avpass_guard.refuse_audit_change() returns trigger
           language plpgsql as $$ begin return old; end $$`),
      ).rejects.toThrow(/permission denied/);
      await expect(
        asService.query('drop function avpass_guard.refuse_audit_change() cascade'),
      ).rejects.toThrow(/permission denied|must be owner/);
      // A GRANT by a non-owner grants nothing (a warning), so the UPDATE stays refused.
      await asService.query('grant update on audit_entries to current_user');
      await expect(asService.query(`update audit_entries set action = 'x.y.z'`)).rejects.toThrow(
        /permission denied/,
      );
    });

    it('a later migration may still alter the table: it goes back to the role for it, then is handed over again', async () => {
      class Migration4Index extends Migration {
        override async up(): Promise<void> {
          this.addSql('create index audit_entries_action_probe_idx on audit_entries (action)');
        }
      }
      const later = await MikroORM.init<PostgreSqlDriver>(
        ormConfig({
          clientUrl: database.url,
          schema: database.schema,
          entities: [],
          migrations: [
            { name: 'Migration1Tables', class: Migration1Tables },
            { name: 'Migration2Audit', class: Migration2Audit },
            { name: 'Migration3Retention', class: Migration3Retention },
            { name: 'Migration4Index', class: Migration4Index },
          ],
        }),
      );
      try {
        await new MigrationRunner(later, { database }).run();
      } finally {
        await later.close(true);
      }
      const { rows: idx } = await asAdmin.query(
        `select 1 from pg_indexes where indexname = 'audit_entries_action_probe_idx'`,
      );
      expect(idx).toHaveLength(1);
      await expect(
        asService.query('alter table audit_entries disable trigger audit_entries_append_only'),
      ).rejects.toThrow(/must be owner/);
    });

    it('still writes entries with the change, reads them, and purges only entries past retention', async () => {
      await em().transactional(async (tx) => {
        audit.appendEntry(tx, staffMeta, {
          action: 'partners.partner.deleted',
          targetType: 'partner',
          targetId: 'p',
        });
      });
      expect((await rows()).map((r) => r.action)).toEqual([
        'partners.partner.updated',
        'partners.partner.deleted',
      ]);
      await insertAged(401);
      await insertAged(10);
      await expect(asService.query('delete from audit_entries')).rejects.toThrow(
        /audit_entries is append-only: DELETE refused/,
      );
      const deleted = await asService.query(
        `delete from audit_entries where at < now() - interval '${AUDIT_MIN_RETENTION_DAYS} days'`,
      );
      expect(deleted.rowCount).toBe(1);
      expect(await aged()).toBe(1);
      await expect(asAdmin.query('truncate audit_entries')).rejects.toThrow(/TRUNCATE refused/);
    });
  });
});

/** `?` placeholders (MikroORM's) as pg's `$n`. */
function toPg(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
