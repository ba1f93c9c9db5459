import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@avpass/contracts';
import { connectDatabase } from './support/audit-entries';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let db: pg.Client;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;

/** The entries this test wrote (the services record their own as the test signs in and creates partners). */
const W = 'from=2026-11-01T00:00:00Z&to=2026-11-01T23:59:59Z';
const ids = (body: { items: { id: string }[] }) => body.items.map((e) => e.id);

async function insertEntry(over: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const e = {
    at: new Date().toISOString(),
    actor_type: 'user',
    actor_id: randomUUID(),
    actor_name: 'someone',
    actor_role: 'super_admin',
    actor_company_id: null,
    action: 'vouchers.voucher.deleted',
    target_type: 'voucher',
    target_id: randomUUID(),
    company_id: null,
    changes: null,
    ...over,
  };
  await db.query(
    `insert into audit.audit_log (id, at, actor_type, actor_id, actor_name, actor_role, actor_company_id,
       action, target_type, target_id, company_id, request_id, ip, user_agent, changes, service)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'req-1', '203.0.113.7', 'test', $12, 'vouchers')`,
    [
      id,
      e.at,
      e.actor_type,
      e.actor_id,
      e.actor_name,
      e.actor_role,
      e.actor_company_id,
      e.action,
      e.target_type,
      e.target_id,
      e.company_id,
      e.changes,
    ],
  );
  return id;
}

let aboutA: string;
let byAStaff: string;
let aboutB: string;
let clubWide: string;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers', 'audit'] });
  db = await connectDatabase(h);
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Audit Shop A');
  companyB = await createPartnerWithUser(h, 'Audit Shop B');
  aboutA = await insertEntry({ company_id: companyA.companyId, at: '2026-11-01T10:00:00Z' });
  byAStaff = await insertEntry({
    actor_company_id: companyA.companyId,
    actor_role: 'company_admin',
    actor_name: '=HYPERLINK("http://evil.example")',
    action: 'credits.transaction.recorded',
    changes: JSON.stringify({ note: { before: null, after: 'a, "quoted"\nline' } }),
    at: '2026-11-01T11:00:00Z',
  });
  aboutB = await insertEntry({ company_id: companyB.companyId, at: '2026-11-01T12:00:00Z' });
  clubWide = await insertEntry({ at: '2026-11-01T13:00:00Z' });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
});

describe('GET /api/audit', () => {
  it('answers 401 without a token', async () => {
    expect((await h.api('/api/audit', { token: null })).status).toBe(401);
    expect((await h.api('/api/audit/export', { token: null })).status).toBe(401);
  });

  it('the administrator reads every entry, newest first, paged by cursor', async () => {
    const all = await h.api(`/api/audit?${W}`, { token: admin });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([clubWide, aboutB, byAStaff, aboutA]);
    const first = await h.api(`/api/audit?limit=3&${W}`, { token: admin });
    const next = await h.api(`/api/audit?limit=3&${W}&cursor=${first.body.nextCursor}`, { token: admin });
    expect(ids(next.body)).toEqual([aboutA]);
    const filtered = await h.api('/api/audit?action=credits.transaction.recorded', { token: admin });
    expect(ids(filtered.body)).toEqual([byAStaff]);
  });

  it('a company_admin reads only the entries about its company and its staff', async () => {
    const asA = await h.api(`/api/audit?${W}`, { token: companyA.token });
    expect(asA.status).toBe(200);
    expect(ids(asA.body)).toEqual([byAStaff, aboutA]);
    const asB = await h.api(`/api/audit?${W}`, { token: companyB.token });
    expect(ids(asB.body)).toEqual([aboutB]);
  });

  it('names the company and speaks each entry as a sentence, keeping the raw fields (issue 44)', async () => {
    const redeem = await insertEntry({
      company_id: companyA.companyId,
      actor_name: 'Sam Rivera',
      action: 'vouchers.voucher.till-redeemed',
      changes: JSON.stringify({
        transactionAmount: { before: null, after: 4500 },
        discountApplied: { before: null, after: 900 },
      }),
      at: '2026-11-02T10:00:00Z',
    });
    const r = await h.api('/api/audit?from=2026-11-02T00:00:00Z&to=2026-11-02T23:59:59Z', { token: admin });
    expect(r.status).toBe(200);
    // The business zone the screen shows times in (decision 166).
    expect(r.body.timeZone).toBe('America/Los_Angeles');
    const [entry] = r.body.items;
    expect(entry).toMatchObject({
      id: redeem,
      action: 'vouchers.voucher.till-redeemed',
      companyId: companyA.companyId,
      companyName: 'Audit Shop A',
      description: 'Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)',
    });
    const csv = await h.api('/api/audit/export?from=2026-11-02T00:00:00Z&to=2026-11-02T23:59:59Z', {
      token: admin,
    });
    const [header, line] = String(csv.body)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(header!.endsWith(',Entry ID,Company Name,Description')).toBe(true);
    expect(line).toContain(
      `${redeem},Audit Shop A,"Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)"`,
    );
  });

  it("names a redeemed code by its title, its partner's name without one, and skips a deleted code (issue 44)", async () => {
    const generate = async (json: Record<string, unknown>) => {
      const res = await h.api('/api/generate-qr', {
        method: 'POST',
        token: admin,
        json: {
          partnerId: companyA.companyId,
          discountType: 'percentage',
          discountValue: 20,
          service: 'Tune-up',
          expirationDate: '2099-12-31',
          usageLimit: 3,
          ...json,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const titled = await generate({ customTitle: 'Spring Tune-up' });
    const untitled = await generate({});
    const deleted = await generate({ customTitle: 'Gone Soon' });
    expect((await h.api(`/api/qr-codes/${deleted}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const redeemOf = (targetId: string, at: string) =>
      insertEntry({
        company_id: companyA.companyId,
        actor_name: 'Sam Rivera',
        action: 'vouchers.voucher.till-redeemed',
        target_id: targetId,
        changes: JSON.stringify({
          transactionAmount: { before: null, after: 4500 },
          discountApplied: { before: null, after: 900 },
        }),
        at,
      });
    await redeemOf(titled, '2026-11-03T10:00:00Z');
    await redeemOf(untitled, '2026-11-03T11:00:00Z');
    await redeemOf(deleted, '2026-11-03T12:00:00Z');
    const day = 'from=2026-11-03T00:00:00Z&to=2026-11-03T23:59:59Z';
    const r = await h.api(`/api/audit?${day}`, { token: admin });
    expect(r.status).toBe(200);
    const said = (body: { items: { description: string }[] }) => body.items.map((e) => e.description);
    expect(said(r.body)).toEqual([
      'Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)',
      'Sam Rivera redeemed Audit Shop A ($45.00 sale, $9.00 off)',
      'Sam Rivera redeemed Spring Tune-up at Audit Shop A ($45.00 sale, $9.00 off)',
    ]);
    expect(r.body.items.map((e: { targetName: string | null }) => e.targetName)).toEqual([
      null,
      'Audit Shop A',
      'Spring Tune-up',
    ]);
    // The company sees the same names; the CSV's Description too.
    const asA = await h.api(`/api/audit?${day}`, { token: companyA.token });
    expect(said(asA.body)).toEqual(said(r.body));
    const csv = await h.api(`/api/audit/export?${day}`, { token: admin });
    expect(String(csv.body)).toContain(
      '"Sam Rivera redeemed Spring Tune-up at Audit Shop A ($45.00 sale, $9.00 off)"',
    );
  }, 60_000);

  it('the person picker finds any user by the start of the username, administrator only (issue 44)', async () => {
    const r = await h.api('/api/audit/people?q=ADM', { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.people.map((p: { username: string }) => p.username)).toContain('admin');
    expect(r.body.people[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      role: 'super_admin',
    });
    // Both companies' users, though neither has acted in the trail; wildcards typed are literal.
    const all = await h.api(`/api/audit/people?q=${encodeURIComponent(companyA.username.slice(0, 3))}`, {
      token: admin,
    });
    expect(all.body.people.map((p: { id: string }) => p.id)).toContain(companyA.userId);
    expect((await h.api('/api/audit/people?q=%25', { token: admin })).body.people).toEqual([]);
    expect((await h.api('/api/audit/people?q=', { token: admin })).status).toBe(400);
    expect((await h.api('/api/audit/people?q=adm', { token: companyA.token })).status).toBe(403);
    // The prefix is a range scan of users_username_prefix_index (seq scans off: the table is tiny here).
    await db.query('set enable_seqscan = off');
    const plan = await db.query(
      "explain select id from identity.users where lower(username) like 'adm%' order by lower(username) limit 10",
    );
    await db.query('reset enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_username_prefix_index');
  });

  it('answers 400 to a bad query', async () => {
    for (const q of ['limit=0', 'limit=500', 'from=yesterday', 'cursor=nonsense']) {
      const r = await h.api(`/api/audit?${q}`, { token: admin });
      expect(r.status, q).toBe(400);
    }
    expect((await h.api('/api/audit/export?to=soon', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/audit/export', () => {
  it('streams RFC 4180 CSV with formula cells neutralised, the company seeing its own', async () => {
    const r = await h.api(`/api/audit/export?${W}`, { token: companyA.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="audit.csv"/);
    const text = String(r.body);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]!.startsWith('At (UTC),Actor Type,Actor ID,Actor,')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    // jsonb keeps keys sorted by length then bytes: "after" before "before".
    expect(text).toContain('"{""note"":{""after"":""a, \\""quoted\\""\\nline"",""before"":null}}"');
    expect(text).toContain(byAStaff);
    expect(text).toContain(aboutA);
    expect(text).not.toContain(aboutB);
    expect(text).not.toContain(clubWide);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('walks every page for the administrator', async () => {
    for (let i = 0; i < 205; i++)
      await insertEntry({ action: 'bulk.entry', at: new Date(Date.UTC(2026, 9, 1, 0, 0, i)).toISOString() });
    const r = await h.api('/api/audit/export?action=bulk.entry', { token: admin });
    const rows = String(r.body)
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(1 + 205);
  });
});

// Last: it stops the vouchers service.
describe('GET /api/audit without the vouchers service', () => {
  it('still serves the page, each code "a code" (issue 44)', async () => {
    const started = SERVICE_NAMES.filter((name) =>
      ['identity', 'partners', 'vouchers', 'audit'].includes(name),
    );
    await h.services[started.indexOf('vouchers')]!.close();
    const r = await h.api('/api/audit?from=2026-11-03T00:00:00Z&to=2026-11-03T23:59:59Z', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.items.map((e: { description: string }) => e.description)).toEqual([
      'Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)',
      'Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)',
      'Sam Rivera redeemed a code at Audit Shop A ($45.00 sale, $9.00 off)',
    ]);
    // The partners' names are still read.
    expect(r.body.items[0].companyName).toBe('Audit Shop A');
  }, 30_000);
});
