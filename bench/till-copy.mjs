#!/usr/bin/env node
// npm run bench:till-copy — the till's offline copy at size (issue 37).
//
// Starts the built platform on a throwaway database, makes one partner with TILL_COPY_CODES (default
// 100,000) codes of its own plus a few thousand of another shop's, then, as the partner's staff:
// (1) walks GET /api/till/codes page by page (limit 1000) TILL_COPY_RUNS times (default 3), asking for
// gzip as browsers do: the median time, the bytes on the wire and the JSON's own size; (2) a delta after
// 100 redeems; (3) in Chromium, the till page reading the whole copy into IndexedDB: the time until the
// till shows it, and IndexedDB's usage (navigator.storage.estimate().usageDetails.indexedDB). Fails only
// on a wrong answer (a row count). TILL_COPY_KEEP_DATABASE=1 keeps the database (for bench:explain).
import { performance } from 'node:perf_hooks';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';

const CODES = Number(process.env.TILL_COPY_CODES ?? 100_000);
const RUNS = Number(process.env.TILL_COPY_RUNS ?? 3);
const OTHERS = 5_000;
const db = await createBenchDatabase();
let platform;
let browser;
let failed = false;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

try {
  const port = randomPort();
  const admin = { username: 'admin', password: 'bench-till-copy-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    roleSecret: 'bench-till-copy-role-secret',
    BUSINESS_TIMEZONE: 'UTC',
    RPC_TIMEOUT_MS: '120000',
  });
  console.log(`bench:till-copy — a partner with ${CODES.toLocaleString('en-US')} codes; medians of ${RUNS}`);
  platform = await startPlatform({
    env,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const shop = (await api(base, '/api/vendors', { token: adminToken, json: { name: 'Copy Bench Shop' } })).id;
  const other = (await api(base, '/api/vendors', { token: adminToken, json: { name: 'Other Shop' } })).id;
  const staff = { username: 'copy-staff', password: 'copy-staff-password' };
  await api(base, `/api/partners/${shop}/users`, { token: adminToken, json: staff });
  const token = (await api(base, '/api/auth/company-login', { json: staff })).token;

  const seeded = performance.now();
  const batch = (partnerId, quantity, name) =>
    api(base, '/api/bulk-generate', {
      token: adminToken,
      json: {
        partnerId,
        batchName: name,
        quantity,
        discountType: 'percentage',
        discountValue: 15,
        service: 'Bike tune-up and wheel truing',
        expirationDate: '2099-12-31',
        usageLimit: 3,
      },
    });
  for (let made = 0; made < CODES; made += 50_000)
    await batch(shop, Math.min(50_000, CODES - made), `Copy ${made}`);
  await batch(other, OTHERS, 'Elsewhere');
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

  /** GET as a browser asks (gzip accepted): the bytes received, and the JSON text they unzip to. */
  const get = (path) =>
    new Promise((resolve, reject) => {
      const call = request(
        new URL(path, base),
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const wire = Buffer.concat(chunks);
            const zipped = res.headers['content-encoding'] === 'gzip';
            const text = (zipped ? gunzipSync(wire) : wire).toString('utf8');
            if (res.statusCode !== 200) reject(new Error(`${res.statusCode} ${text}`));
            else resolve({ wire: wire.length, text });
          });
        },
      );
      call.on('error', reject);
      call.end();
    });

  /** One whole run of the copy (or of a delta): rows, removals, bytes on the wire and of JSON, time. */
  async function walk(since) {
    const started = performance.now();
    let cursor = null;
    let first = null;
    const totals = { rows: 0, removed: 0, pages: 0, bytes: 0, gzip: 0 };
    do {
      const query = new URLSearchParams({ limit: '1000' });
      if (since) query.set('since', since);
      if (cursor) query.set('cursor', cursor);
      const { wire, text } = await get(`/api/till/codes?${query}`);
      const page = JSON.parse(text);
      first ??= page;
      totals.rows += page.items.length;
      totals.removed += page.removed.length;
      totals.pages += 1;
      totals.bytes += Buffer.byteLength(text);
      totals.gzip += wire;
      cursor = page.nextCursor;
    } while (cursor);
    return { ...totals, ms: performance.now() - started, since: first.since };
  }

  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await walk(null));
  const whole = runs[0];
  if (whole.rows !== CODES) {
    failed = true;
    console.error(`WRONG ANSWER: the copy has ${whole.rows} rows, expected ${CODES}`);
  }
  console.log(
    `whole copy: ${whole.rows.toLocaleString('en-US')} rows in ${whole.pages} pages, ` +
      `${mb(whole.gzip)} on the wire (gzip; ${mb(whole.bytes)} of JSON), ` +
      `median ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s ` +
      `(${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s)`,
  );

  // A delta after 100 redeems at this till.
  const page = await api(base, '/api/till/codes?limit=100', { token });
  for (const code of page.items) await api(base, '/api/till/redeem', { token, json: { code: code.id } });
  const deltas = [];
  for (let i = 0; i < RUNS; i++) deltas.push(await walk(whole.since));
  const delta = deltas[0];
  if (delta.rows < 100) {
    failed = true;
    console.error(`WRONG ANSWER: the delta has ${delta.rows} rows, expected at least 100`);
  }
  console.log(
    `delta after 100 redeems: ${delta.rows} rows, ${(delta.gzip / 1024).toFixed(1)} KB on the wire ` +
      `(${(delta.bytes / 1024).toFixed(1)} KB of JSON), median ${median(deltas.map((r) => r.ms)).toFixed(0)} ms`,
  );

  // The till in Chromium: signs in, opens /till, reads the whole copy into IndexedDB.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const tills = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    await tab.goto(`${base}/login`);
    await tab.locator('input[name="username"]').fill(staff.username);
    await tab.locator('input[name="password"]').fill(staff.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL(`${base}/company-dashboard`);
    const started = performance.now();
    await tab.goto(`${base}/till`);
    await tab
      .locator(`[data-testid="till-copy-status"][data-count="${CODES}"]`)
      .waitFor({ timeout: 600_000 });
    const ms = performance.now() - started;
    const usage = await tab.evaluate(async () => {
      const estimate = await navigator.storage.estimate();
      return { total: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB ?? null };
    });
    tills.push({ ms, ...usage });
    await context.close();
  }
  const idb = tills.map((t) => t.indexedDB).filter((n) => n !== null);
  console.log(
    `till in Chromium, whole copy into IndexedDB: median ${(median(tills.map((t) => t.ms)) / 1000).toFixed(2)} s ` +
      `(${tills.map((t) => (t.ms / 1000).toFixed(2)).join(', ')} s); IndexedDB ${idb.length ? mb(median(idb)) : 'n/a'}, ` +
      `origin storage ${mb(median(tills.map((t) => t.total)))}`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser?.close();
  await platform?.stop();
  if (process.env.TILL_COPY_KEEP_DATABASE) console.log(`database kept: ${db.url}`);
  else await db.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
