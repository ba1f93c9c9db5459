// Checks that PostgreSQL, Redis and NATS answer, each in its own protocol, and says how to start
// the one that does not.
import { createConnection } from 'node:net';
import { Redis } from 'ioredis';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { DEFAULT_ENV } from './env.mjs';

const HOW_TO_START = {
  postgres: 'start it with `docker compose up -d postgres` (or `pg_ctlcluster 15 main start`)',
  redis: 'start it with `docker compose up -d redis` (or `redis-server --daemonize yes`)',
  nats: 'start it with `docker compose up -d nats` (or `nats-server -js &`)',
};

function hostPort(url, defaultPort) {
  try {
    const u = new URL(url);
    return `${u.hostname || '127.0.0.1'}:${u.port || defaultPort}`;
  } catch {
    return url;
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () =>
          reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'CONNECTION_REFUSED',
]);
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

async function checkPostgres(databaseUrl, timeoutMs) {
  const where = hostPort(databaseUrl, 5432);
  let maintenance;
  try {
    maintenance = new URL(databaseUrl);
    maintenance.pathname = '/postgres';
  } catch {
    return `DATABASE_URL is not a valid URL (${databaseUrl}) — use e.g. postgres://postgres@127.0.0.1:5432/avpass`;
  }
  const client = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await withTimeout(
      client.connect().then(() => client.query('select 1')),
      timeoutMs,
      'PostgreSQL',
    );
    return undefined;
  } catch (error) {
    if (UNREACHABLE.has(error?.code) || /timeout/i.test(firstLine(error))) {
      return `PostgreSQL is not reachable at ${where} — ${HOW_TO_START.postgres}`;
    }
    return `PostgreSQL at ${where} refused the connection from DATABASE_URL: ${firstLine(error)}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(redisUrl, timeoutMs) {
  const where = hostPort(redisUrl, 6379);
  let redis;
  try {
    redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
  } catch (error) {
    return `REDIS_URL is not usable (${redisUrl}): ${firstLine(error)}`;
  }
  redis.on('error', () => {});
  try {
    await withTimeout(
      redis.connect().then(() => redis.ping()),
      timeoutMs,
      'Redis',
    );
    return undefined;
  } catch (error) {
    if (UNREACHABLE.has(error?.code) || /timeout|connection is closed|ECONNREFUSED/i.test(firstLine(error))) {
      return `Redis is not reachable at ${where} — ${HOW_TO_START.redis}`;
    }
    return `Redis at ${where} did not answer PING: ${firstLine(error)}`;
  } finally {
    redis.disconnect();
  }
}

/** A NATS server greets every new connection with `INFO {...}`; anything else is not NATS. */
function natsGreeting(natsUrl, timeoutMs) {
  const u = new URL(natsUrl.split(',')[0].trim());
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: u.hostname || '127.0.0.1', port: Number(u.port || 4222) });
    let received = '';
    const done = (error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => done(Object.assign(new Error('no greeting'), { code: 'ETIMEDOUT' })));
    socket.on('error', done);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.startsWith('INFO ')) done();
      else if (received.length >= 5 || received.includes('\n'))
        done(Object.assign(new Error('not a NATS server'), { code: 'ENOTNATS' }));
    });
    socket.on('end', () =>
      done(Object.assign(new Error('closed without a greeting'), { code: 'ECONNRESET' })),
    );
  });
}

async function checkNats(natsUrl, timeoutMs) {
  const where = hostPort(natsUrl, 4222);
  let nc;
  try {
    // Raw greeting first: the nats client can hang on a port where something else listens.
    await natsGreeting(natsUrl, timeoutMs);
  } catch (error) {
    if (error?.code === 'ENOTNATS' || error?.code === 'ETIMEDOUT') {
      return `NATS is not reachable at ${where} (something else answers on that port) — ${HOW_TO_START.nats}`;
    }
    return `NATS is not reachable at ${where} — ${HOW_TO_START.nats}`;
  }
  try {
    nc = await withTimeout(
      connectNats({
        servers: natsUrl,
        timeout: timeoutMs,
        reconnect: false,
        maxReconnectAttempts: 0,
        name: 'avpass-infrastructure-check',
      }),
      timeoutMs + 500,
      'NATS',
    );
  } catch (error) {
    if (UNREACHABLE.has(error?.code) || /timeout|refused/i.test(firstLine(error))) {
      return `NATS is not reachable at ${where} — ${HOW_TO_START.nats}`;
    }
    return `NATS at ${where} refused the connection from NATS_URL: ${firstLine(error)}`;
  }
  try {
    // jetstreamManager() asks the server for the account's JetStream info; it fails when -js is off.
    await withTimeout(nc.jetstreamManager(), timeoutMs, 'NATS JetStream');
    return undefined;
  } catch (error) {
    return `NATS at ${where} has no JetStream (${firstLine(error)}) — run nats-server with -js`;
  } finally {
    await nc.close().catch(() => {});
  }
}

/**
 * Each piece of infrastructure's problem (undefined when it answers), by name: `postgres`, `redis`,
 * `nats`. `unreachable` marks a problem where nothing answers at all (a server that answers but
 * refuses is another kind of problem: starting a container would not fix it).
 */
export async function checkEachInfrastructure({ databaseUrl, redisUrl, natsUrl, timeoutMs = 3000 } = {}) {
  const [postgres, redis, nats] = await Promise.all([
    checkPostgres(databaseUrl ?? DEFAULT_ENV.DATABASE_URL, timeoutMs),
    checkRedis(redisUrl ?? DEFAULT_ENV.REDIS_URL, timeoutMs),
    checkNats(natsUrl ?? DEFAULT_ENV.NATS_URL, timeoutMs),
  ]);
  return { postgres, redis, nats };
}

/** Whether a problem line says nothing answers (as opposed to an answer that refuses). */
export const isUnreachable = (problem) =>
  typeof problem === 'string' && / is not reachable at /.test(problem);

/**
 * Connects to each piece of infrastructure and says hello in its own protocol. Returns one line per
 * problem (what is missing and how to start it); an empty list means everything answers.
 */
export async function checkInfrastructure(urls = {}) {
  return Object.values(await checkEachInfrastructure(urls)).filter(Boolean);
}
