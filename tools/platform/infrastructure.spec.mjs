// `npm start` on a fresh laptop (decision 202): the decision of what to start with Docker and what to
// stop again, with a fake `docker` on PATH (a script that records its arguments: Docker is an external
// tool, and this machine has no engine) and a stand-in for the probes that answers as the scene needs.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ENV, platformEnv } from './env.mjs';
import { ensureInfrastructure } from './infrastructure.mjs';

const UNREACHABLE = {
  postgres: 'PostgreSQL is not reachable at 127.0.0.1:5432 — start it with `docker compose up -d postgres`',
  redis: 'Redis is not reachable at 127.0.0.1:6379 — start it with `docker compose up -d redis`',
  nats: 'NATS is not reachable at 127.0.0.1:4222 — start it with `docker compose up -d nats`',
};

let dir;
let calls;
let saved;

/** A `docker` that appends its arguments to calls.log and exits with `code` (`compose up` only). */
function fakeDocker({ upCode = 0 } = {}) {
  const script = join(dir, 'docker');
  writeFileSync(
    script,
    `#!/bin/sh\necho "$*" >> "${calls}"\ncase "$*" in *" up "*) exit ${upCode};; esac\nexit 0\n`,
  );
  chmodSync(script, 0o755);
}
const recorded = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);

/** Probes: these services do not answer until `docker compose up` has run (then everything does). */
function probes(down, { afterUp = {} } = {}) {
  const seen = [];
  const check = async (urls) => {
    seen.push(urls);
    const up = recorded().some((line) => / up -d /.test(line));
    const state = up ? afterUp : down;
    return { postgres: state.postgres, redis: state.redis, nats: state.nats };
  };
  return { check, seen };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'avpass-fake-docker-'));
  calls = join(dir, 'calls.log');
  saved = process.env.PATH;
  // Only the fake docker (its #!/bin/sh needs no PATH): a real docker client is never found.
  process.env.PATH = dir;
});
afterEach(() => {
  process.env.PATH = saved;
  rmSync(dir, { recursive: true, force: true });
});

const quiet = () => {
  const lines = [];
  return { log: (line) => lines.push(line), lines };
};

describe('npm start and the infrastructure', () => {
  it('starts only the missing ones with docker compose, says so, waits, and stops only those', async () => {
    fakeDocker();
    const env = platformEnv({});
    const { check, seen } = probes({ postgres: UNREACHABLE.postgres, nats: UNREACHABLE.nats });
    const out = quiet();
    const result = await ensureInfrastructure({ env, userEnv: {}, check, log: out.log, pollMs: 5 });
    expect(result.problems).toEqual([]);
    expect(result.started).toEqual(['postgres', 'nats']);
    const files = '-f docker-compose.yml -f deploy/compose.local-infra.yml';
    expect(recorded()).toEqual(['compose version', `compose ${files} up -d postgres nats`]);
    expect(out.lines[0]).toBe(
      'PostgreSQL, NATS not answering: starting them with `docker compose up -d postgres nats` (docker-compose.yml)…',
    );
    // The container's database wants its password; the apps and the probes use that URL from now on.
    expect(env.DATABASE_URL).toBe('postgres://postgres:postgres@127.0.0.1:5432/avpass');
    expect(seen.at(-1).databaseUrl).toBe(env.DATABASE_URL);
    await result.stop();
    expect(recorded().at(-1)).toBe(`compose ${files} stop postgres nats`);
  });

  it('touches nothing when everything answers', async () => {
    fakeDocker();
    const { check } = probes({});
    const result = await ensureInfrastructure({ env: platformEnv({}), userEnv: {}, check, log: () => {} });
    expect(result).toMatchObject({ problems: [], started: [] });
    await result.stop();
    expect(recorded()).toEqual([]);
  });

  it('without Docker says how to start each, as before', async () => {
    const env = platformEnv({});
    const { check } = probes({ redis: UNREACHABLE.redis, nats: UNREACHABLE.nats });
    const result = await ensureInfrastructure({ env, userEnv: {}, check, log: () => {} });
    expect(result.problems).toEqual([UNREACHABLE.redis, UNREACHABLE.nats]);
    expect(result.started).toEqual([]);
    expect(env.DATABASE_URL).toBe(DEFAULT_ENV.DATABASE_URL);
  });

  it('starts nothing for a server that answers but refuses, nor for a URL that points elsewhere', async () => {
    fakeDocker();
    const refused =
      'PostgreSQL at 127.0.0.1:5432 refused the connection from DATABASE_URL: password authentication failed';
    const first = await ensureInfrastructure({
      env: platformEnv({}),
      userEnv: {},
      check: probes({ postgres: refused, nats: UNREACHABLE.nats }).check,
      log: () => {},
    });
    expect(first.problems).toEqual([refused, UNREACHABLE.nats]);
    const remote =
      'Redis is not reachable at cache.internal:6379 — start it with `docker compose up -d redis`';
    const second = await ensureInfrastructure({
      env: platformEnv({ REDIS_URL: 'redis://cache.internal:6379' }),
      userEnv: { REDIS_URL: 'redis://cache.internal:6379' },
      check: probes({ redis: remote }).check,
      log: () => {},
    });
    expect(second.problems).toEqual([remote]);
    expect(recorded()).toEqual([]);
  });

  it("keeps the user's own DATABASE_URL", async () => {
    fakeDocker();
    const mine = 'postgres://me:secret@127.0.0.1:5432/avpass';
    const env = platformEnv({ DATABASE_URL: mine });
    const result = await ensureInfrastructure({
      env,
      userEnv: { DATABASE_URL: mine },
      check: probes({ postgres: UNREACHABLE.postgres }).check,
      log: () => {},
      pollMs: 5,
    });
    expect(result.started).toEqual(['postgres']);
    expect(env.DATABASE_URL).toBe(mine);
  });

  it('reports a failed docker compose up, and one that never comes up (then stops it)', async () => {
    fakeDocker({ upCode: 1 });
    const failed = await ensureInfrastructure({
      env: platformEnv({}),
      userEnv: {},
      check: probes({ redis: UNREACHABLE.redis }).check,
      log: () => {},
    });
    expect(failed.problems[0]).toMatch(/^docker compose up -d redis failed/);
    expect(failed.started).toEqual([]);

    rmSync(calls, { force: true });
    fakeDocker();
    const never = await ensureInfrastructure({
      env: platformEnv({}),
      userEnv: {},
      check: probes({ redis: UNREACHABLE.redis }, { afterUp: { redis: UNREACHABLE.redis } }).check,
      log: () => {},
      waitMs: 30,
      pollMs: 5,
    });
    expect(never.problems[0]).toBe('Redis started with Docker but still not answering after 0 s:');
    expect(recorded().at(-1)).toMatch(/ stop redis$/);
  });
});
