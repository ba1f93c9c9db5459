import type { Actor, RpcRequestInput, RpcResponse, RpcSubject } from '@avpass/contracts';
import { membersService } from '@avpass/members-service';
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

/** The members service in this process, on a fresh database and NATS namespace; `env` adds settings. */
export async function startServices(env: Record<string, string> = {}): Promise<Services> {
  const bed = await startTestBed({
    name: 'members',
    env,
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      await b.add(createServiceApp(membersService, { env: b.env }));
    },
  });
  return {
    ...bed,
    call: (subject, payload, actor = SUPER_ADMIN) => bed.call(subject, payload, { actor }),
    callFrom: (ip, subject, payload) => bed.call(subject, payload, { actor: null, ip }),
  };
}

export { refusal } from '@avpass/platform/testing';
