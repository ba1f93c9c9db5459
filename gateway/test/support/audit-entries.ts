import pg from 'pg';
import { expect } from 'vitest';
import type { Harness } from './harness';

/**
 * Reading what the services wrote to their own `audit_entries` (issue 26), for the audit tests: a
 * connection to the harness's database and the three reads they make of it.
 */

/** A row of a service's `audit_entries`, as the tests read it. */
export interface AuditEntryRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  actor_company_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  company_id: string | null;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  service: string;
}

/** The services whose own schema has an `audit_entries` table. */
export type AuditingService = 'credits' | 'identity' | 'inventory' | 'partners' | 'rendering' | 'vouchers';

/** A client of the harness's database, connected (end it in afterAll). */
export async function connectDatabase(h: Harness): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  return db;
}

/**
 * The reads of `audit_entries` through the client `db()` gives (the test's, connected in beforeAll):
 * `entries` of a service, optionally of one action and target, in the order written; `one`, the single
 * entry of an action on a target (fails on none or more); `count`, every entry of the service.
 */
export function auditEntriesOf(db: () => pg.Client) {
  async function entries(service: AuditingService, action?: string, targetId?: string) {
    const { rows } = await db().query<AuditEntryRow>(
      `select * from ${service}.audit_entries
        where ($1::text is null or action = $1) and ($2::text is null or target_id = $2)
        order by seq`,
      [action ?? null, targetId ?? null],
    );
    return rows;
  }
  async function one(service: AuditingService, action: string, targetId: string) {
    const rows = await entries(service, action, targetId);
    expect(rows, `${action} ${targetId}`).toHaveLength(1);
    return rows[0]!;
  }
  const count = async (service: AuditingService) =>
    Number((await db().query(`select count(*) from ${service}.audit_entries`)).rows[0].count);
  return { entries, one, count };
}
