import type { Actor } from '@avpass/contracts';
import { creditsService, type Clock } from '@avpass/credits-service';
import { membersService } from '@avpass/members-service';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
export const companyActor = (companyId: string): Actor => ({
  userId: randomUUID(),
  role: 'company_admin',
  companyId,
});

/** A clock tests can move: `clock.set(new Date(...))`, `clock.set(null)` for the real time. */
export interface TestClock extends Clock {
  set(at: Date | null): void;
}
export function testClock(): TestClock {
  let fixed: Date | null = null;
  const clock = (() => fixed ?? new Date()) as TestClock;
  clock.set = (at) => (fixed = at);
  return clock;
}

export interface CreditServices extends TestBed {
  clock: TestClock;
  credits: INestMicroservice[];
}

/**
 * The credits service (`instances` copies, sharing the database and NATS queue group) and the partners
 * service (partner names), with `members` the members service too (a credit's member, decision 336), in
 * this process on a fresh database and NATS namespace, against the real PostgreSQL, Redis and NATS.
 */
export async function startCreditServices(
  options: { instances?: number; members?: boolean } = {},
): Promise<CreditServices> {
  const clock = testClock();
  const credits: INestMicroservice[] = [];
  const bed = await startTestBed({
    name: 'credits',
    defaultActor: SUPER_ADMIN,
    rpcTimeoutMs: 20_000,
    start: async (b) => {
      const config = creditsService.loadConfig(b.env);
      // One at a time: each runs the migrations at start-up.
      for (let i = 0; i < (options.instances ?? 1); i++) {
        credits.push(await b.add(createServiceApp(creditsService, { config, options: { clock } })));
      }
      await b.add(createServiceApp(partnersService, { env: b.env }));
      if (options.members) await b.add(createServiceApp(membersService, { env: b.env }));
    },
  });
  return { ...bed, clock, credits };
}

export { refusal } from '@avpass/platform/testing';
