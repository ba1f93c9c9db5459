import { EVENTS, type AuditEntry, type DomainEvent } from '@avpass/contracts';
import { loadAuditConfig } from '@avpass/audit-service';
import { AuditRetention, SERVICE_OPTIONS, eventSubject } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { JSONCodec, connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUPER_ADMIN,
  companyActor,
  entry,
  insertEntries,
  refusal,
  startAuditServices,
  type AuditServices,
} from './support/services';

let s: AuditServices;
let nc: NatsConnection;

beforeAll(async () => {
  s = await startAuditServices();
  nc = await connect({ servers: s.env.NATS_URL! });
}, 60_000);
afterAll(async () => {
  await nc?.drain();
  await s?.close();
});
beforeEach(async () => {
  // audit_log is append-only (a trigger refuses what is younger than 400 days): only a superuser's
  // session with triggers off (replica) can empty it between tests.
  await s.sql.query(`set session_replication_role = replica;
    delete from audit.audit_log; set session_replication_role = default`);
});

const list = (query: Record<string, unknown> = {}, actor = SUPER_ADMIN) =>
  s.call('audit.entries.list.v1', query as never, { actor });
const ids = (items: AuditEntry[]) => items.map((e) => e.id);
const count = async () =>
  Number((await s.sql.query('select count(*)::int as n from audit.audit_log')).rows[0].n);

/** `n` entries one second apart, newest first in the answer: entries[0] is the oldest. */
function series(n: number, over: Partial<AuditEntry> = {}, start = Date.parse('2026-11-01T00:00:00Z')) {
  return Array.from({ length: n }, (_, i) =>
    entry({ at: new Date(start + i * 1000).toISOString(), ...over }),
  );
}

/** Publishes one event carrying the entry, as an outbox relay does; returns the event's id. */
async function publish(e: AuditEntry): Promise<string> {
  const envelope: DomainEvent<'audit.entry.recorded.v1'> = {
    id: randomUUID(),
    name: 'audit.entry.recorded.v1',
    occurredAt: new Date().toISOString(),
    payload: EVENTS['audit.entry.recorded.v1'].parse(e) as AuditEntry,
  };
  await nc
    .jetstream()
    .publish(eventSubject(s.env.NATS_NAMESPACE!, 'audit.entry.recorded.v1'), JSONCodec().encode(envelope));
  return envelope.id;
}

describe('the consumer', () => {
  it('keeps each published entry once, whatever the redeliveries (by entry id)', async () => {
    const e = entry({
      changes: { name: { before: 'Old', after: 'New' } },
      actorCompanyId: randomUUID(),
      companyId: randomUUID(),
      actorRole: 'company_admin',
    });
    const other = entry();
    // The same entry in several events (a republish by an outbox): each event is applied, one row kept.
    const events = [await publish(e), await publish(e), await publish(other), await publish(e)];
    await waitFor(
      async () =>
        Number(
          (
            await s.sql.query(
              'select count(*)::int as n from audit.processed_events where event_id = any($1)',
              [events],
            )
          ).rows[0].n,
        ) === events.length,
      { message: 'not every event was applied' },
    );
    expect(await count()).toBe(2);
    const page = await list();
    expect(page.items.find((x) => x.id === e.id)).toEqual(e);
  });
});

describe('GET /api/audit paging and filters', () => {
  it('pages newest first by cursor, each entry once, at the limit edges', async () => {
    const all = series(7);
    await insertEntries(s, all);
    const newestFirst = ids([...all].reverse());

    const first = await list({ limit: 3 });
    expect(ids(first.items)).toEqual(newestFirst.slice(0, 3));
    const second = await list({ limit: 3, cursor: first.nextCursor });
    expect(ids(second.items)).toEqual(newestFirst.slice(3, 6));
    const third = await list({ limit: 3, cursor: second.nextCursor });
    expect(ids(third.items)).toEqual(newestFirst.slice(6));
    expect(third.nextCursor).toBeNull();

    // Exactly a page's worth: a full last page has a cursor, and the page after it is empty.
    const seven = await list({ limit: 7 });
    expect(ids(seven.items)).toEqual(newestFirst);
    const after = await list({ limit: 7, cursor: seven.nextCursor });
    expect(after).toEqual({ items: [], nextCursor: null });
    expect((await list({ limit: 200 })).nextCursor).toBeNull();
    expect(ids((await list({ limit: '1' })).items)).toEqual(newestFirst.slice(0, 1));
  });

  it('orders entries of the same instant by id, none lost across pages', async () => {
    const at = '2026-11-02T10:00:00.123456Z';
    const same = series(5, { at });
    await insertEntries(s, same);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids(same).sort().reverse());
  });

  it('from and to are inclusive', async () => {
    const all = series(5); // 00:00:00 … 00:00:04
    await insertEntries(s, all);
    const page = await list({ from: all[1]!.at, to: all[3]!.at });
    expect(ids(page.items)).toEqual([all[3]!.id, all[2]!.id, all[1]!.id]);
    expect(ids((await list({ from: all[4]!.at })).items)).toEqual([all[4]!.id]);
    expect(ids((await list({ to: all[0]!.at })).items)).toEqual([all[0]!.id]);
    expect((await list({ from: '2026-11-01T00:00:04.001Z' })).items).toEqual([]);
    // An offset is honoured: 02:00:01+02:00 is 00:00:01Z.
    expect(
      ids((await list({ from: '2026-11-01T02:00:01+02:00', to: '2026-11-01T02:00:01+02:00' })).items),
    ).toEqual([all[1]!.id]);
  });

  it('filters by action, actor, target type and target id', async () => {
    const actorId = randomUUID();
    const targetId = randomUUID();
    const byAction = entry({ action: 'credits.transaction.voided', targetType: 'credit-transaction' });
    const byActor = entry({ actorId });
    const byTarget = entry({ targetType: 'partner', targetId });
    const sameTypeOtherId = entry({ targetType: 'partner' });
    const noise = series(3);
    await insertEntries(s, [byAction, byActor, byTarget, sameTypeOtherId, ...noise]);

    expect(ids((await list({ action: 'credits.transaction.voided' })).items)).toEqual([byAction.id]);
    expect(ids((await list({ actorId })).items)).toEqual([byActor.id]);
    expect(ids((await list({ targetType: 'partner', targetId })).items)).toEqual([byTarget.id]);
    expect(new Set(ids((await list({ targetType: 'partner' })).items))).toEqual(
      new Set([byTarget.id, sameTypeOtherId.id]),
    );
    expect(ids((await list({ targetType: 'credit-transaction' })).items)).toEqual([byAction.id]);
    expect((await list({ action: 'vouchers.voucher.%' })).items).toEqual([]); // exact, not a pattern
  });

  it('refuses a bad query with the field', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-01' }, 'to'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'from'],
    ] as const) {
      const error = await refusal(list(query));
      expect(error.code, JSON.stringify(query)).toBe('VALIDATION_FAILED');
      expect(error.errors?.[field], JSON.stringify(query)).toBeDefined();
    }
  });
});

describe('who reads which entries', () => {
  it('a company reads the entries about it and its staff’s actions; the administrator all', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const aboutA = entry({ companyId: a });
    const byAStaff = entry({ actorCompanyId: a, actorRole: 'company_admin', companyId: null });
    const aboutB = entry({ companyId: b });
    const byBStaffAboutB = entry({ actorCompanyId: b, companyId: b });
    const clubWide = entry({ companyId: null });
    await insertEntries(s, [aboutA, byAStaff, aboutB, byBStaffAboutB, clubWide]);

    const asA = await list({}, companyActor(a));
    expect(new Set(ids(asA.items))).toEqual(new Set([aboutA.id, byAStaff.id]));
    const asB = await list({}, companyActor(b));
    expect(new Set(ids(asB.items))).toEqual(new Set([aboutB.id, byBStaffAboutB.id]));
    // A filter does not widen it.
    expect((await list({ targetId: aboutB.targetId! }, companyActor(a))).items).toEqual([]);
    expect((await list({}, SUPER_ADMIN)).items).toHaveLength(5);

    const export_ = await s.call('audit.entries.export-page.v1', {}, { actor: companyActor(a) });
    expect(new Set(ids(export_.items))).toEqual(new Set([aboutA.id, byAStaff.id]));
  });

  it("a company sees the address and user agent of its own staff's entries only (issue 37)", async () => {
    const a = randomUUID();
    const from = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone) Member' };
    const byAdminAboutA = entry({ companyId: a, actorRole: 'super_admin', actorCompanyId: null, ...from });
    const byMemberAboutA = entry({
      companyId: a,
      actorType: 'public',
      actorId: null,
      actorCompanyId: null,
      ...from,
    });
    const byOtherStaffAboutA = entry({ companyId: a, actorCompanyId: randomUUID(), ...from });
    const byAStaff = entry({ companyId: a, actorCompanyId: a, actorRole: 'company_admin', ...from });
    await insertEntries(s, [byAdminAboutA, byMemberAboutA, byOtherStaffAboutA, byAStaff]);

    for (const call of [
      list({}, companyActor(a)),
      s.call('audit.entries.export-page.v1', {}, { actor: companyActor(a) }),
    ]) {
      const seen = new Map((await call).items.map((e: AuditEntry) => [e.id, e]));
      expect(seen.size).toBe(4);
      for (const hidden of [byAdminAboutA, byMemberAboutA, byOtherStaffAboutA]) {
        // Who did what is still there; where from is not.
        expect(seen.get(hidden.id)).toMatchObject({ action: hidden.action, ip: null, userAgent: null });
        expect(seen.get(hidden.id)!.actorType).toBe(hidden.actorType);
      }
      expect(seen.get(byAStaff.id)).toMatchObject(from);
    }
    // The administrator sees every address.
    const asAdmin = await list({}, SUPER_ADMIN);
    expect(asAdmin.items.every((e: AuditEntry) => e.ip === from.ip && e.userAgent === from.userAgent)).toBe(
      true,
    );
  });

  it('a company pages its entries by cursor across both kinds, each once, newest first', async () => {
    const a = randomUUID();
    const kinds: Partial<AuditEntry>[] = [
      { companyId: a },
      { actorCompanyId: a, companyId: null },
      { actorCompanyId: a, companyId: a }, // both: listed once
      { actorCompanyId: a, companyId: randomUUID() }, // its staff acting on another company
      { companyId: randomUUID() }, // not its
    ];
    const all = Array.from({ length: 15 }, (_, i) =>
      entry({ at: new Date(Date.parse('2026-11-03T00:00:00Z') + i * 1000).toISOString(), ...kinds[i % 5] }),
    );
    await insertEntries(s, all);
    const expected = ids(all.filter((_, i) => i % 5 !== 4).reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AuditEntry[]; nextCursor: string | null } = await list(
        { limit: 4, ...(cursor ? { cursor } : {}) },
        companyActor(a),
      );
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('refuses anyone else', async () => {
    await insertEntries(s, [entry()]);
    const noCompany = await refusal(
      list({}, { userId: randomUUID(), role: 'company_admin', companyId: null }),
    );
    expect(noCompany.code).toBe('FORBIDDEN');
    const anonymous = await refusal(s.call('audit.entries.list.v1', {}, { actor: null }));
    expect(anonymous.code).toBe('UNAUTHENTICATED');
  });
});

describe('retention', () => {
  it('purges only entries older than AUDIT_RETENTION_DAYS (400 by default), by the database clock', async () => {
    const day = 24 * 60 * 60 * 1000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    const old = entry({ at: ago(400.01) });
    const oldest = entry({ at: ago(900) });
    const edge = entry({ at: ago(399.99) }); // not yet 400 days: kept
    const recent = entry({ at: ago(1) });
    await insertEntries(s, [old, oldest, edge, recent]);

    const retention = s.audit.get(AuditRetention);
    expect(retention.table).toBe('audit_log');
    expect(await retention.purge()).toBe(2);
    expect(new Set(ids((await list()).items))).toEqual(new Set([edge.id, recent.id]));
    expect(await retention.purge()).toBe(0);
  });

  it('the audit service role cannot update, truncate, nor delete what is younger than 400 days', async () => {
    const recent = entry({ at: new Date().toISOString() });
    await insertEntries(s, [recent]);
    const asService = new Client({ connectionString: s.audit.get(SERVICE_OPTIONS).database.url });
    await asService.connect();
    try {
      await expect(asService.query(`update audit_log set action = 'x.y.z'`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(asService.query('truncate audit_log')).rejects.toThrow(/permission denied/);
      await expect(asService.query('delete from audit_log')).rejects.toThrow(
        /audit_log is append-only: DELETE refused/,
      );
      await expect(asService.query('alter table audit_log disable trigger user')).rejects.toThrow(
        /must be owner/,
      );
    } finally {
      await asService.end();
    }
    // Nor the superuser, while the trigger is on.
    await expect(s.sql.query(`update audit.audit_log set action = 'x.y.z'`)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(1);
  });

  it('AUDIT_RETENTION_DAYS defaults to 400 and refuses under 400', () => {
    expect(loadAuditConfig({}).AUDIT_RETENTION_DAYS).toBe(400);
    expect(loadAuditConfig({ AUDIT_RETENTION_DAYS: '730' }).AUDIT_RETENTION_DAYS).toBe(730);
    expect(() => loadAuditConfig({ AUDIT_RETENTION_DAYS: '399' })).toThrow(
      /AUDIT_RETENTION_DAYS must be at least 400/,
    );
    expect(() => loadAuditConfig({ AUDIT_RETENTION_DAYS: 'a year' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
