// `npm start` on a fresh laptop: PostgreSQL, Redis or NATS that does not answer is started from
// docker-compose.yml when Docker is present (decision 202), and stopped again on exit; only what this
// launcher started is ever stopped. Without Docker, each missing piece is named with how to start it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_ENV, REPO_ROOT } from './env.mjs';
import { checkEachInfrastructure, isUnreachable } from './probes.mjs';

/** The compose services, in start order, with the variable that points at each and its local port. */
export const INFRASTRUCTURE = Object.freeze({
  postgres: { label: 'PostgreSQL', variable: 'DATABASE_URL', port: 5432 },
  redis: { label: 'Redis', variable: 'REDIS_URL', port: 6379 },
  nats: { label: 'NATS', variable: 'NATS_URL', port: 4222 },
});

/** The compose postgres's bootstrap superuser (docker-compose.yml): a container needs the password. */
const COMPOSE_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/avpass';

const COMPOSE_FILES = ['docker-compose.yml', join('deploy', 'compose.local-infra.yml')];

/** Whether a URL points at this machine on the port the compose overlay publishes. */
function isLocalDefault(url, port) {
  try {
    const u = new URL(url);
    return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname) && Number(u.port || port) === port;
  } catch {
    return false;
  }
}

/** Runs a command; resolves with its exit code and output, or null when it cannot run at all (not installed). */
function run(command, args, { cwd, env }) {
  return new Promise((resolve) => {
    let output = '';
    let child;
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch {
      resolve(null);
      return;
    }
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const names = (services) => services.map((name) => INFRASTRUCTURE[name].label).join(', ');

/**
 * Makes sure PostgreSQL, Redis and NATS answer. What does not answer at its local default address is
 * started with `docker compose up -d <those services>` when Docker is present (saying so), and waited
 * for; everything else (no Docker, a remote URL, a server that refuses) is reported as a problem line,
 * as before. `env` gets the compose database URL when it started PostgreSQL and DATABASE_URL was not
 * the user's own. Returns `{ problems, started, stop }`: `stop()` stops only what was started here.
 *
 * `check` and `dockerCommand` can be replaced (tests give a fake `docker` on PATH and their own check).
 */
export async function ensureInfrastructure({
  env,
  userEnv = process.env,
  log = console.log,
  check = checkEachInfrastructure,
  dockerCommand = 'docker',
  waitMs = 120_000,
  pollMs = 1_000,
  cwd = REPO_ROOT,
} = {}) {
  const urls = () => ({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL, natsUrl: env.NATS_URL });
  const nothing = { started: [], stop: async () => {} };
  const found = await check(urls());
  const problems = Object.values(found).filter(Boolean);
  if (!problems.length) return { problems: [], ...nothing };

  // Only what nothing answers at the address a container would publish: starting a container fixes
  // neither a server that refuses nor a URL that points elsewhere.
  const missing = Object.keys(INFRASTRUCTURE).filter((name) => {
    const { variable, port } = INFRASTRUCTURE[name];
    return isUnreachable(found[name]) && isLocalDefault(env[variable] ?? DEFAULT_ENV[variable], port);
  });
  const others = Object.keys(INFRASTRUCTURE).filter((name) => found[name] && !missing.includes(name));
  if (!missing.length || others.length) return { problems, ...nothing };

  const dockerEnv = {
    ...process.env,
    ...userEnv,
    // docker-compose.yml requires it for the apps, which are not started here; the infrastructure does not use it.
    DB_ROLE_SECRET: userEnv.DB_ROLE_SECRET || 'unused-by-the-infrastructure',
  };
  const compose = (...args) =>
    run(dockerCommand, ['compose', ...COMPOSE_FILES.flatMap((file) => ['-f', file]), ...args], {
      cwd,
      env: dockerEnv,
    });
  const version = await run(dockerCommand, ['compose', 'version'], { cwd, env: dockerEnv });
  if (!version || version.code !== 0) return { problems, ...nothing };

  log(
    `${names(missing)} not answering: starting ${missing.length > 1 ? 'them' : 'it'} with \`docker compose up -d ${missing.join(' ')}\` (docker-compose.yml)…`,
  );
  const up = await compose('up', '-d', ...missing);
  if (!up || up.code !== 0) {
    const why = up?.output.trim().split('\n').pop() ?? 'docker could not run';
    return {
      problems: [`docker compose up -d ${missing.join(' ')} failed: ${why}`, ...problems],
      ...nothing,
    };
  }
  const stop = async () => {
    log(`Stopping what npm start started: docker compose stop ${missing.join(' ')}`);
    await compose('stop', ...missing);
  };
  // The container's postgres wants its password; a DATABASE_URL the user gave is theirs to keep.
  if (missing.includes('postgres') && !userEnv.DATABASE_URL) env.DATABASE_URL = COMPOSE_DATABASE_URL;

  const deadline = Date.now() + waitMs;
  let left = problems;
  for (;;) {
    const now = await check(urls());
    left = Object.values(now).filter(Boolean);
    if (!left.length) break;
    if (Date.now() >= deadline) {
      await stop();
      return {
        problems: [
          `${names(missing)} started with Docker but still not answering after ${Math.round(waitMs / 1000)} s:`,
          ...left,
        ],
        started: [],
        stop: async () => {},
      };
    }
    await sleep(pollMs);
  }
  log(`${names(missing)} started with Docker and answering.`);
  return { problems: [], started: missing, stop };
}
