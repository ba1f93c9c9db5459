import type { Actor, RpcRequestInput, RpcResponse, RpcSubject } from '@avpass/contracts';
import { identityService } from '@avpass/identity-service';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

export interface Services extends Omit<TestBed, 'call'> {
  /** Calls a service over NATS exactly as the gateway does, as `actor` (default: a super_admin). */
  call<S extends RpcSubject>(
    subject: S,
    payload: RpcRequestInput<S>,
    actor?: Actor | null,
  ): Promise<RpcResponse<S>>;
}

/**
 * Identity and partners in this process, on a fresh database and NATS namespace, against the real
 * PostgreSQL, Redis and NATS. `partnersEnv` lets a test route the partners relay through a proxy.
 */
export async function startServices(partnersEnv: Record<string, string> = {}): Promise<Services> {
  const bed = await startTestBed({
    name: 'partners',
    env: { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin-test-password' },
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      await b.add(createServiceApp(identityService, { env: b.env }));
      await b.add(createServiceApp(partnersService, { env: { ...b.env, ...partnersEnv } }));
    },
  });
  return {
    ...bed,
    call: (subject, payload, actor = SUPER_ADMIN) => bed.call(subject, payload, { actor }),
  };
}

export { refusal } from '@avpass/platform/testing';
