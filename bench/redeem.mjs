#!/usr/bin/env node
// npm run bench:redeem — the redeem path under load, against a baseline it builds itself.
//
// 1. Full path: the real platform (built; started like `npm start`) on a fresh database. 50 connections
//    redeem random codes among many (POST /api/redeem/{id}), then one hot code with a large limit.
// 2. Same-work chain (the baseline the goal is measured against): HTTP (Fastify) -> NATS -> PostgreSQL
//    running THE PRODUCT'S OWN REDEEM STATEMENT (the same CTE: the count, the redemption, the pending
//    tally, the outbox event, the audit entry) with raw `pg`, on the product's schema in a database of
//    its own (migrated by starting the platform on it once, its codes made through the API), so the
//    ratio is the price of the framework alone. The statement comes from the built vouchers service
//    (`redeemStatement`), never a copy (bench/support/same-work-service.mjs).
// 3. Bare UPDATE chain: the same hops with one UPDATE on a private table (the old baseline), a second line.
// 4. The till: the same many-codes load through POST /api/till/redeem ({code}) by a partner's staff
//    member (signed in; the partner's own codes), beside the public redeem in every round.
// Rounds alternate bare/same-work/full/till (the machine is shared and noisy); medians are printed.
// Afterwards, in both the full path's and the same-work chain's databases, no code's usage may exceed
// its limit and every success must have exactly one redemption row — otherwise the run fails.
// Slowness never fails it; the goals are printed next to the figures.
//
// BENCH_PROFILE=<dir> profiles instead: only the full path, every app under `node --cpu-prof` (profiles
// in <dir>), BENCH_PROFILE_LOAD=public|till|hot for ROUNDS runs after a warm-up, then the platform stops
// and the command that prints the gateway's and the vouchers service's top costs
// (bench/support/profile-top.mjs, the load's window only) is printed.
//
// BENCH_ROOT=<another checkout> runs the platform built there (e.g. an older commit, to compare), and
// its statement builder when it has one; otherwise this checkout's (printed), as bench:scale's SCALE_ROOT.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { REPO_ROOT } from '../tools/platform.mjs';
import { api, createBenchDatabase, median, randomPort, startPlatformIn } from './support/bench-kit.mjs';
import { cpuBetween, cpuSnapshot } from './support/capacity-cpu.mjs';

// A fixed number of requests per run (not a duration): every answer is counted, so the successes can
// be matched against the redemption rows exactly.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CODES = Number(process.env.BENCH_CODES ?? 1000);
const CODE_LIMIT = 1000; // finite, so the usage check is real, and never reached in a run
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const port = randomPort;
/** The checkout whose built platform is measured (BENCH_ROOT, else this one). */
const ROOT = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : REPO_ROOT;
const builderOf = (root) =>
  join(root, 'services', 'vouchers', 'dist', 'redemptions', 'redemptions.repository.js');
const hasBuilder = (root) =>
  existsSync(builderOf(root)) &&
  /exports\.redeemStatement\b|redeemStatement:|get redeemStatement\b/.test(
    readFileSync(builderOf(root), 'utf8'),
  );
/** Whose statement (and schema) the same-work chain runs: ROOT's when it has the builder. */
const STATEMENT_ROOT = hasBuilder(ROOT) ? ROOT : REPO_ROOT;

function load(url, paths, { method = 'POST' } = {}) {
  let i = 0;
  return run(url, { method, setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) });
}

/** The till's redeem: one code per request in the body, as a partner's staff member. */
function loadTill(url, codes, token) {
  let i = 0;
  return run(url, {
    method: 'POST',
    setupRequest: (req) => ({
      ...req,
      path: '/api/till/redeem',
      headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: codes[i++ % codes.length] }),
    }),
  });
}

function run(url, request) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount: REQUESTS,
        requests: [request],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const summary = (r) => ({
  // Answers over the run's wall time: a fixed-amount run ends in a partial second, which the
  // per-second average (requests.average) would count as a whole one.
  rps: Math.round(r.requests.total / r.duration),
  p50: r.latency.p50,
  p99: r.latency.p99,
  ok: r['2xx'],
  refused: r['4xx'],
  errors: r['5xx'] + r.errors + r.timeouts,
});

function child(script, env) {
  return new Promise((resolve, reject) => {
    const c = fork(here(script), [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.once('message', () => resolve(c));
    c.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The old baseline: the same hops, one UPDATE on a private table. */
async function startBareUpdate(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query(
    'CREATE TABLE bench_codes (id uuid PRIMARY KEY, usage_count int NOT NULL DEFAULT 0, usage_limit int NOT NULL, CHECK (usage_count <= usage_limit))',
  );
  const ids = Array.from({ length: CODES }, () => randomUUID());
  const hot = randomUUID();
  await client.query('INSERT INTO bench_codes (id, usage_limit) SELECT unnest($1::uuid[]), $2', [
    ids,
    CODE_LIMIT,
  ]);
  await client.query('INSERT INTO bench_codes (id, usage_limit) VALUES ($1, 999998)', [hot]);
  await client.end();
  const subject = `bench_${randomBytes(4).toString('hex')}.redeem`;
  const httpPort = port();
  const service = await child('./support/bare-service.mjs', { DATABASE_URL: dbUrl, SUBJECT: subject });
  const http = await child('./support/bare-http.mjs', { SUBJECT: subject, PORT: String(httpPort) });
  return {
    url: `http://127.0.0.1:${httpPort}`,
    paths: ids.map((id) => `/redeem/${id}`),
    hotPaths: [`/redeem/${hot}`],
    stop() {
      service.kill('SIGKILL');
      http.kill('SIGKILL');
    },
  };
}

/**
 * The same-work chain: the product's schema and codes (the platform of STATEMENT_ROOT started once on
 * its own database, then stopped), then Fastify -> NATS -> the product's redeem statement over raw pg.
 */
async function startSameWork(dbUrl) {
  const product = await startFull(dbUrl, { root: STATEMENT_ROOT, till: false });
  await product.stop();
  const subject = `bench_${randomBytes(4).toString('hex')}.redeem`;
  const httpPort = port();
  const service = await child('./support/same-work-service.mjs', {
    DATABASE_URL: dbUrl,
    SUBJECT: subject,
    STATEMENT_ROOT,
  });
  const http = await child('./support/bare-http.mjs', { SUBJECT: subject, PORT: String(httpPort) });
  return {
    url: `http://127.0.0.1:${httpPort}`,
    paths: product.ids.map((id) => `/redeem/${id}`),
    hotPaths: [`/redeem/${product.hotId}`],
    // Its HTTP front counted as the gateway, its service as the vouchers service.
    pid: (app) => ({ gateway: http.pid, vouchers: service.pid })[app],
    stop() {
      service.kill('SIGKILL');
      http.kill('SIGKILL');
    },
  };
}

async function startFull(dbUrl, { root = ROOT, till = true, profileDir } = {}) {
  const httpPort = port();
  const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
  const platform = await startPlatformIn(root, {
    // A profiled app writes its profile when it exits: every app at once takes longer than 5 s.
    ...(profileDir ? { stopGraceMs: 120_000 } : {}),
    env: {
      DATABASE_URL: dbUrl,
      NATS_NAMESPACE: `bench_${randomBytes(4).toString('hex')}`,
      PORT: String(httpPort),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DATA_DIR: `/tmp/avpass-bench-${httpPort}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DB_ROLE_SECRET: randomBytes(16).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      // One benchmark client is one address; the limiter is measured, not tripped.
      REDEEM_RATE_LIMIT: '1000000',
      // One staff member plays a whole shop's load: the till's limits are measured, not tripped.
      TILL_RATE_PER_STAFF: '1000000',
      TILL_RATE_PER_PARTNER: '1000000',
      TILL_IN_FLIGHT_PER_STAFF: '10000',
      TILL_IN_FLIGHT_PER_PARTNER: '10000',
      ...(profileDir ? { AVPASS_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
    },
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const base = `http://127.0.0.1:${httpPort}`;
  const { token } = await api(base, '/api/auth/login', { method: 'POST', json: admin });
  const expirationDate = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  const ids = [];
  while (ids.length < CODES) {
    const batch = await api(base, '/api/bulk-generate', {
      method: 'POST',
      token,
      json: {
        batchName: `bench ${ids.length}`,
        facility: 'Bench Partner',
        quantity: Math.min(1000, CODES - ids.length),
        discountType: 'percentage',
        discountValue: 10,
        service: 'Benchmark',
        expirationDate,
        usageLimit: String(CODE_LIMIT),
      },
    });
    // The answer holds the batch's first page only; View Codes lists up to 1,000.
    const detail = await api(base, `/api/admin/batches/${batch.batchId}`, { token });
    ids.push(...detail.qrCodes.map((c) => c.id));
  }
  const hot = await api(base, '/api/generate-qr', {
    method: 'POST',
    token,
    json: {
      clinic: 'Hot Partner',
      discountType: 'percentage',
      discountValue: 10,
      service: 'Hot',
      expirationDate,
      usageLimit: '999998',
    },
  });
  const codes = { ids, hotId: hot.id, paths: ids.map((id) => `/api/redeem/${id}`) };
  if (!till) return { ...codes, url: base, stop: platform.stop };
  // The till: a partner, its staff member, and the partner's own codes (as many as the public run's).
  const vendor = await api(base, '/api/vendors', {
    method: 'POST',
    token,
    json: { name: 'Bench Till Partner', email: 'till@bench.example' },
  });
  const staff = { username: 'bench-till', password: `till-${randomBytes(6).toString('hex')}` };
  await api(base, `/api/partners/${vendor.id}/users`, {
    method: 'POST',
    token,
    json: { ...staff, email: 'bench-till@bench.example' },
  });
  const { token: tillToken } = await api(base, '/api/auth/company-login', { method: 'POST', json: staff });
  const tillCodes = [];
  while (tillCodes.length < CODES) {
    const batch = await api(base, '/api/bulk-generate', {
      method: 'POST',
      token,
      json: {
        batchName: `bench till ${tillCodes.length}`,
        partnerId: vendor.id,
        quantity: Math.min(1000, CODES - tillCodes.length),
        discountType: 'percentage',
        discountValue: 10,
        service: 'Benchmark',
        expirationDate,
        usageLimit: String(CODE_LIMIT),
      },
    });
    const detail = await api(base, `/api/admin/batches/${batch.batchId}`, { token });
    tillCodes.push(...detail.qrCodes.map((c) => c.id));
  }
  return {
    ...codes,
    url: base,
    tillCodes,
    tillToken,
    hotPaths: [`/api/redeem/${hot.id}`],
    stop: platform.stop,
    pid: platform.pid,
  };
}

/** BENCH_PROFILE: the full path alone under --cpu-prof; prints how to read the load's window. */
async function profileRun(dbUrl, dir) {
  const kind = process.env.BENCH_PROFILE_LOAD ?? 'public';
  const platform = await startFull(dbUrl, { profileDir: dir });
  try {
    const runOnce = () =>
      kind === 'till'
        ? loadTill(platform.url, platform.tillCodes, platform.tillToken)
        : load(platform.url, kind === 'hot' ? platform.hotPaths : platform.paths);
    await runOnce(); // warm-up, outside the window read
    const started = performance.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const r = summary(await runOnce());
      console.log(
        `profile ${kind} round ${round}: ${r.rps}/s p50 ${r.p50} ms p99 ${r.p99} ms (ok ${r.ok}, errors ${r.errors})`,
      );
    }
    const seconds = Math.ceil((performance.now() - started) / 1000);
    const apps = ['gateway', 'vouchers', 'audit', 'wallet', 'statements', 'identity'];
    const pids = Object.fromEntries(apps.map((app) => [app, platform.pid(app)]));
    await platform.stop();
    for (const [app, pid] of Object.entries(pids))
      console.log(
        `${app}: node bench/support/profile-top.mjs ${dir}/CPU.*.${pid}.0.*.cpuprofile --last ${seconds}`,
      );
  } catch (error) {
    await platform.stop();
    throw error;
  }
}

/** Each app's (and PostgreSQL's) CPU milliseconds per successful redeem between two snapshots. */
function cpuPerRedeem(a, b, successes) {
  const seconds = (b.at - a.at) / 1000;
  const pct = cpuBetween(a, b);
  delete pct.generator;
  return Object.fromEntries(
    Object.entries(pct).map(([app, p]) => [app, ((p / 100) * seconds * 1000) / Math.max(1, successes)]),
  );
}

async function checkInvariants(dbUrl, successes) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const over = await client.query(
      'SELECT count(*)::int AS n FROM vouchers.qr_codes WHERE usage_limit <> 999999 AND usage_count > usage_limit',
    );
    const mismatched = await client.query(`
      SELECT count(*)::int AS n FROM vouchers.qr_codes q
      WHERE q.usage_count <> (SELECT count(*) FROM vouchers.redemptions r WHERE r.qr_code_id = q.id)`);
    const rows = await client.query('SELECT count(*)::int AS n FROM vouchers.redemptions');
    return {
      over: over.rows[0].n,
      mismatched: mismatched.rows[0].n,
      redemptionRows: rows.rows[0].n,
      successes,
    };
  } finally {
    await client.end();
  }
}

if (process.env.BENCH_PROFILE) {
  const profileDb = await createBenchDatabase();
  try {
    await profileRun(profileDb.url, resolve(process.env.BENCH_PROFILE));
  } finally {
    await profileDb.drop().catch(() => undefined);
  }
  process.exit(0);
}

const db = await createBenchDatabase();
const sameWorkDb = await createBenchDatabase();
const bareDb = await createBenchDatabase();
let full;
let sameWork;
let bare;
let failed = false;
const sumOk = (list) => list.reduce((n, r) => n + r.ok, 0);
try {
  console.log(
    `bench:redeem — ${CONNECTIONS} connections, ${REQUESTS} requests per run, ${ROUNDS} rounds, ${CODES} codes (limit ${CODE_LIMIT})`,
  );
  if (ROOT !== REPO_ROOT) console.log(`platform built in ${ROOT} (BENCH_ROOT)`);
  if (STATEMENT_ROOT !== ROOT)
    console.log(
      `note: ${ROOT} has no redeemStatement builder; the same-work chain runs this checkout's statement, on a database migrated by this checkout's platform`,
    );
  bare = await startBareUpdate(bareDb.url);
  sameWork = await startSameWork(sameWorkDb.url);
  full = await startFull(db.url);
  const results = {
    bare: [],
    same: [],
    full: [],
    till: [],
    bareHot: [],
    sameHot: [],
    fullHot: [],
    cpu: [],
    sameCpu: [],
  };
  let fullSuccesses = 0;
  let sameSuccesses = 0;
  // Warm-up: JIT, pools, prepared plans.
  await load(bare.url, bare.paths).catch(() => undefined);
  sameSuccesses += (await load(sameWork.url, sameWork.paths))['2xx'];
  const warm = await load(full.url, full.paths);
  fullSuccesses += warm['2xx'];
  fullSuccesses += (await loadTill(full.url, full.tillCodes, full.tillToken))['2xx'];
  const line = (name, r) =>
    `${name} ${r.rps}/s p99 ${r.p99} ms${r.refused || r.errors ? ` (refused ${r.refused}, errors ${r.errors})` : ''}`;
  for (let round = 1; round <= ROUNDS; round++) {
    const b = summary(await load(bare.url, bare.paths));
    const sameBefore = cpuSnapshot(sameWork);
    const w = summary(await load(sameWork.url, sameWork.paths));
    results.sameCpu.push(cpuPerRedeem(sameBefore, cpuSnapshot(sameWork), w.ok));
    const before = cpuSnapshot(full);
    const f = summary(await load(full.url, full.paths));
    results.cpu.push(cpuPerRedeem(before, cpuSnapshot(full), f.ok));
    const t = summary(await loadTill(full.url, full.tillCodes, full.tillToken));
    results.bare.push(b);
    results.same.push(w);
    results.full.push(f);
    results.till.push(t);
    console.log(
      `round ${round}: ${line('bare UPDATE', b)} | ${line('same-work', w)} | ${line('full', f)} | ${line('till', t)}`,
    );
  }
  for (let round = 1; round <= ROUNDS; round++) {
    const b = summary(await load(bare.url, bare.hotPaths));
    const w = summary(await load(sameWork.url, sameWork.hotPaths));
    const f = summary(await load(full.url, full.hotPaths));
    results.bareHot.push(b);
    results.sameHot.push(w);
    results.fullHot.push(f);
    console.log(
      `hot round ${round}: ${line('bare UPDATE', b)} | ${line('same-work', w)} | ${line('full', f)}`,
    );
  }
  fullSuccesses += sumOk(results.full) + sumOk(results.till) + sumOk(results.fullHot);
  sameSuccesses += sumOk(results.same) + sumOk(results.sameHot);
  const med = (list, key) => median(list.map((r) => r[key]));
  const pct = (a, b) => `${((med(a, 'rps') / med(b, 'rps')) * 100).toFixed(0)}%`;
  // Issue 40's goals: throughput >= 0.7 x the same-work chain's, p99 <= 1.5 x its p99.
  const p99Ratio = (a, b) => `${(med(a, 'p99') / med(b, 'p99')).toFixed(2)}x`;
  const fig = (list) => `${med(list, 'rps')}/s (p50 ${med(list, 'p50')} ms, p99 ${med(list, 'p99')} ms)`;
  console.log('\nmedians');
  console.log('  many codes');
  console.log(`    full:              ${fig(results.full)}`);
  console.log(`    same-work chain:   ${fig(results.same)}`);
  console.log(`    bare UPDATE chain: ${fig(results.bare)}`);
  console.log(
    `    full / same-work ${pct(results.full, results.same)} (goal >= 70%), p99 ${p99Ratio(results.full, results.same)} (goal <= 1.5x); full / bare UPDATE ${pct(results.full, results.bare)}`,
  );
  const cpuLine = (list) =>
    Object.keys(list[0])
      .map((app) => [app, median(list.map((c) => c[app]))])
      .filter(([, ms]) => ms >= 0.01)
      .sort((a, b) => b[1] - a[1])
      .map(([app, ms]) => `${app} ${ms.toFixed(2)}`)
      .join(', ');
  const cpuTotal = (list) =>
    median(list.map((c) => Object.values(c).reduce((sum, ms) => sum + ms, 0))).toFixed(2);
  console.log(
    `    CPU ms per redeem, full (median of the rounds): ${cpuTotal(results.cpu)} = ${cpuLine(results.cpu)}`,
  );
  console.log(
    `    CPU ms per redeem, same-work chain (its HTTP as gateway, its service as vouchers): ${cpuTotal(results.sameCpu)} = ${cpuLine(results.sameCpu)}`,
  );
  console.log("  till (many codes, a partner's staff member)");
  console.log(`    till:              ${fig(results.till)}`);
  console.log(
    `    till / same-work ${pct(results.till, results.same)}; till / public full ${pct(results.till, results.full)} (goal >= 70%)`,
  );
  console.log('  one hot code');
  console.log(`    full:              ${fig(results.fullHot)}`);
  console.log(`    same-work chain:   ${fig(results.sameHot)}`);
  console.log(`    bare UPDATE chain: ${fig(results.bareHot)}`);
  console.log(
    `    full / same-work ${pct(results.fullHot, results.sameHot)} (goal >= 70%), p99 ${p99Ratio(results.fullHot, results.sameHot)} (goal <= 1.5x); full / bare UPDATE ${pct(results.fullHot, results.bareHot)}`,
  );
  const errors = [...results.full, ...results.till, ...results.fullHot].reduce((n, r) => n + r.errors, 0);
  const sameErrors = [...results.same, ...results.sameHot].reduce((n, r) => n + r.errors, 0);
  console.log('');
  for (const [name, url, successes, errs] of [
    ['full path', db.url, fullSuccesses, errors],
    ['same-work chain', sameWorkDb.url, sameSuccesses, sameErrors],
  ]) {
    const inv = await checkInvariants(url, successes);
    console.log(
      `invariants (${name}): ${inv.successes} successful redeems, ${inv.redemptionRows} redemption rows, ${inv.over} codes over their limit, ${inv.mismatched} codes whose usage differs from their redemption rows, ${errs} errors (5xx/timeouts)`,
    );
    if (inv.over || inv.mismatched || inv.redemptionRows !== inv.successes) {
      failed = true;
      console.error(`FAILED: a broken invariant in the ${name} (see above)`);
    }
  }
  if (!failed) console.log('invariants hold');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  bare?.stop();
  sameWork?.stop();
  await full?.stop();
  await db.drop().catch(() => undefined);
  await sameWorkDb.drop().catch(() => undefined);
  await bareDb.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
