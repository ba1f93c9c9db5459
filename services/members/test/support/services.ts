import type { Actor, RpcRequestInput, RpcResponse, RpcSubject } from '@avpass/contracts';
import { membersService, type Clock } from '@avpass/members-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

export interface Services extends Omit<TestBed, 'call'> {
  /** Calls the members service over NATS exactly as the gateway does, as `actor` (default: a super_admin). */
  call<S extends RpcSubject>(
    subject: S,
    payload: RpcRequestInput<S>,
    actor?: Actor | null,
  ): Promise<RpcResponse<S>>;
  /** Calls anonymously from a client address (a member's sign-in, counted per address). */
  callFrom<S extends RpcSubject>(
    ip: string,
    subject: S,
    payload: RpcRequestInput<S>,
  ): Promise<RpcResponse<S>>;
}

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

/**
 * The members service in this process, on a fresh database and NATS namespace; `env` adds settings,
 * `clock` stands it at an instant of the test's choosing (`instances`: that many copies).
 */
export async function startServices(
  env: Record<string, string> = {},
  options: { clock?: Clock; instances?: number } = {},
): Promise<Services> {
  const bed = await startTestBed({
    name: 'members',
    env,
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      // One at a time: each runs the migrations at start-up.
      for (let i = 0; i < (options.instances ?? 1); i++) {
        await b.add(
          createServiceApp(membersService, {
            env: b.env,
            ...(options.clock ? { options: { clock: options.clock } } : {}),
          }),
        );
      }
    },
  });
  return {
    ...bed,
    call: (subject, payload, actor = SUPER_ADMIN) => bed.call(subject, payload, { actor }),
    callFrom: (ip, subject, payload) => bed.call(subject, payload, { actor: null, ip }),
  };
}

export { refusal } from '@avpass/platform/testing';
