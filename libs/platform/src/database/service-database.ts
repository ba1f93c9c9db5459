import { createHmac } from 'node:crypto';
import { Client } from 'pg';

/**
 * Each service owns one PostgreSQL schema and connects as its own role, which can use only that
 * schema. With a privileged DATABASE_URL (local development, tests, a fresh install) the bootstrap
 * creates the database, the role and the schema; in a managed deployment they can be provisioned
 * up front and a service-specific URL given instead.
 */
export interface ServiceDatabase {
  schema: string;
  role: string;
  url: string;
  /**
   * The superuser DATABASE_URL when it is one (local development, tests, a fresh install): after the
   * migrations, the append-only audit tables are handed to it (guardAppendOnlyTables).
   */
  adminUrl?: string;
}

export function serviceRoleName(service: string): string {
  return `avpass_${service}`;
}

/** Deterministic, so every instance of a service derives the same password without sharing state. */
export function serviceRolePassword(role: string, secret: string): string {
  return createHmac('sha256', secret).update(role).digest('base64url');
}

export function serviceDatabaseUrl(adminUrl: string, service: string, secret: string): string {
  const url = new URL(adminUrl);
  const role = serviceRoleName(service);
  url.username = role;
  url.password = serviceRolePassword(role, secret);
  return url.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(adminUrl: string): Promise<void> {
  const name = databaseName(adminUrl);
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  client.on('error', () => undefined); // a lost connection fails the pending query, which reports it
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database ${quoteIdent(name)}`);
      } catch (error) {
        // Created meanwhile by a sibling service: 42P04, or 23505 when both inserted into pg_database.
        if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * Creates (or updates) the service's role and schema. Runs under an advisory lock so that several
 * services and instances starting together do not race on CREATE ROLE.
 */
export async function ensureServiceSchema(
  adminUrl: string,
  service: string,
  secret: string,
): Promise<ServiceDatabase> {
  const role = serviceRoleName(service);
  const schema = service;
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a lost connection fails the pending query, which reports it
  await client.connect();
  let superuser = false;
  try {
    const { rows } = await client.query<{ privileged: boolean; superuser: boolean }>(
      'select (rolsuper or rolcreaterole) as privileged, rolsuper as superuser from pg_roles where rolname = current_user',
    );
    superuser = rows[0]?.superuser === true;
    if (rows[0]?.privileged) {
      await client.query('select pg_advisory_lock(hashtext($1))', ['avpass-bootstrap']);
      try {
        const password = serviceRolePassword(role, secret);
        // Roles are cluster-wide while advisory locks are per database: services bootstrapping other
        // databases on the same server can still collide here, so retry a lost race.
        await retryOnConcurrentUpdate(async () => {
          const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
          const verb = exists.rowCount ? 'alter' : 'create';
          await client.query(`${verb} role ${quoteIdent(role)} login password ${quoteLiteral(password)}`);
        });
        await client.query(
          `grant connect on database ${quoteIdent(databaseName(adminUrl))} to ${quoteIdent(role)}`,
        );
        await client.query(
          `create schema if not exists ${quoteIdent(schema)} authorization ${quoteIdent(role)}`,
        );
        await client.query(`revoke all on schema ${quoteIdent(schema)} from public`);
        // Substring search boxes use trigram indexes (public.gin_trgm_ops); creating an extension
        // needs this privileged connection, so the services' migrations only use it.
        await client.query('create extension if not exists pg_trgm schema public');
        await client.query(
          `alter role ${quoteIdent(role)} in database ${quoteIdent(databaseName(adminUrl))} set search_path = ${quoteIdent(schema)}`,
        );
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', ['avpass-bootstrap']);
      }
    }
  } finally {
    await client.end();
  }
  return {
    schema,
    role,
    url: serviceDatabaseUrl(adminUrl, service, secret),
    ...(superuser ? { adminUrl } : {}),
  };
}

async function retryOnConcurrentUpdate(run: () => Promise<void>, attempts = 8): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      const e = error as { code?: string; message?: string };
      const raced = e.code === '23505' || e.code === '42710' || /concurrently updated/.test(e.message ?? '');
      if (!raced || i >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 20 * i + Math.random() * 50));
    }
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
