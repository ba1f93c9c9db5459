import type { Actor, RpcMeta, RpcRequestInput, RpcResponse, RpcSubject } from '@avpass/contracts';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { RpcClient } from '../messaging/rpc-client';
import { stopServiceApp } from './service-apps';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testNamespace, testServiceEnv } from './test-env';
import { dropTestNamespace } from './test-namespace';

/** Who a test call is made as, and from where; `actor: null` calls anonymously. */
export interface TestCallMeta {
  actor?: Actor | null;
  ip?: string;
  userAgent?: string;
}

/**
 * Services under test in this process, on a fresh database and NATS namespace, against the real
 * PostgreSQL, Redis and NATS, with a privileged SQL connection and an RPC client that calls them
 * exactly as the gateway does.
 */
export interface TestBed {
  env: Record<string, string>;
  db: TestDatabase;
  /** The privileged connection to the test database, to look behind the services' backs. */
  sql: Client;
  rpc: RpcClient;
  /** Apps started with `add`, in start order; `close` stops them in reverse. */
  apps: INestMicroservice[];
  add(app: Promise<INestMicroservice>): Promise<INestMicroservice>;
  /** Stops one app now (a restart test, an outage). */
  remove(app: INestMicroservice): Promise<void>;
  call<S extends RpcSubject>(
    subject: S,
    payload: RpcRequestInput<S>,
    meta?: TestCallMeta,
  ): Promise<RpcResponse<S>>;
  close(): Promise<void>;
}

/**
 * Creates a test bed and runs `start` to add its services; if that fails, everything created so far
 * is cleaned up before the error is rethrown. `defaultActor` is who `call` acts as unless told.
 */
export async function startTestBed(options: {
  name: string;
  env?: Record<string, string>;
  defaultActor: Actor;
  rpcTimeoutMs?: number;
  start: (bed: TestBed) => Promise<void>;
}): Promise<TestBed> {
  const db = await createTestDatabase();
  const env = testServiceEnv({ DATABASE_URL: db.url, NATS_NAMESPACE: testNamespace(), ...options.env });
  const sql = new Client({ connectionString: db.url });
  const rpc = new RpcClient({
    natsUrl: env.NATS_URL!,
    namespace: env.NATS_NAMESPACE!,
    timeoutMs: options.rpcTimeoutMs ?? 10_000,
    name: `${options.name}-test`,
  });
  const apps: INestMicroservice[] = [];
  const bed: TestBed = {
    env,
    db,
    sql,
    rpc,
    apps,
    async add(starting) {
      const app = await starting;
      apps.push(app);
      return app;
    },
    async remove(app) {
      apps.splice(apps.indexOf(app), 1);
      await stopServiceApp(app);
    },
    call(subject, payload, meta = {}) {
      const actor = meta.actor === undefined ? options.defaultActor : meta.actor;
      const rpcMeta: RpcMeta = {
        requestId: randomUUID(),
        ...(actor ? { actor } : {}),
        ...(meta.ip ? { ip: meta.ip } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      };
      return rpc.call(subject, payload, rpcMeta);
    },
    async close() {
      await rpc.onApplicationShutdown().catch(() => undefined);
      for (const app of [...apps].reverse()) await stopServiceApp(app).catch(() => undefined);
      await sql.end().catch(() => undefined);
      await dropTestNamespace(env.NATS_NAMESPACE!, env.NATS_URL);
      await db.drop();
    },
  };
  try {
    await options.start(bed);
    await sql.connect();
    await rpc.connect();
  } catch (error) {
    await bed.close();
    throw error;
  }
  return bed;
}
