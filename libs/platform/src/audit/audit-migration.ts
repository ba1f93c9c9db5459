/**
 * DDL of every service's append-only audit table (issue 26), run by each service's migration with the
 * service's schema on the search_path. A trigger refuses UPDATE, DELETE and TRUNCATE whoever asks (the
 * owner included), and the service role's own UPDATE, DELETE and TRUNCATE privileges are revoked.
 */
export const AUDIT_TABLE_SQL = [
  `create table audit_entries (
     id uuid primary key,
     seq bigserial not null,
     at timestamptz not null default now(),
     actor_type text not null check (actor_type in ('user', 'public', 'system')),
     actor_id text null,
     actor_name text null,
     actor_role text null,
     actor_company_id uuid null,
     action text not null,
     target_type text not null,
     target_id text null,
     company_id uuid null,
     request_id text null,
     ip text null,
     user_agent text null,
     changes jsonb null,
     service text not null
   )`,
  `create index audit_entries_at_idx on audit_entries (at)`,
  `create index audit_entries_target_idx on audit_entries (target_type, target_id, seq)`,
  `create index audit_entries_company_idx on audit_entries (company_id, seq) where company_id is not null`,
  `create function audit_entries_refuse_change() returns trigger language plpgsql as $$
   begin
     raise exception 'audit_entries is append-only: % refused', tg_op
       using errcode = 'insufficient_privilege',
             hint = 'audit entries are never changed or removed';
   end
   $$`,
  `create trigger audit_entries_append_only before update or delete on audit_entries
     for each row execute function audit_entries_refuse_change()`,
  `create trigger audit_entries_no_truncate before truncate on audit_entries
     for each statement execute function audit_entries_refuse_change()`,
  // The migration runs as the service's role, which owns the table: it keeps INSERT and SELECT only.
  `revoke update, delete, truncate on audit_entries from public, current_user`,
];

/**
 * No audit entry is removed before this many days, whoever asks: the append-only triggers let a DELETE
 * through only for an older row (the retention job's), so AUDIT_RETENTION_DAYS can lengthen the
 * retention but never shorten it below this.
 */
export const AUDIT_MIN_RETENTION_DAYS = 400;

/** The body of an append-only trigger function: UPDATE and TRUNCATE refused, DELETE only past retention. */
export const APPEND_ONLY_FUNCTION_BODY = `$$
   begin
     if tg_op = 'DELETE' and old.at < now() - interval '${AUDIT_MIN_RETENTION_DAYS} days' then
       return old;
     end if;
     raise exception '% is append-only: % refused', tg_table_name, tg_op
       using errcode = 'insufficient_privilege',
             hint = 'audit entries are never changed, nor removed before ${AUDIT_MIN_RETENTION_DAYS} days';
   end
   $$`;

/**
 * Makes `table` (with an `at` column) append-only with retention: its `<table>_refuse_change` trigger
 * function refuses UPDATE, TRUNCATE and any DELETE of a row younger than AUDIT_MIN_RETENTION_DAYS, and
 * the migrating role keeps SELECT, INSERT and DELETE (for the retention job) only. With a superuser
 * DATABASE_URL, `guardAppendOnlyTables` then moves the table and its triggers out of the role's reach.
 */
export function appendOnlyTableSql(table: string): string[] {
  return [
    `create or replace function ${table}_refuse_change() returns trigger language plpgsql as ${APPEND_ONLY_FUNCTION_BODY}`,
    `drop trigger if exists ${table}_append_only on ${table}`,
    `create trigger ${table}_append_only before update or delete on ${table}
       for each row execute function ${table}_refuse_change()`,
    `drop trigger if exists ${table}_no_truncate on ${table}`,
    `create trigger ${table}_no_truncate before truncate on ${table}
       for each statement execute function ${table}_refuse_change()`,
    `revoke update, truncate on ${table} from public, current_user`,
    `grant select, insert, delete on ${table} to current_user`,
  ];
}
