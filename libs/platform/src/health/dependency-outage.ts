import { ConnectionException } from '@mikro-orm/core';

export type Dependency = 'postgres' | 'redis' | 'nats';

/** PostgreSQL SQLSTATEs meaning "the server is not there right now" (classes 08 and 57P). */
const PG_UNAVAILABLE = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Which infrastructure dependency an error says is unreachable, or null for any other error (a bug, a
 * constraint violation, …). Looks through `cause` chains (MikroORM wraps the pg error).
 */
export function unavailableDependency(error: unknown): Dependency | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, name, message = '' } = e as { code?: unknown; name?: string; message?: string };
    if (e instanceof ConnectionException) return 'postgres';
    if (typeof code === 'string' && PG_UNAVAILABLE.has(code)) return 'postgres';
    // ioredis: offline queue disabled, retries exhausted, commandTimeout, socket closed.
    if (
      name === 'MaxRetriesPerRequestError' ||
      /Stream isn't writeable|enableOfflineQueue|Command timed out|Connection is closed/i.test(message)
    ) {
      return 'redis';
    }
    // pg / MikroORM: the server went away or is restarting.
    if (
      /Connection terminated|terminating connection|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
        message,
      )
    ) {
      return 'postgres';
    }
    if (typeof code === 'string' && SOCKET_CODES.has(code)) {
      const port = (e as { port?: number }).port;
      return port === 6379 ? 'redis' : 'postgres';
    }
  }
  return null;
}

interface OutageState {
  since: number;
  lastLogged: number;
  suppressed: number;
}

/**
 * Says "X is unavailable" once per outage (and a reminder at most every `remindMs` with how many
 * requests it refused meanwhile), and "X is back" once, instead of a stack trace per request.
 */
export class DependencyOutageLog {
  private readonly outages = new Map<string, OutageState>();

  constructor(
    private readonly log: { warn(message: string): void; log(message: string): void },
    private readonly remindMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  down(dependency: string, detail?: string): void {
    const now = this.now();
    const outage = this.outages.get(dependency);
    if (!outage) {
      this.outages.set(dependency, { since: now, lastLogged: now, suppressed: 0 });
      this.log.warn(
        `${dependency} is unavailable${detail ? ` (${detail})` : ''}; answering 503 until it is back`,
      );
      return;
    }
    outage.suppressed++;
    if (now - outage.lastLogged >= this.remindMs) {
      this.log.warn(
        `${dependency} still unavailable after ${Math.round((now - outage.since) / 1000)} s; ${outage.suppressed} requests refused since the last message`,
      );
      outage.lastLogged = now;
      outage.suppressed = 0;
    }
  }

  up(dependency: string): void {
    const outage = this.outages.get(dependency);
    if (!outage) return;
    this.outages.delete(dependency);
    this.log.log(`${dependency} is back after ${((this.now() - outage.since) / 1000).toFixed(1)} s`);
  }

  isDown(dependency: string): boolean {
    return this.outages.has(dependency);
  }
}

/** How long clients are told to wait before retrying when a dependency is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
