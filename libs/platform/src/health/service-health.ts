import type { ServiceHealth } from '@avpass/contracts';
import type { MikroORM } from '@mikro-orm/core';
import type { NatsConnection } from 'nats';
import type { Redis } from 'ioredis';

export interface HealthProbes {
  service: string;
  orm?: MikroORM;
  nats?: NatsConnection;
  redis?: Redis;
  extra?: Record<string, () => Promise<void>>;
}

/** Runs one health check with a deadline: up, or down with the reason. */
export async function probe(
  check: () => Promise<unknown>,
  timeoutMs = 1500,
): Promise<{ status: 'up' | 'down'; message?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', message: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkServiceHealth(p: HealthProbes): Promise<ServiceHealth> {
  const details: ServiceHealth['details'] = {};
  if (p.orm) details.postgres = await probe(() => p.orm!.em.getConnection().execute('select 1'));
  if (p.nats)
    details.jetstream = await probe(async () => (await p.nats!.jetstreamManager()).getAccountInfo());
  if (p.redis) details.redis = await probe(() => p.redis!.ping());
  for (const [name, check] of Object.entries(p.extra ?? {})) details[name] = await probe(check);
  const status = Object.values(details).every((d) => d.status === 'up') ? 'up' : 'down';
  return { service: p.service, status, details };
}
