import type { AuditEntry } from '@avpass/contracts';
import type { Tx } from '../database/transactions';
import { AuditEntryRow } from './audit-entry.entity';

/** The audit_entries writes AuditTrail makes (the table is insert-only: nothing here updates). */

/** Adds the entry's row to `tx`'s unit of work: it is inserted when `tx` commits, or never. */
export function persistAuditEntry(tx: Tx, entry: AuditEntry): void {
  tx.persist(tx.create(AuditEntryRow, { ...entry, at: new Date(entry.at) }));
}

/** SQL expressions (or `?` placeholders) of the columns one statement computes per source row. */
export interface AuditInsertColumns {
  targetId: string;
  companyId: string;
  requestId: string;
  ip: string;
  userAgent: string;
  changes: string;
  service: string;
}

/**
 * `<as> as (insert into audit_entries … select … from <source> returning *)`: one entry per source row.
 * Its leading `?` parameters are: at, actor type, id, name, role, company id, action, target type;
 * then those of `columns`, in the order of AuditInsertColumns.
 */
export function auditInsertCte(as: string, source: string, columns: AuditInsertColumns): string {
  const c = columns;
  return `${as} as (
    insert into audit_entries (id, at, actor_type, actor_id, actor_name, actor_role, actor_company_id,
      action, target_type, target_id, company_id, request_id, ip, user_agent, changes, service)
    select gen_random_uuid(), ?::timestamptz, ?, ?, ?, ?, ?::uuid, ?, ?, ${c.targetId}, ${c.companyId},
      ${c.requestId}, ${c.ip}, ${c.userAgent}, ${c.changes}, ${c.service}
      from ${source}
    returning *)`;
}

/** A scalar subquery: the jsonb array of the payloads the `<events>` CTE wrote. */
export function payloadsOf(events: string): string {
  return `(select coalesce(jsonb_agg(payload), '[]'::jsonb) from ${events})`;
}

/** Deletes up to `batch` entries of `table` older than `days` (by the database's clock); returns how many. */
export async function purgeAuditBatch(
  tx: Tx,
  table: 'audit_entries' | 'audit_log',
  days: number,
  batch: number,
): Promise<number> {
  const rows: unknown[] = await tx.execute(
    `delete from ${table} where id in (
       select id from ${table} where at < now() - make_interval(days => ?) order by at limit ?
     ) returning id`,
    [days, batch],
  );
  return rows.length;
}
