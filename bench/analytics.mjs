#!/usr/bin/env node
// npm run bench:analytics — Athlete/Partnership Analytics at size (issue 13).
//
// Starts the built platform on a throwaway database, seeds 1,000 trainer codes and 1,000,000 of their
// redemptions over 90 days (bench/scale/trainers.mjs; TRAINER_CODES, TRAINER_REDEMPTIONS, TRAINER_DAYS
// change that), then times the trainer lists and GET /api/trainer-analytics through the real gateway:
// one warm-up, then the median of ANALYTICS_RUNS (default 5). Prints each figure beside its goal
// (analytics under 200 ms, lists under 50 ms). Fails only on a wrong answer (totals compared to direct
// SQL counts), never on slowness. ANALYTICS_KEEP_DATABASE=1 keeps the seeded database (its URL is printed).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPlatform } from '../tools/platform.mjs';
import { api, createBenchDatabase, median, randomPort, benchPlatformEnv } from './support/bench-kit.mjs';
import { section } from './scale/trainers.mjs';

const RUNS = Number(process.env.ANALYTICS_RUNS ?? 5);
const keep = Boolean(process.env.ANALYTICS_KEEP_DATABASE);
const db = await createBenchDatabase();
let platform;
let failed = false;
const wrong = (what, got, want) => {
  if (got === want) return;
  failed = true;
  console.error(`WRONG ANSWER: ${what}: got ${got}, expected ${want}`);
};
try {
  const port = randomPort();
  const admin = { username: 'admin', password: 'bench-analytics-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    roleSecret: 'bench-analytics-role-secret',
    BUSINESS_TIMEZONE: 'UTC',
    RPC_TIMEOUT_MS: '120000',
  });
  console.log(`bench:analytics — ${section.title}; medians of ${RUNS}`);
  platform = await startPlatform({
    env,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const company = {
    id: (await api(base, '/api/vendors', { token: adminToken, json: { name: 'Analytics Club' } })).id,
  };
  const staff = { username: 'analytics-staff', password: 'analytics-password' };
  await api(base, `/api/partners/${company.id}/users`, { token: adminToken, json: staff });
  const companyToken = (await api(base, '/api/auth/company-login', { json: staff })).token;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const seeded = performance.now();
  await section.seed({ client, base, adminToken, company, env });
  await client.query('reset search_path');
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

  const rows = [];
  const row = async (label, goal, path, token, check) => {
    let body;
    const times = [];
    try {
      body = await api(base, path, { token });
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        body = await api(base, path, { token });
        times.push(performance.now() - started);
      }
      check?.(body);
    } catch (error) {
      failed = true;
      console.error(`${label}: ${error.message}`);
    }
    const ms = times.length ? median(times) : Number.NaN;
    rows.push({ label, ms, goal });
    console.log(`${label}: ${Number.isNaN(ms) ? 'failed' : `${ms.toFixed(1)} ms`} (goal < ${goal} ms)`);
    return body;
  };
  const sqlCount = async (sql, params = []) => Number((await client.query(sql, params)).rows[0].n);
  await section.time({ client, base, adminToken, companyToken, company, row, wrong, sqlCount });
  await client.end();

  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`\n| ${'call'.padEnd(width)} | median | goal |`);
  console.log(`|${'-'.repeat(width + 2)}|-------:|-----:|`);
  for (const r of rows) {
    const figure = Number.isNaN(r.ms) ? 'failed' : `${r.ms.toFixed(1)} ms`;
    console.log(
      `| ${r.label.padEnd(width)} | ${figure.padStart(9)} | < ${r.goal} ms${r.ms <= r.goal ? '' : ' (over)'} |`,
    );
  }
  console.log(failed ? '\nFAILED: a wrong answer (see above)' : '\nevery answer matches a direct SQL count');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await platform?.stop();
  if (keep) console.log(`database kept: ${db.url}`);
  else await db.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
