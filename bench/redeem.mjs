#!/usr/bin/env node
// npm run bench:redeem — the redeem path under load, against a baseline it builds itself.
//
// 1. Full path: the real platform (built; started like `npm start`) on a fresh database. 50 connections
//    redeem random codes among many (POST /api/redeem/{id}), then one hot code with a large limit.
// 2. Baseline: a bare chain HTTP (Fastify) -> NATS -> PostgreSQL with one UPDATE statement.
// 3. The till: the same many-codes load through POST /api/till/redeem ({code}) by a partner's staff
//    member (signed in; the partner's own codes), beside the public redeem in every round.
// Rounds alternate baseline/full/till (the machine is shared and noisy); medians are printed.
// Afterwards no code's usage may exceed its limit and every success must have exactly one redemption
// row — otherwise the run fails. Slowness never fails it; the goals are printed next to the figures.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPlatform } from '../tools/platform.mjs';
import { api, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';

// A fixed number of requests per run (not a duration): every answer is counted, so the successes can
// be matched against the redemption rows exactly.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CODES = Number(process.env.BENCH_CODES ?? 1000);
const CODE_LIMIT = 1000; // finite, so the usage check is real, and never reached in a run
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const port = randomPort;

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
  rps: Math.round(r.requests.average),
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

async function startBaseline(dbUrl) {
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

async function startFull(dbUrl) {
  const httpPort = port();
  const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
  const platform = await startPlatform({
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
    url: base,
    tillCodes,
    tillToken,
    paths: ids.map((id) => `/api/redeem/${id}`),
    hotPaths: [`/api/redeem/${hot.id}`],
    stop: platform.stop,
  };
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

const db = await createBenchDatabase();
const baselineDb = await createBenchDatabase();
let full;
let baseline;
let failed = false;
try {
  console.log(
    `bench:redeem — ${CONNECTIONS} connections, ${REQUESTS} requests per run, ${ROUNDS} rounds, ${CODES} codes (limit ${CODE_LIMIT})`,
  );
  baseline = await startBaseline(baselineDb.url);
  full = await startFull(db.url);
  const results = { baseline: [], full: [], till: [], baselineHot: [], fullHot: [] };
  let fullSuccesses = 0;
  // Warm-up: JIT, pools, prepared plans.
  await load(baseline.url, baseline.paths).catch(() => undefined);
  const warm = await load(full.url, full.paths);
  fullSuccesses += warm['2xx'];
  fullSuccesses += (await loadTill(full.url, full.tillCodes, full.tillToken))['2xx'];
  for (let round = 1; round <= ROUNDS; round++) {
    const b = summary(await load(baseline.url, baseline.paths));
    const f = summary(await load(full.url, full.paths));
    const t = summary(await loadTill(full.url, full.tillCodes, full.tillToken));
    fullSuccesses += f.ok + t.ok;
    results.baseline.push(b);
    results.full.push(f);
    results.till.push(t);
    console.log(
      `round ${round}: baseline ${b.rps}/s p99 ${b.p99} ms | full ${f.rps}/s p99 ${f.p99} ms (ok ${f.ok}, refused ${f.refused}, errors ${f.errors}) | till ${t.rps}/s p99 ${t.p99} ms (ok ${t.ok}, refused ${t.refused}, errors ${t.errors})`,
    );
  }
  for (let round = 1; round <= ROUNDS; round++) {
    const b = summary(await load(baseline.url, baseline.hotPaths));
    const f = summary(await load(full.url, full.hotPaths));
    fullSuccesses += f.ok;
    results.baselineHot.push(b);
    results.fullHot.push(f);
    console.log(
      `hot round ${round}: baseline ${b.rps}/s p99 ${b.p99} ms | full ${f.rps}/s p99 ${f.p99} ms (ok ${f.ok}, errors ${f.errors})`,
    );
  }
  const med = (list, key) => median(list.map((r) => r[key]));
  const ratio = med(results.full, 'rps') / med(results.baseline, 'rps');
  const hotRatio = med(results.fullHot, 'rps') / med(results.baselineHot, 'rps');
  console.log('\nmedians');
  console.log(
    `  many codes: full ${med(results.full, 'rps')}/s (p50 ${med(results.full, 'p50')} ms, p99 ${med(results.full, 'p99')} ms), baseline ${med(results.baseline, 'rps')}/s (p99 ${med(results.baseline, 'p99')} ms), ratio ${(ratio * 100).toFixed(0)}% (goal >= 70%, p99 < 50 ms)`,
  );
  console.log(
    `  till:       ${med(results.till, 'rps')}/s (p50 ${med(results.till, 'p50')} ms, p99 ${med(results.till, 'p99')} ms) beside the public redeem's ${med(results.full, 'rps')}/s, ratio ${((med(results.till, 'rps') / med(results.full, 'rps')) * 100).toFixed(0)}%`,
  );
  console.log(
    `  hot code:   full ${med(results.fullHot, 'rps')}/s (p50 ${med(results.fullHot, 'p50')} ms, p99 ${med(results.fullHot, 'p99')} ms), baseline ${med(results.baselineHot, 'rps')}/s (p99 ${med(results.baselineHot, 'p99')} ms), ratio ${(hotRatio * 100).toFixed(0)}%`,
  );
  const errors = [...results.full, ...results.till, ...results.fullHot].reduce((n, r) => n + r.errors, 0);
  const inv = await checkInvariants(db.url, fullSuccesses);
  console.log(
    `\ninvariants: ${inv.successes} successful redeems, ${inv.redemptionRows} redemption rows, ${inv.over} codes over their limit, ${inv.mismatched} codes whose usage differs from their redemption rows, ${errors} errors (5xx/timeouts)`,
  );
  if (inv.over || inv.mismatched || inv.redemptionRows !== inv.successes) {
    failed = true;
    console.error('FAILED: a broken invariant (see above)');
  } else console.log('invariants hold');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  baseline?.stop();
  await full?.stop();
  await db.drop().catch(() => undefined);
  await baselineDb.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
