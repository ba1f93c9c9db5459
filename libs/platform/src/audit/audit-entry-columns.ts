import type { AuditEntry } from '@avpass/contracts';

/**
 * The one column list of an audit entry: each of the entry's 16 fields and its column, in the order
 * of the tables (every service's audit_entries, the audit service's audit_log). Every insert and
 * select of entries is written from it, so a new field is added here once.
 */
export const AUDIT_ENTRY_COLUMNS = {
  id: 'id',
  at: 'at',
  actorType: 'actor_type',
  actorId: 'actor_id',
  actorName: 'actor_name',
  actorRole: 'actor_role',
  actorCompanyId: 'actor_company_id',
  action: 'action',
  targetType: 'target_type',
  targetId: 'target_id',
  companyId: 'company_id',
  requestId: 'request_id',
  ip: 'ip',
  userAgent: 'user_agent',
  changes: 'changes',
  service: 'service',
} as const satisfies { [F in keyof AuditEntry]-?: string };

export type AuditEntryField = keyof typeof AUDIT_ENTRY_COLUMNS;
export type AuditEntryColumn = (typeof AUDIT_ENTRY_COLUMNS)[AuditEntryField];

/** The entry's fields in column order. */
export const AUDIT_ENTRY_FIELDS = Object.keys(AUDIT_ENTRY_COLUMNS) as AuditEntryField[];

/** `id, at, actor_type, …, service`: the column list of an insert or a select. */
export const AUDIT_ENTRY_COLUMN_LIST = AUDIT_ENTRY_FIELDS.map((f) => AUDIT_ENTRY_COLUMNS[f]).join(', ');

/** The SQL type a bound value is cast to, where text is not enough. */
const CASTS: Partial<Record<AuditEntryField, string>> = {
  at: 'timestamptz',
  actorCompanyId: 'uuid',
  companyId: 'uuid',
  changes: 'jsonb',
};

/** `?, ?::timestamptz, …`: the placeholders of one entry's values (auditEntryValues), in column order. */
export const AUDIT_ENTRY_PLACEHOLDERS = AUDIT_ENTRY_FIELDS.map((f) =>
  CASTS[f] ? `?::${CASTS[f]}` : '?',
).join(', ');

/** One entry's values in column order (its changes as JSON text), for AUDIT_ENTRY_PLACEHOLDERS. */
export function auditEntryValues(entry: AuditEntry): unknown[] {
  return AUDIT_ENTRY_FIELDS.map((f) =>
    f === 'changes' ? (entry.changes === null ? null : JSON.stringify(entry.changes)) : entry[f],
  );
}

/** A row of an entries table as the driver returns it (snake_case columns; `at` a Date or text). */
export type AuditEntryDbRow = {
  [F in AuditEntryField as (typeof AUDIT_ENTRY_COLUMNS)[F]]: F extends 'at' ? Date | string : AuditEntry[F];
};

/** The entry a row holds (`at` as an ISO instant). */
export function auditEntryOfRow(row: AuditEntryDbRow): AuditEntry {
  const entry = Object.fromEntries(
    AUDIT_ENTRY_FIELDS.map((f) => [f, row[AUDIT_ENTRY_COLUMNS[f]]]),
  ) as unknown as AuditEntry;
  return { ...entry, at: new Date(row.at).toISOString() };
}

/**
 * Each field as the SQL expression that reads it from an entries row (for an event's payload built
 * in SQL): its column, `at` as the ISO instant the contract's entry carries.
 */
export const AUDIT_ENTRY_COLUMN_EXPRESSIONS: Record<AuditEntryField, string> = {
  ...AUDIT_ENTRY_COLUMNS,
  at: `to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
