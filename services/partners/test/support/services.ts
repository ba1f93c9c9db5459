import type { Actor } from '@avpass/contracts';
import { identityService } from '@avpass/identity-service';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

export interface Services extends Omit<TestBed, 'call'> {
  /** Calls a service over NATS exactly as the gateway does, as `actor` (default: a super_admin). */
  call<T>(pattern: string, payload: unknown, actor?: Actor | null): Promise<T>;
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
    call: <T>(pattern: string, payload: unknown, actor: Actor | null = SUPER_ADMIN) =>
      bed.call<T>(pattern, payload, { actor }),
  };
}

export { refusal } from '@avpass/platform/testing';
