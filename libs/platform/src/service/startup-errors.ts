/** Turns a connection failure at start-up into a sentence saying what to start. */
export function describeStartupError(error: unknown): string {
  const e = error as { code?: string; message?: string; address?: string; port?: number };
  const message = e?.message ?? String(error);
  if (e?.code === 'ECONNREFUSED' && e.port === 5432)
    return `PostgreSQL is not reachable at ${e.address}:${e.port}. ${HOW_TO_START.postgres}`;
  if (/ECONNREFUSED.*:5432|connect.*5432/.test(message))
    return `PostgreSQL is not reachable (${message}). ${HOW_TO_START.postgres}`;
  if (/6379/.test(message)) return `Redis is not reachable (${message}). ${HOW_TO_START.redis}`;
  if (/CONNECTION_REFUSED|4222|nats/i.test(message))
    return `NATS is not reachable (${message}). ${HOW_TO_START.nats}`;
  return message;
}

export const HOW_TO_START = {
  postgres: 'Start it with `docker compose up -d postgres` (or `pg_ctlcluster 15 main start`).',
  redis: 'Start it with `docker compose up -d redis` (or `redis-server --daemonize yes`).',
  nats: 'Start it with `docker compose up -d nats` (or `nats-server -js &`).',
} as const;
