import type { Actor } from '@avpass/contracts';
import { membersService } from '@avpass/members-service';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed, type TestCallMeta } from '@avpass/platform/testing';
import { vouchersService, type Clock } from '@avpass/vouchers-service';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

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

export type CallMeta = TestCallMeta;

export interface VoucherServices extends TestBed {
  clock: TestClock;
  /** Running vouchers instances (they share the database and the NATS queue group). */
  vouchers: INestMicroservice[];
  /** One more instance; `env` overrides the test bed's environment for it (BUSINESS_TIMEZONE, …). */
  startVouchers(env?: Record<string, string>): Promise<INestMicroservice>;
  stopVouchers(app: INestMicroservice): Promise<void>;
}

/**
 * The vouchers service (`instances` copies) and, when asked, the partners service, in this process on
 * a fresh database and NATS namespace, against the real PostgreSQL, Redis and NATS.
 */
export async function startVoucherServices(
  options: { instances?: number; partners?: boolean; members?: boolean; env?: Record<string, string> } = {},
): Promise<VoucherServices> {
  const clock = testClock();
  const vouchers: INestMicroservice[] = [];
  let startVouchers = (_env?: Record<string, string>): Promise<INestMicroservice> =>
    Promise.reject(new Error('not started'));
  const bed = await startTestBed({
    name: 'vouchers',
    env: options.env ?? {},
    defaultActor: SUPER_ADMIN,
    // A 100,000-code batch takes seconds, more on a loaded machine (the gateway waits up to 120 s for
    // one); the test's own timeout (60 s) still catches a hang.
    rpcTimeoutMs: 60_000,
    start: async (b) => {
      const config = vouchersService.loadConfig(b.env);
      startVouchers = async (env) => {
        const own = env ? vouchersService.loadConfig({ ...b.env, ...env }) : config;
        const app = await b.add(createServiceApp(vouchersService, { config: own, options: { clock } }));
        vouchers.push(app);
        return app;
      };
      // One at a time: each runs the migrations at start-up.
      for (let i = 0; i < (options.instances ?? 1); i++) await startVouchers();
      if (options.partners) {
        await b.add(createServiceApp(partnersService, { env: b.env }));
      }
      // Issue 41: the members service publishes the erasures and merges the vouchers service applies.
      if (options.members) await b.add(createServiceApp(membersService, { env: b.env }));
    },
  });
  return {
    ...bed,
    clock,
    vouchers,
    startVouchers: (env) => startVouchers(env),
    async stopVouchers(app) {
      vouchers.splice(vouchers.indexOf(app), 1);
      await bed.remove(app);
    },
  };
}

export { refusal } from '@avpass/platform/testing';
