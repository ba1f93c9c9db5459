// Shared launcher code for `npm start` (tools/start.mjs), `npm test` (tools/test.mjs) and the e2e
// global setup: checks that PostgreSQL, Redis and NATS answer, and runs the six built services plus
// the gateway as child processes.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { connect as connectNats } from 'nats';
import pg from 'pg';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const SERVICES = ['identity', 'partners', 'vouchers', 'credits', 'inventory', 'rendering'];

export const DEFAULT_ENV = Object.freeze({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/avpass',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  NATS_NAMESPACE: 'avpass',
  PORT: '3000',
  ADMIN_USERNAME: 'admin',
});

/** The environment with the local defaults filled in (empty values count as unset). */
export function platformEnv(env = process.env) {
  const merged = { ...env };
  for (const [key, value] of Object.entries(DEFAULT_ENV)) if (!merged[key]) merged[key] = value;
  return merged;
}

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
 * Connects to each piece of infrastructure and says hello in its own protocol. Returns one line per
 * problem (what is missing and how to start it); an empty list means everything answers.
 */
export async function checkInfrastructure({ databaseUrl, redisUrl, natsUrl, timeoutMs = 3000 } = {}) {
  const results = await Promise.all([
    checkPostgres(databaseUrl ?? DEFAULT_ENV.DATABASE_URL, timeoutMs),
    checkRedis(redisUrl ?? DEFAULT_ENV.REDIS_URL, timeoutMs),
    checkNats(natsUrl ?? DEFAULT_ENV.NATS_URL, timeoutMs),
  ]);
  return results.filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Running the apps

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_COLOURS = { trace: 90, debug: 90, info: 32, warn: 33, error: 31, fatal: 35 };
const PINO_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'app', 'msg', 'v', 'err', 'context']);

/** Turns one pino JSON line into `[identity] info  message key=value` (other lines pass unchanged). */
export function formatLogLine(app, line, { colour = false } = {}) {
  const paint = (code, text) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const tag = paint(36, `[${app}]`);
  let entry;
  try {
    entry = line.startsWith('{') ? JSON.parse(line) : undefined;
  } catch {
    entry = undefined;
  }
  if (!entry || typeof entry !== 'object') return `${tag} ${line}`;
  const level = LEVELS[entry.level] ?? String(entry.level ?? 'info');
  const extras = Object.entries(entry)
    .filter(([key]) => !PINO_KEYS.has(key))
    .map(([key, value]) => {
      // pino-http's request objects, shortened for a terminal
      if (key === 'req' && value?.method) return `${value.method} ${value.url}`;
      if (key === 'res' && value?.statusCode) return `→ ${value.statusCode}`;
      if (key === 'responseTime' && typeof value === 'number') return `${Math.round(value)} ms`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    });
  let text = `${tag} ${paint(LEVEL_COLOURS[level] ?? 0, level.padEnd(5))} ${entry.context ? `${entry.context}: ` : ''}${entry.msg ?? ''}`;
  if (extras.length) text += ` ${paint(90, extras.join(' '))}`;
  if (entry.err?.stack) text += `\n${String(entry.err.stack).replace(/^/gm, '    ')}`;
  else if (entry.err?.message) text += ` (${entry.err.message})`;
  return text;
}

function appList(root) {
  return [
    ...SERVICES.map((name) => ({ name, main: join(root, 'services', name, 'dist', 'main.js') })),
    { name: 'gateway', main: join(root, 'gateway', 'dist', 'main.js') },
  ];
}

/** Finds service names the health body reports as down (any object with status down/error). */
function downApps(body, names) {
  const down = new Set();
  const visit = (value, key) => {
    if (!value || typeof value !== 'object') return;
    const status = value.status;
    if (status === 'down' || status === 'error') {
      const name = typeof value.service === 'string' ? value.service : key;
      if (names.includes(name)) down.add(name);
      else down.add(key ?? 'unknown');
    }
    for (const [k, v] of Object.entries(value)) visit(v, Array.isArray(value) ? key : k);
  };
  visit(body, undefined);
  return [...down];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the six services and then the gateway (`node <dist main>`), waits until the gateway's
 * GET /health answers 200 with nothing down, and returns `{ url, stop() }`.
 *
 * options.env        merged over process.env (defaults from DEFAULT_ENV fill the gaps)
 * options.cwd        repository root (default: this file's repo)
 * options.pretty     print pino JSON as `[identity] info message` (default false: lines pass through)
 * options.logPrefix  string put before every printed line (e.g. '  ')
 * options.onLine     (text, { app, raw, stream }) => void; replaces printing to stdout
 * options.onExit     ({ app, code, signal, lastLines }) => void; an app stopped on its own after start-up
 * options.readyTimeoutMs  how long to wait for /health (default 60 s)
 * options.signal     AbortSignal: aborting during start-up stops the apps and rejects
 */
export async function startPlatform(options = {}) {
  const root = options.cwd ?? REPO_ROOT;
  const env = platformEnv({ ...process.env, ...options.env });
  const port = Number(env.PORT);
  const url = `http://localhost:${port}`;
  const healthUrl = `http://127.0.0.1:${port}/health`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const colour = Boolean(options.pretty && process.stdout.isTTY && !process.env.NO_COLOR);
  const prefix = options.logPrefix ?? '';
  const print = options.onLine ?? ((text) => process.stdout.write(`${text}\n`));

  const apps = appList(root);
  const missing = apps.filter((app) => !existsSync(app.main)).map((app) => relative(root, app.main));
  if (missing.length) {
    throw new Error(`Not built: ${missing.join(', ')} — run npm run build first`);
  }
  if (!existsSync(join(root, 'frontend', 'dist', 'index.html'))) {
    print(
      `${prefix}[start] frontend/dist is missing: the gateway will serve the API only (run npm run build first)`,
      {
        app: 'start',
        raw: '',
        stream: 'stdout',
      },
    );
  }

  const children = new Map(); // name -> { child, lines: string[], exit?: {code, signal} }
  let stopping = false;
  let ready = false;
  let failEarly;
  const earlyExit = new Promise((_, reject) => (failEarly = reject));
  earlyExit.catch(() => {});

  const lastLines = (name, count = 20) => (children.get(name)?.lines ?? []).slice(-count);
  const describeLastLines = (name, count = 20) => {
    const lines = lastLines(name, count);
    return lines.length
      ? `last lines of ${name}:\n${lines.map((l) => `  ${formatLogLine(name, l)}`).join('\n')}`
      : `${name} printed nothing`;
  };

  const killAll = () => {
    for (const { child } of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll); // never leave orphans behind when the launcher itself ends

  const launch = ({ name, main }) => {
    const childEnv = { ...env };
    if (name !== 'gateway') delete childEnv.PORT; // only the gateway listens on HTTP
    // Own process group: Ctrl-C reaches only the launcher, which then stops the apps in order.
    // The rendering worker's heap is capped as in docker-compose.yml (bounded memory for big ZIPs).
    const nodeArgs = name === 'rendering' ? ['--max-old-space-size=256'] : [];
    // AVPASS_NODE_ARGS: extra Node flags for every app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    if (env.AVPASS_NODE_ARGS) nodeArgs.push(...env.AVPASS_NODE_ARGS.split(/\s+/).filter(Boolean));
    const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, main], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const state = { child, lines: [], exit: undefined };
    children.set(name, state);
    for (const stream of ['stdout', 'stderr']) {
      createInterface({ input: child[stream], crlfDelay: Infinity }).on('line', (raw) => {
        state.lines.push(raw);
        if (state.lines.length > 200) state.lines.splice(0, state.lines.length - 200);
        const text = options.pretty ? formatLogLine(name, raw, { colour }) : raw;
        print(`${prefix}${text}`, { app: name, raw, stream });
      });
    }
    child.on('error', (error) => {
      state.lines.push(`could not start: ${error.message}`);
    });
    // 'close' (not 'exit'): fires once the app's output has been read, so its last lines are known.
    child.on('close', (code, signal) => {
      state.exit = { code, signal };
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!ready) {
        failEarly(new Error(`${name} stopped during start-up (${how}); ${describeLastLines(name)}`));
      } else {
        options.onExit?.({ app: name, code, signal, lastLines: lastLines(name) });
        if (!options.onExit)
          print(`${prefix}[start] ${name} stopped unexpectedly (${how}); ${describeLastLines(name)}`, {
            app: 'start',
            raw: '',
            stream: 'stderr',
          });
      }
    });
  };

  const stop = async () => {
    stopping = true;
    const waits = [...children.entries()].map(([, { child }]) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    });
    await Promise.all(waits);
    process.removeListener('exit', killAll);
  };

  for (const app of apps.slice(0, -1)) launch(app);
  launch(apps[apps.length - 1]);

  // Wait for GET /health: 200 and nothing reported down.
  const deadline = Date.now() + readyTimeoutMs;
  let lastStatus = 'no answer';
  let lastBody;
  const poll = async () => {
    while (Date.now() < deadline) {
      try {
        const response = await fetch(healthUrl, { signal: AbortSignal.timeout(3000) });
        const text = await response.text();
        try {
          lastBody = JSON.parse(text);
        } catch {
          lastBody = undefined;
        }
        lastStatus = `HTTP ${response.status}`;
        if (response.status === 200 && downApps(lastBody, SERVICES).length === 0) return;
      } catch (error) {
        lastStatus = `no answer (${error?.cause?.code ?? error?.name ?? 'error'})`;
      }
      await sleep(500);
    }
    const down = lastBody ? downApps(lastBody, [...SERVICES, 'gateway']).filter((n) => children.has(n)) : [];
    const suspects = down.length ? down : ['gateway'];
    throw new Error(
      `AV Pass did not become healthy within ${Math.round(readyTimeoutMs / 1000)} s (GET /health: ${lastStatus}${
        down.length ? `; down: ${down.join(', ')}` : ''
      }); ${suspects.map((name) => describeLastLines(name)).join('\n')}`,
    );
  };

  const aborted = new Promise((_, reject) => {
    const onAbort = () => reject(new Error('Start-up cancelled'));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    await Promise.race([poll(), earlyExit, aborted]);
  } catch (error) {
    await stop();
    throw error;
  }
  ready = true;
  return {
    url,
    stop,
    /** The last log lines (raw) an app printed. */
    logs: (name, count) => lastLines(name, count),
  };
}
