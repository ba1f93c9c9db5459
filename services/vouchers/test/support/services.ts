import type { Actor } from '@avpass/contracts';
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
import { VouchersModule, loadVouchersConfig, type Clock } from '@avpass/vouchers-service';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
export const companyActor = (companyId: string): Actor => ({
  userId: randomUUID(),
  role: 'company_admin',
  companyId,
});

/** A clock tests can move: `clock.set(new Date(...))`, `clock.reset()`. */
export interface TestClock extends Clock {
  set(at: Date | null): void;
}
export function testClock(): TestClock {
  let fixed: Date | null = null;
  const clock = (() => fixed ?? new Date()) as TestClock;
  clock.set = (at) => (fixed = at);
  return clock;
}

export interface CallMeta {
  actor?: Actor | null;
  ip?: string;
  userAgent?: string;
}

export interface VoucherServices {
  env: Record<string, string>;
  db: TestDatabase;
  sql: Client;
  clock: TestClock;
  /** Running vouchers instances (they share the database and the NATS queue group). */
  vouchers: INestMicroservice[];
  startVouchers(): Promise<INestMicroservice>;
  stopVouchers(app: INestMicroservice): Promise<void>;
  call<T>(pattern: string, payload: unknown, meta?: CallMeta): Promise<T>;
  close(): Promise<void>;
}

/**
 * The vouchers service (`instances` copies) and, when asked, the partners service, in this process on
 * a fresh database and NATS namespace, against the real PostgreSQL, Redis and NATS.
 */
export async function startVoucherServices(
  options: { instances?: number; partners?: boolean; env?: Record<string, string> } = {},
): Promise<VoucherServices> {
  const db = await createTestDatabase();
  const env = testServiceEnv({ DATABASE_URL: db.url, NATS_NAMESPACE: testNamespace(), ...options.env });
  const clock = testClock();
  const others: INestMicroservice[] = [];
  const vouchers: INestMicroservice[] = [];
  const sql = new Client({ connectionString: db.url });
  const rpc = new RpcClient({
    natsUrl: env.NATS_URL!,
    namespace: env.NATS_NAMESPACE!,
    timeoutMs: 15_000,
    name: 'vouchers-test',
  });
  const config = loadVouchersConfig(env);
  const startVouchers = async () => {
    const app = await createServiceApp({
      name: 'vouchers',
      config,
      module: (d) => VouchersModule.register(config, d, { clock }),
    });
    vouchers.push(app);
    return app;
  };
  const stopVouchers = async (app: INestMicroservice) => {
    vouchers.splice(vouchers.indexOf(app), 1);
    await stopServiceApp(app);
  };
  const close = async () => {
    await rpc.onApplicationShutdown().catch(() => undefined);
    for (const app of [...vouchers, ...others].reverse()) await stopServiceApp(app).catch(() => undefined);
    await sql.end().catch(() => undefined);
    await dropTestNamespace(env.NATS_NAMESPACE!, env.NATS_URL);
    await db.drop();
  };
  try {
    // One at a time: each runs the migrations at start-up.
    for (let i = 0; i < (options.instances ?? 1); i++) await startVouchers();
    if (options.partners) {
      const partnersConfig = loadPartnersConfig(env);
      others.push(
        await createServiceApp({
          name: 'partners',
          config: partnersConfig,
          module: (d) => PartnersModule.register(partnersConfig, d),
        }),
      );
    }
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
    clock,
    vouchers,
    startVouchers,
    stopVouchers,
    call: <T>(pattern: string, payload: unknown, meta: CallMeta = {}) => {
      const actor = meta.actor === undefined ? SUPER_ADMIN : meta.actor;
      return rpc.call<T>(pattern, payload, {
        requestId: randomUUID(),
        ...(actor ? { actor } : {}),
        ...(meta.ip ? { ip: meta.ip } : {}),
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      });
    },
    close,
  };
}

export { refusal } from '@avpass/platform/testing';
