#!/usr/bin/env node
// npm run bench:capacity — how many open screens one box serves (issue 28).
//
// 1. Starts the built platform (BENCH_ROOT=<another checkout>: the one built there) on the scale bench's
//    year of data (bench/support/year-of-data.mjs: CAPACITY_CODES, default 1,000,000 codes, and
//    CAPACITY_REDEMPTIONS, default 3,000,000; the SCALE_* names are read too). CAPACITY_KEEP_DATABASE=1
//    keeps the seeded database (its URL is printed); CAPACITY_DATABASE_URL=<that URL> runs on it again.
// 2. Simulated signed-in screens poll at the spec's rates (§9), each screen with its own session and the
//    GET calls its page makes, in the mix CAPACITY_MIX (bench/support/capacity-mix.mjs): club (the
//    default, issue 40) — CAPACITY_COMPANIES (default 200) partner companies, each with its own staff
//    and its share of the assigned codes, one administrator's dashboard in every ten screens, the
//    company dashboards spread over the companies; single — one company's dashboards (one cached
//    answer for all), one administrator's dashboard for three company dashboards:
//      admin dashboard:   GET /api/admin/stats every 12 s, GET /api/admin/qr-codes?limit=10&offset=0 every 10 s
//      company dashboard: GET /api/stats every 10 s, GET /api/qr-codes/all?limit=10&offset=0 every 10 s
//    sending If-None-Match when the last answer had an ETag (as a browser does) and, after a 503 with
//    Retry-After, polling again no sooner than it says. Meanwhile redeems and till checks arrive at
//    CAPACITY_REDEEM_RATE (default 20) a second in all: public redeems (half) on random codes, till
//    checks and till redeems (a quarter each) by a random partner's staff on that partner's codes.
// 3. Ramps the screens (CAPACITY_STEPS, default 100,200,400,...), CAPACITY_HOLD_S (default 24 s) at each
//    step, measured over its last CAPACITY_MEASURE_S (default 12 s), until the screens' p95 passes 100 ms
//    or the redeems' p99 passes 200 ms; prints the largest number held with the CPU of each process
//    there (gateway, each service, PostgreSQL, this generator), from /proc/<pid>/stat deltas.
// 4. Runs at twice the held number for CAPACITY_OVERLOAD_S (default 36 s) and prints the redeems' p99,
//    the screens' p95, how many polls were shed (503 + Retry-After) and the errors.
// Slowness never fails the run; a wrong answer or an error does (a 5xx other than a shed 503, a
// timeout, a 304 to a request without If-None-Match, a total that disagrees with SQL).
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  api,
  createBenchDatabase,
  randomPort,
  benchPlatformEnv,
  checkoutFile,
  startPlatformIn,
} from './support/bench-kit.mjs';
import { cpuBetween, cpuSnapshot, describeCpu } from './support/capacity-cpu.mjs';
import { closeAgents, counts, resetTally, Screen, startRedeems, wrong } from './support/capacity-load.mjs';
import { codePickers, mixOf, sessionsLike, setUpCompanies } from './support/capacity-mix.mjs';
import { yearOfDataSizes } from './support/year-of-data.mjs';

const SIZES = yearOfDataSizes(process.env, 'CAPACITY');
const STEPS = (process.env.CAPACITY_STEPS ?? '100,200,400,600,800,1000,1200,1600,2000,2400,3200,4000,4800')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const HOLD_S = Number(process.env.CAPACITY_HOLD_S ?? 24);
const MEASURE_S = Math.min(HOLD_S, Number(process.env.CAPACITY_MEASURE_S ?? 12));
const OVERLOAD_S = Number(process.env.CAPACITY_OVERLOAD_S ?? 36);
const RATE = Number(process.env.CAPACITY_REDEEM_RATE ?? 20);
const MIX = mixOf(process.env);
const SCREEN_P95_MS = 100;
const REDEEM_P99_MS = 200;
const ROOT = process.env.BENCH_ROOT;
// The measured checkout's own rebuild of the figures' tallies: it knows that checkout's schema.
const rebuildTool = checkoutFile(ROOT, 'tools', 'stats-rebuild.mjs');

const ADMIN_CALLS = [
  { path: '/api/admin/stats', every: 12_000, check: statsShape },
  { path: '/api/admin/qr-codes?limit=10&offset=0', every: 10_000, check: pageShape },
];
const COMPANY_CALLS = [
  { path: '/api/stats', every: 10_000, check: statsShape },
  { path: '/api/qr-codes/all?limit=10&offset=0', every: 10_000, check: pageShape },
];

function statsShape(body) {
  return ['totalQrCodes', 'totalRedemptions', 'todayRedemptions'].every((k) => Number.isInteger(body?.[k]));
}
function pageShape(body) {
  return Array.isArray(body?.items) && Number.isInteger(body?.total) && body.items.length <= 10;
}

const percentile = (values, p) => {
  if (!values.length) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

// ---- The run -----------------------------------------------------------------------------------------

const reuse = process.env.CAPACITY_DATABASE_URL;
const keep = Boolean(reuse || process.env.CAPACITY_KEEP_DATABASE);
const db = reuse ? { url: reuse, drop: async () => undefined } : await createBenchDatabase();
let platform;
let platformErrors = 0;
let failed = false;
const screens = [];
const { totals, errorSamples } = counts;
let stopRedeems = () => undefined;
try {
  const port = randomPort();
  const admin = { username: 'admin', password: 'bench-scale-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    roleSecret: 'bench-scale-role-secret',
    BUSINESS_TIMEZONE: 'UTC',
    // One address sends every member's redeem here; the per-address limit is not what is measured.
    REDEEM_RATE_LIMIT: '1000000',
    // One address sends every shop's till calls here; the till's limits are not what is measured.
    TILL_RATE_PER_STAFF: '1000000',
    TILL_RATE_PER_PARTNER: '1000000',
    TILL_IN_FLIGHT_PER_STAFF: '10000',
    TILL_IN_FLIGHT_PER_PARTNER: '10000',
  });
  console.log(
    `bench:capacity — ${SIZES.codes.toLocaleString('en')} codes, ${SIZES.redemptions.toLocaleString('en')} redemptions; ` +
      `${MIX.name} mix: ${MIX.name === 'club' ? `${MIX.companies} partner companies, ` : ''}` +
      `1 admin screen in ${MIX.adminEvery}; ${RATE} redeems and till checks a second; steps ${STEPS.join(', ')}, ` +
      `${HOLD_S} s each (measured over the last ${MEASURE_S} s)${ROOT ? `; platform built in ${ROOT}` : ''}`,
  );
  const started = performance.now();
  platform = await startPlatformIn(ROOT, {
    env,
    readyTimeoutMs: 1_800_000,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text) && platformErrors++ < 5)
        process.stderr.write(`${text.slice(0, 600)}\n`);
    },
  });
  console.log(`platform up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const base = `http://127.0.0.1:${port}`;
  const adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const companies = await setUpCompanies({ base, adminToken, client, reuse, mix: MIX, sizes: SIZES });
  if (keep && !reuse) console.log(`database kept: CAPACITY_DATABASE_URL=${db.url}`);
  if (existsSync(rebuildTool)) {
    const { rebuildStats } = await import(rebuildTool);
    await rebuildStats(db.url, env.BUSINESS_TIMEZONE);
  }
  await client.query('set search_path = vouchers');
  await client.query(
    `vacuum analyze batches, qr_codes, qr_code_partners, redemptions${
      (await client.query(`select to_regclass('vouchers.code_search_tallies') t`)).rows[0].t
        ? ', code_day_tallies, code_search_tallies'
        : ''
    }`,
  );
  const benchStart = (await client.query('select now() as t')).rows[0].t;

  /** Opens screens up to `count` (one admin in MIX.adminEvery, the others the companies' in turn),
   * each with its own session. */
  let companyScreens = 0;
  const openScreens = async (count) => {
    const adding = count - screens.length;
    if (adding <= 0) return;
    const kinds = Array.from({ length: adding }, (_, i) =>
      (screens.length + i) % MIX.adminEvery === 0 ? -1 : companyScreens++ % companies.length,
    );
    const tokens = new Map(); // -1 (admin) or a company's index → its new sessions
    for (const kind of new Set(kinds)) {
      const template = kind === -1 ? adminToken : companies[kind].token;
      tokens.set(kind, await sessionsLike(client, template, kinds.filter((k) => k === kind).length));
    }
    for (const kind of kinds) {
      const screen = new Screen(base, tokens.get(kind).pop(), kind === -1 ? ADMIN_CALLS : COMPANY_CALLS);
      screens.push(screen);
      screen.start();
    }
  };

  /** Holds `count` screens for `holdS`, measured over the last `measureS`; answers the step's figures. */
  const step = async (count, holdS, measureS) => {
    await openScreens(count);
    await sleep((holdS - measureS) * 1000);
    resetTally();
    const before = cpuSnapshot(platform);
    await sleep(measureS * 1000);
    const cpu = cpuBetween(before, cpuSnapshot(platform));
    const t = resetTally();
    const redeems = [...t.redeemMs.public, ...t.redeemMs.till];
    const figures = {
      count,
      screenP95: percentile(t.screenMs, 95),
      screenP50: percentile(t.screenMs, 50),
      screenRate: (t.screenMs.length + t.shed) / measureS,
      redeemP99: percentile(redeems, 99),
      redeemP50: percentile(redeems, 50),
      checkP99: percentile(t.redeemMs.check, 99),
      shed: t.shed,
      errors: t.errors,
      statuses: t.statuses,
      cpu,
    };
    const notModified = t.statuses['screen 304'] ?? 0;
    console.log(
      `${String(count).padStart(5)} screens: ${figures.screenRate.toFixed(0)} polls/s (${notModified} × 304, ${t.shed} shed), ` +
        `screens p50 ${ms(figures.screenP50)} p95 ${ms(figures.screenP95)}; redeems p50 ${ms(figures.redeemP50)} ` +
        `p99 ${ms(figures.redeemP99)}, till checks p99 ${ms(figures.checkP99)}; errors ${t.errors}`,
    );
    console.log(`        CPU: ${describeCpu(cpu)}`);
    return figures;
  };

  stopRedeems = startRedeems(base, RATE, codePickers(companies, SIZES));
  let held = null;
  for (const count of STEPS) {
    const figures = await step(count, HOLD_S, MEASURE_S);
    const holds =
      figures.screenP95 <= SCREEN_P95_MS && figures.redeemP99 <= REDEEM_P99_MS && figures.errors === 0;
    if (!holds) break;
    held = figures;
  }
  const heldCount = held?.count ?? 0;
  console.log(
    held
      ? `\nheld (${MIX.name} mix): ${heldCount} screens (screens p95 ${ms(held.screenP95)}, redeems p99 ${ms(held.redeemP99)})\n` +
          `CPU there (per cent of one core): ${describeCpu(held.cpu)}`
      : `\nheld: none of the steps (the first already passed screens p95 ${SCREEN_P95_MS} ms or redeems p99 ${REDEEM_P99_MS} ms)`,
  );
  const overCount = 2 * (heldCount || STEPS[0]);
  console.log(`\ntwice that: ${overCount} screens for ${OVERLOAD_S} s`);
  for (const screen of screens.splice(overCount)) screen.stop();
  const over = await step(overCount, OVERLOAD_S, Math.min(OVERLOAD_S, 24));
  stopRedeems();
  for (const screen of screens) screen.stop();
  // The last answers come in; a redeem the gateway gave up on (a timeout) may still commit after it.
  while (counts.redeemsInFlight > 0) await sleep(200);
  await sleep(totals.redeemErrors ? 10_000 : 2_000);

  // The answers still add up: every redeem that answered 200/201 is one row (one that failed may or
  // may not have counted), and the stats say what the rows say.
  const made = Number(
    (await client.query('select count(*) n from redemptions where redeemed_at >= $1', [benchStart])).rows[0]
      .n,
  );
  if (made < totals.redeemed || made > totals.redeemed + totals.redeemErrors)
    wrong(
      `redemptions made during the run: SQL ${made}, answered ${totals.redeemed} (+${totals.redeemErrors} failed)`,
    );
  const all = Number((await client.query(`select count(*) n from redemptions`)).rows[0].n);
  // A screen may be shown a shared answer up to POLL_CACHE_MS + POLL_STALE_MS old (3 s): asked until
  // then, the figures must come to what the rows say.
  // A fresh session: the setup's may have been idle for longer than a session lasts (10 minutes).
  const checkToken = (await api(base, '/api/auth/login', { json: admin })).token;
  let stats = await api(base, '/api/admin/stats', { token: checkToken });
  for (let i = 0; i < 8 && stats.totalRedemptions !== all; i++) {
    await sleep(1_000);
    stats = await api(base, '/api/admin/stats', { token: checkToken });
  }
  if (stats.totalRedemptions !== all)
    wrong(`admin stats totalRedemptions ${stats.totalRedemptions}, SQL ${all}`);
  await client.end();

  console.log('\n| figure | value |');
  console.log('|---|---:|');
  console.log(
    `| screens held, ${MIX.name} mix (p95 ≤ ${SCREEN_P95_MS} ms, redeem p99 ≤ ${REDEEM_P99_MS} ms) | ${heldCount} |`,
  );
  if (held) {
    console.log(
      `| at the held number: screens p95 / redeem p99 | ${ms(held.screenP95)} / ${ms(held.redeemP99)} |`,
    );
    console.log(`| at the held number: polls a second | ${held.screenRate.toFixed(0)} |`);
    for (const [name, value] of Object.entries(held.cpu))
      console.log(`| CPU ${name} (held) | ${value.toFixed(0)} % |`);
  }
  console.log(`| at ${overCount} screens: redeem p99 | ${ms(over.redeemP99)} |`);
  console.log(`| at ${overCount} screens: screens p95 (answered polls) | ${ms(over.screenP95)} |`);
  console.log(`| at ${overCount} screens: polls shed (503 + Retry-After) | ${over.shed} |`);
  console.log(`| at ${overCount} screens: errors | ${over.errors} |`);
  console.log(
    `| whole run: redeems answered, polls shed, errors | ${totals.redeemed}, ${totals.shed}, ${totals.errors} |`,
  );
  console.log(
    `| whole run: answers by status | ${Object.entries(totals.statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')} |`,
  );
  if (errorSamples.length)
    console.log(`errors (first ${errorSamples.length}):\n  ${errorSamples.join('\n  ')}`);
  failed = totals.wrong > 0 || totals.errors > 0;
  console.log(
    failed
      ? `\nFAILED: ${totals.wrong} wrong answers, ${totals.errors} errors (see above)`
      : '\nno errors; every answer checked matches',
  );
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  stopRedeems();
  for (const screen of screens) screen.stop();
  await platform?.stop();
  await closeAgents();
  if (!keep) await db.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
