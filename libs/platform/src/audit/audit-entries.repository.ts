import type { AuditEntry } from '@avpass/contracts';
import type { Tx } from '../database/transactions';
import { AUDIT_ENTRY_COLUMN_LIST, AUDIT_ENTRY_FIELDS, type AuditEntryField } from './audit-entry-columns';
import { AuditEntryRow } from './audit-entry.entity';

/** The audit_entries writes AuditTrail makes (the table is insert-only: nothing here updates). */

/**
 * Adds the entry's row to `tx`'s unit of work: it is inserted when `tx` commits, or never. The row is
 * typed by the column list, so the entity cannot lack a field of AUDIT_ENTRY_COLUMNS.
 */
export function persistAuditEntry(tx: Tx, entry: AuditEntry): void {
  const row: Pick<AuditEntryRow, AuditEntryField> = { ...entry, at: new Date(entry.at) };
  tx.persist(tx.create(AuditEntryRow, row));
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
 * then those of `columns`, in the order of AuditInsertColumns (the order of AUDIT_ENTRY_COLUMNS).
 */
export function auditInsertCte(as: string, source: string, columns: AuditInsertColumns): string {
  const values: Record<AuditEntryField, string> = {
    id: 'gen_random_uuid()',
    at: '?::timestamptz',
    actorType: '?',
    actorId: '?',
    actorName: '?',
    actorRole: '?',
    actorCompanyId: '?::uuid',
    action: '?',
    targetType: '?',
    ...columns,
  };
  return `${as} as (
    insert into audit_entries (${AUDIT_ENTRY_COLUMN_LIST})
    select ${AUDIT_ENTRY_FIELDS.map((field) => values[field]).join(', ')}
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
