import type { Actor } from '@avpass/contracts';
import { IdentityModule, loadIdentityConfig } from '@avpass/identity-service';
import { PartnersModule, loadPartnersConfig } from '@avpass/partners-service';
import {
  createServiceApp,
  DomainError,
  EventBusLifecycle,
  eventStreamName,
  RpcClient,
} from '@avpass/platform';
import {
  createTestDatabase,
  testNamespace,
  testServiceEnv,
  type TestDatabase,
} from '@avpass/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { connect } from 'nats';
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
    for (const app of apps.reverse()) {
      // The platform stops its relay after the ORM may have closed, and a poll caught in between
      // waits 60 s for a connection; stopping the relay first keeps teardown at 2 s.
      await app.get(EventBusLifecycle).relay.stop();
      await app.close();
    }
    await sql.end().catch(() => undefined);
    await deleteEventStream(env);
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

/** The error a call was refused with; fails the test if the call succeeded. */
export async function refusal(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

/** Each test namespace gets its own JetStream stream; leave NATS as we found it. */
async function deleteEventStream(env: NodeJS.ProcessEnv): Promise<void> {
  const nc = await connect({ servers: env.NATS_URL! });
  try {
    await (await nc.jetstreamManager()).streams.delete(eventStreamName(env.NATS_NAMESPACE!));
  } catch {
    // never created
  } finally {
    await nc.close();
  }
}
