import { Client } from 'pg';
import { APPEND_ONLY_FUNCTION_BODY } from '../audit/audit-migration';
import { quoteIdent } from './service-database';

/** The append-only tables a service schema may hold (its own trail; the audit service's read model). */
export const APPEND_ONLY_TABLES = ['audit_entries', 'audit_log'] as const;
/** Owned by the administration role; the services' roles may only use it. */
export const GUARD_SCHEMA = 'avpass_guard';

/**
 * Takes a service's append-only tables out of its own role's reach, run with the superuser
 * DATABASE_URL after the service's migrations: the table (and its sequence) is owned by the
 * administration role, its triggers call a function in `avpass_guard` (a schema the role does not
 * own), and the role keeps SELECT, INSERT and DELETE. The role can then neither disable nor drop the
 * triggers nor replace their function, so no entry is changed, or removed before its retention, even
 * by the service itself. Idempotent (a table already owned by the administration role is left as is);
 * without a superuser URL nothing is done and the migration's in-schema triggers remain.
 */
export async function guardAppendOnlyTables(adminUrl: string, schema: string, role: string): Promise<number> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a lost connection fails the pending query, which reports it
  await client.connect();
  let guarded = 0;
  try {
    const { rows: who } = await client.query<{ superuser: boolean }>(
      'select rolsuper as superuser from pg_roles where rolname = current_user',
    );
    if (!who[0]?.superuser) return 0;
    await client.query('select pg_advisory_lock(hashtext($1))', ['avpass-bootstrap']);
    try {
      await client.query(`create schema if not exists ${GUARD_SCHEMA}`);
      await client.query(`revoke all on schema ${GUARD_SCHEMA} from public`);
      await client.query(
        `create or replace function ${GUARD_SCHEMA}.refuse_audit_change() returns trigger
           language plpgsql as ${APPEND_ONLY_FUNCTION_BODY}`,
      );
      await client.query(`revoke all on function ${GUARD_SCHEMA}.refuse_audit_change() from public`);
      const { rows } = await client.query<{ table: string; owned: boolean }>(
        `select tablename as table, tableowner = current_user as owned
           from pg_tables where schemaname = $1 and tablename = any($2)`,
        [schema, [...APPEND_ONLY_TABLES]],
      );
      const s = quoteIdent(schema);
      const r = quoteIdent(role);
      for (const { table, owned } of rows) {
        if (owned) continue;
        const t = `${s}.${quoteIdent(table)}`;
        await client.query('begin');
        try {
          await client.query(`alter table ${t} owner to current_user`);
          for (const [name, when, each] of [
            [`${table}_append_only`, 'before update or delete', 'row'],
            [`${table}_no_truncate`, 'before truncate', 'statement'],
          ] as const) {
            await client.query(`drop trigger if exists ${quoteIdent(name)} on ${t}`);
            await client.query(
              `create trigger ${quoteIdent(name)} ${when} on ${t}
                 for each ${each} execute function ${GUARD_SCHEMA}.refuse_audit_change()`,
            );
          }
          await client.query(`drop function if exists ${s}.${quoteIdent(`${table}_refuse_change`)}()`);
          await client.query(`revoke all on ${t} from public, ${r}`);
          await client.query(`grant select, insert, delete on ${t} to ${r}`);
          const { rows: seqs } = await client.query<{ seq: string | null }>(
            `select pg_get_serial_sequence($1, column_name) as seq from information_schema.columns
              where table_schema = $2 and table_name = $3 and column_default like 'nextval(%'`,
            [`${schema}.${table}`, schema, table],
          );
          for (const { seq } of seqs)
            if (seq) await client.query(`grant usage, select on sequence ${seq} to ${r}`);
          await client.query('commit');
          guarded++;
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', ['avpass-bootstrap']);
    }
  } finally {
    await client.end();
  }
  return guarded;
}

/**
 * Gives a schema's guarded append-only tables back to the service's role, so that its pending
 * migrations (run as that role, which must own what it alters) can change them; the migration runner
 * calls guardAppendOnlyTables again right after. Their triggers stay on meanwhile.
 */
export async function releaseAppendOnlyTables(
  adminUrl: string,
  schema: string,
  role: string,
): Promise<number> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a lost connection fails the pending query, which reports it
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string }>(
      `select tablename as table from pg_tables
        where schemaname = $1 and tablename = any($2) and tableowner = current_user`,
      [schema, [...APPEND_ONLY_TABLES]],
    );
    for (const { table } of rows)
      await client.query(
        `alter table ${quoteIdent(schema)}.${quoteIdent(table)} owner to ${quoteIdent(role)}`,
      );
    return rows.length;
  } finally {
    await client.end();
  }
}
