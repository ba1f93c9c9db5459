import type { Actor } from '@avpass/contracts';
import { identityService, type Clock } from '@avpass/identity-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export const ADMIN = { username: 'admin', password: 'admin-test-password' };
export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

/** A clock tests can move: `clock.set(new Date(...))`, `clock.set(null)` for the real time. */
export interface TestClock extends Clock {
  set(at: Date | null): void;
  /** Moves a set clock (or the real time) forward. */
  advance(ms: number): void;
}
export function testClock(): TestClock {
  let fixed: Date | null = null;
  const clock = (() => fixed ?? new Date()) as TestClock;
  clock.set = (at) => (fixed = at);
  clock.advance = (ms) => (fixed = new Date(clock().getTime() + ms));
  return clock;
}

export interface IdentityServices extends TestBed {
  /** The clock every identity instance of this bed reads (sign-in delays). */
  clock: TestClock;
  /** Starts one more identity instance on the same database and namespace, with extra settings. */
  startIdentity(env?: Record<string, string>): Promise<INestMicroservice>;
}

/**
 * The identity service alone, in this process, on a fresh database, NATS namespace and Redis key
 * prefix. `env` overrides its settings (ADMIN_PASSWORD is set unless `env` sets it to '').
 */
export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityServices> {
  let startIdentity: IdentityServices['startIdentity'] = () => Promise.reject(new Error('not started'));
  const clock = testClock();
  const settings: Record<string, string> = {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  };
  if (settings.ADMIN_PASSWORD === '') delete settings.ADMIN_PASSWORD;
  const bed = await startTestBed({
    name: 'identity',
    env: settings,
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      startIdentity = (extra = {}) => {
        const merged: Record<string, string> = { ...b.env, ...extra };
        if (merged.ADMIN_PASSWORD === '') delete merged.ADMIN_PASSWORD;
        return b.add(createServiceApp(identityService, { env: merged, options: { clock } }));
      };
      await startIdentity();
    },
  });
  return { ...bed, clock, startIdentity: (extra) => startIdentity(extra) };
}

export { refusal } from '@avpass/platform/testing';
