import type { Actor } from '@avpass/contracts';
import { IdentityModule, loadIdentityConfig } from '@avpass/identity-service';
import { PartnersModule, loadPartnersConfig } from '@avpass/partners-service';
import { createServiceApp, RpcClient } from '@avpass/platform';
import {
  createTestDatabase,
  dropTestNamespace,
  stopServiceApp,
  testNamespace,
  testServiceEnv,
  type TestDatabase,
} from '@avpass/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

export interface Services {
  env: NodeJS.ProcessEnv;
  db: TestDatabase;
  /** The privileged connection to the test database, to look behind the services' backs. */
  sql: Client;
  rpc: RpcClient;
  /** Calls a service over NATS exactly as the gateway does. */
  call<T>(pattern: string, payload: unknown, actor?: Actor | null): Promise<T>;
  close(): Promise<void>;
}

/**
 * Identity and partners in this process, on a fresh database and NATS namespace, against the real
 * PostgreSQL, Redis and NATS. `partnersEnv` lets a test route the partners relay through a proxy.
 */
export async function startServices(partnersEnv: NodeJS.ProcessEnv = {}): Promise<Services> {
  const db = await createTestDatabase();
  const env = testServiceEnv({
    DATABASE_URL: db.url,
    NATS_NAMESPACE: testNamespace(),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-test-password',
  });
  const apps: INestMicroservice[] = [];
  const sql = new Client({ connectionString: db.url });
  const rpc = new RpcClient({
    natsUrl: env.NATS_URL!,
    namespace: env.NATS_NAMESPACE!,
    timeoutMs: 10_000,
    name: 'partners-test',
  });
  const close = async () => {
    await rpc.onApplicationShutdown().catch(() => undefined);
    for (const app of apps.reverse()) await stopServiceApp(app);
    await sql.end().catch(() => undefined);
    await dropTestNamespace(env.NATS_NAMESPACE!, env.NATS_URL);
    await db.drop();
  };
  try {
    const identityConfig = loadIdentityConfig(env);
    apps.push(
      await createServiceApp({
        name: 'identity',
        config: identityConfig,
        module: (d) => IdentityModule.register(identityConfig, d),
      }),
    );
    const partnersConfig = loadPartnersConfig({ ...env, ...partnersEnv });
    apps.push(
      await createServiceApp({
        name: 'partners',
        config: partnersConfig,
        module: (d) => PartnersModule.register(partnersConfig, d),
      }),
    );
    await sql.connect();
    await rpc.connect();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    env,
    db,
    sql,
    rpc,
    call: <T>(pattern: string, payload: unknown, actor: Actor | null = SUPER_ADMIN) =>
      rpc.call<T>(pattern, payload, { requestId: randomUUID(), ...(actor ? { actor } : {}) }),
    close,
  };
}

export { refusal } from '@avpass/platform/testing';
