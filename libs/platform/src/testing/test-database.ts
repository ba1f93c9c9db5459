import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Tests use the real PostgreSQL, Redis and NATS at the configured URLs (the standard local ports by
 * default). Each test file gets its own database and NATS namespace, so files run in parallel without
 * seeing each other.
 */
const adminUrl = () => process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function maintenance<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(adminUrl());
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `avpass_test_${randomBytes(6).toString('hex')}`;
  await maintenance((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => maintenance((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export function testNamespace(): string {
  return `t_${randomBytes(5).toString('hex')}`;
}

export function testServiceEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    OUTBOX_POLL_MS: '50',
    DB_ROLE_SECRET: 'avpass-test-secret-0123456789',
    BUSINESS_TIMEZONE: 'America/Los_Angeles',
    ...overrides,
  };
}
