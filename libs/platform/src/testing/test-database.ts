import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { quoteIdent } from '../database/service-database';

export interface TestDatabase {
  /** Admin URL of the new database (give it to the app as DATABASE_URL). */
  url: string;
  name: string;
  /** Drops the database, closing whatever connections are still open. */
  drop(): Promise<void>;
}

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/avpass';

/**
 * Where test databases are created:
 * 1. TEST_DATABASE_URL, when set (an explicit choice wins);
 * 2. else, when a Docker engine answers, one PostgreSQL 15 testcontainer per test worker (Ryuk removes it
 *    when the worker ends);
 * 3. else the configured local server: DATABASE_URL or the default 127.0.0.1:5432. Machines without a
 *    Docker engine (CI here) take this path: `getContainerRuntimeClient()` rejects within milliseconds.
 * Each call then creates its own `avpass_test_<random>` database on that server, so test files can run
 * in parallel against one server.
 */
let serverUrl: Promise<string> | undefined;

function testServerUrl(): Promise<string> {
  serverUrl ??= resolveServerUrl();
  return serverUrl;
}

async function resolveServerUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const { getContainerRuntimeClient } = await import('testcontainers');
  const hasEngine = await getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
  if (hasEngine) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15').start();
    return container.getConnectionUri();
  }
  return process.env.DATABASE_URL || LOCAL_DEFAULT;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

async function onMaintenanceDb<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = await testServerUrl();
  const name = `avpass_test_${randomBytes(6).toString('hex')}`;
  await onMaintenanceDb(server, (client) => client.query(`create database ${quoteIdent(name)}`));
  let dropped = false;
  return {
    url: withDatabase(server, name),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await onMaintenanceDb(server, (client) =>
        client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
      );
    },
  };
}
