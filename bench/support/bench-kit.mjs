// What the benchmarks share: a throwaway database on the local PostgreSQL, medians, ports, API calls.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { REPO_ROOT } from '../../tools/platform.mjs';

export async function createBenchDatabase(
  serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const name = `avpass_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A random port for a benchmark's own gateway or baseline server. */
export const randomPort = () => 4100 + Math.floor(Math.random() * 800);

/** A JSON call to the platform; throws with the status and body when it is not 2xx. */
export async function api(base, path, { token, json, method = json === undefined ? 'GET' : 'POST' } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The environment of a benchmark's own platform: production mode, warnings only, its own NATS namespace
 * and data directory, the given administrator; `extra` adds or overrides (BUSINESS_TIMEZONE, limits).
 */
export function benchPlatformEnv({
  dbUrl,
  port,
  admin,
  roleSecret = randomBytes(16).toString('hex'),
  ...extra
}) {
  return {
    DATABASE_URL: dbUrl,
    NATS_NAMESPACE: `bench_${randomBytes(4).toString('hex')}`,
    PORT: String(port),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    DATA_DIR: `/tmp/avpass-bench-${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DB_ROLE_SECRET: roleSecret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

/**
 * Starts the platform built in the checkout `root` (default: this one) with that checkout's own launcher:
 * it knows its own apps and defaults, so an older commit (BENCH_ROOT) runs as it did then, with the
 * bench of this one driving it.
 */
export async function startPlatformIn(root, options) {
  const { startPlatform } = await import(pathToFileURL(checkoutFile(root, 'tools', 'platform.mjs')).href);
  return startPlatform({ ...options, cwd: resolve(root || REPO_ROOT) });
}

/** A file of the checkout `root` (default: this one), e.g. its own tools for its own schema. */
export function checkoutFile(root, ...parts) {
  return join(resolve(root || REPO_ROOT), ...parts);
}

/**
 * The built platform (BENCH_ROOT: another checkout's) on `dbUrl` at a free port, its errors on stderr,
 * and the administrator signed in: what a bench that drives the app through its API starts from.
 */
export async function startBenchPlatform(dbUrl) {
  const port = randomPort();
  const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
  const platform = await startPlatformIn(process.env.BENCH_ROOT, {
    env: benchPlatformEnv({ dbUrl, port, admin }),
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const { token } = await api(base, '/api/auth/login', { method: 'POST', json: admin });
  return { platform, base, port, admin, token };
}

/**
 * How fast this host's browser is, unthrottled, on the scale of Lighthouse's BenchmarkIndex (strings of
 * 100,000 characters built a second, median of three half-second runs in a blank page): a throttled
 * phone is this host slowed down, so its figures move with the host. Printed beside the browser
 * figures, so those of two boxes can be compared (DevTools calibrates its mid-tier phone to 1,000 and its
 * low-tier one to 264 on the newer scale; Lighthouse's older comment puts a desktop at 750+).
 */
async function hostBenchmarkIndex(browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const runs = [];
    for (let i = 0; i < 3; i++)
      runs.push(
        await page.evaluate(() => {
          const start = performance.now();
          let built = 0;
          while (performance.now() - start < 500) {
            let text = '';
            for (let j = 0; j < 100_000; j++) text += 'a';
            if (text.length === 100_000) built++;
          }
          return built / ((performance.now() - start) / 1000);
        }),
      );
    return Math.round(median(runs));
  } finally {
    await context.close();
  }
}

/**
 * The phone the browser benchmarks emulate: DevTools' "low-tier mobile" calibration target (a Moto G4
 * Power 2022 class phone scores 264 on the benchmark above; a Pixel 5 about 1,000). Decision 381.
 */
export const PHONE_BENCHMARK_INDEX = 264;

/**
 * How much slower the host's CPU must run to be that phone: host index / 264 (at least 1), so a faster
 * box is slowed more and two boxes measure the same phone. BENCH_CPU_SLOWDOWN=4 fixes the rate instead
 * (Lighthouse's default, which on a fast box emulates a faster phone). Decision 381.
 */
function phoneCpuSlowdown(hostIndex) {
  const fixed = Number(process.env.BENCH_CPU_SLOWDOWN);
  if (fixed > 0) return fixed;
  return Math.max(1, Math.round((hostIndex / PHONE_BENCHMARK_INDEX) * 10) / 10);
}

/** How the benchmarks name the CPU they emulate: the rate, and the host's index and the phone's. */
function describeCpu(hostIndex, slowdown) {
  const how =
    Number(process.env.BENCH_CPU_SLOWDOWN) > 0
      ? 'fixed by BENCH_CPU_SLOWDOWN'
      : `calibrated to a phone of index ${PHONE_BENCHMARK_INDEX}`;
  return `CPU ${slowdown}x slower (${how}; this host's benchmark index ${hostIndex}, the phone's about ${Math.round(hostIndex / slowdown)})`;
}

/**
 * The CPU a browser benchmark emulates on this host: `slowdown` for Emulation.setCPUThrottlingRate and
 * its `description` to print beside the figures (the rate, the host's index and the phone's).
 */
export async function phoneCpu(browser) {
  const hostIndex = await hostBenchmarkIndex(browser);
  const slowdown = phoneCpuSlowdown(hostIndex);
  return { slowdown, description: describeCpu(hostIndex, slowdown) };
}

/**
 * A page of `context` on a phone's network and CPU (`profile`: downKbps, upKbps, rttMs, cpuSlowdown),
 * asking for `acceptEncoding`; resolves to the page and its DevTools session (to count what it loads).
 */
export async function throttledPage(context, profile, acceptEncoding) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  return { page, cdp };
}
