#!/usr/bin/env node
// npm run bench:web — what a phone downloads and how soon it shows something.
//
// The built platform (started like `npm start`) on a throwaway database serves one voucher, assigned to
// one partner with a portal user. Chromium opens, each on a cold cache (a new browser context per run),
// under a throttled mobile profile (1.6 Mbps down, 750 Kbps up, 150 ms round trip, the CPU slowed to
// a low-tier phone's (bench-kit's phoneCpu, decision 381), a 390 x 844 phone screen):
// - the voucher page twice: as a phone gets it over plain HTTP (Chromium then asks for gzip only) and
//   as over https (`Accept-Encoding: br, gzip`, sent through the DevTools protocol);
// - the login page: visible once its password field is drawn, ready (usable) once both fields are
//   enabled and the form has the script's submit handler;
// - the admin dashboard and the company dashboard, signed in (the token put where the app keeps it
//   before the page runs), opened cold at the role's landing address.
// Printed per page, as medians of BENCH_RUNS (5) runs: JS files on the critical path (scripts requested
// before the main content is visible) and in all, JS and CSS bytes transferred (as on the wire,
// compressed as the server sent them, headers included), first paint, when the main content is
// visible and when the app is ready. Slowness never fails the run; the goals are printed beside.
// BENCH_WATERFALL=1 prints each run's requests (start, first byte, end in ms from the page's start; bytes).
// BENCH_ROOT=<another checkout> runs the platform built there (its frontend and services) with this
// bench, so an older build is measured the same way.
/* global window, document, MutationObserver */ // code run inside the page
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import {
  api,
  createBenchDatabase,
  median,
  phoneCpu,
  startBenchPlatform,
  throttledPage,
} from './support/bench-kit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_PAGES=login,admin,company measures only those pages (keys: voucher, voucherBr, login, admin, company). */
const ONLY = process.env.BENCH_PAGES?.split(',').map((key) => key.trim());
/** The network of the phone; its CPU (`cpuSlowdown`) is set once the host has been measured. */
const PROFILE = { downKbps: 1600, upKbps: 750, rttMs: 150, cpuSlowdown: 1 };
const GOALS = {
  voucherJsKb: 100,
  voucherVisibleMs: 2500,
  loginUsableMs: 1500,
  dashboardScripts: 8,
  dashboardVisibleMs: 2000,
};
/** The bench voucher's partner, which is its title: what counts as "the voucher is visible". */
const VOUCHER_TITLE = 'Harbor Physio';
/** Spec section 4: where the app keeps the session token (frontend/src/lib/session/auth-storage.ts). */
const AUTH_TOKEN_STORAGE_KEY = 'adminToken';
/** What a phone sends over plain HTTP, and what it sends over https. */
const ENCODINGS = { http: 'gzip, deflate', https: 'br, gzip' };

async function startFull(dbUrl) {
  const { platform, base, token } = await startBenchPlatform(dbUrl);
  const voucher = await api(base, '/api/generate-qr', {
    token,
    json: {
      clinic: VOUCHER_TITLE,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Sports Massage',
      expirationDate: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10),
      usageLimit: '3',
      terms: 'One voucher per visit.',
    },
  });
  // A partner with a portal user, the voucher assigned to it: the company dashboard shows it.
  const staff = { username: 'bench-staff', password: `bench-${randomBytes(6).toString('hex')}` };
  const partner = await api(base, '/api/vendors', { token, json: { name: 'Bench Sports Club' } });
  await api(base, `/api/partners/${partner.id}/users`, { token, json: staff });
  await api(base, `/api/qr-codes/${voucher.id}/assign-partners`, {
    token,
    json: { partnerIds: [partner.id] },
  });
  const companyToken = (await api(base, '/api/auth/company-login', { json: staff })).token;
  return { base, voucherId: voucher.id, adminToken: token, companyToken, stop: platform.stop };
}

/**
 * One cold visit: bytes per resource type from the DevTools protocol, paint and content timings.
 * `ready` and `visible` are each an element (`selector`) whose text contains `text` or matches
 * `pattern` (and, with `handler`, has that React handler attached); `token` is put in local storage before the page's scripts run; `acceptEncoding` is sent
 * with every request.
 */
async function visit(browser, { url, ready, visible, outline, token, acceptEncoding }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // Records when the page's main content first appears, from inside the page (no polling delay): an
  // element matching `visible.selector` whose text contains `visible.text` (the voucher's title, whether
  // in the gateway's server-rendered snapshot or in the React page), and when the app itself is ready
  // (`selector`, rendered by React).
  await context.addInitScript(
    ({ ready, shown, outline, token, tokenKey }) => {
      if (token) window.localStorage.setItem(tokenKey, token);
      /** React keeps an element's props (its handlers) on the element itself once it has committed it. */
      const handles = (el, handler) =>
        Object.keys(el).some(
          (key) => key.startsWith('__reactProps$') && typeof el[key]?.[handler] === 'function',
        );
      const found = ({ selector, text, pattern, handler }) => {
        const re = pattern ? new RegExp(pattern) : null;
        for (const el of document.querySelectorAll(selector)) {
          const content = el.textContent ?? '';
          if (handler && !handles(el, handler)) continue;
          if (re ? re.test(content) : content.includes(text ?? '')) return true;
        }
        return false;
      };
      const seen = () => {
        if (!window.__visibleAt && found(shown)) window.__visibleAt = performance.now();
        if (!window.__readyAt && found(ready)) window.__readyAt = performance.now();
        if (outline && !window.__outlineAt && found(outline)) window.__outlineAt = performance.now();
        return Boolean(window.__visibleAt && window.__readyAt && (!outline || window.__outlineAt));
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
      // And once a frame: what changes no node (a handler attached to a form already drawn, an input
      // enabled) is seen too.
      const everyFrame = () => {
        if (!seen()) window.requestAnimationFrame(everyFrame);
      };
      window.requestAnimationFrame(everyFrame);
    },
    {
      ready,
      shown: visible,
      outline: outline ?? null,
      token: token ?? null,
      tokenKey: AUTH_TOKEN_STORAGE_KEY,
    },
  );
  const { page, cdp } = await throttledPage(context, PROFILE, acceptEncoding);
  const types = new Map();
  const bytes = { Script: 0, Stylesheet: 0, scripts: 0, encodings: new Set() };
  /** When each script was asked for (epoch ms), to count those asked for before the content showed. */
  const scriptRequests = [];
  /** BENCH_WATERFALL=1: each request's start, first byte and end (ms from the page's start) and size. */
  const waterfall = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type, wallTime, timestamp }) => {
    if (type === 'Script') scriptRequests.push(wallTime * 1000);
    waterfall.set(requestId, { url: new URL(request.url).pathname, wallTime, start: timestamp });
  });
  cdp.on('Network.responseReceived', ({ requestId, timestamp }) => {
    const entry = waterfall.get(requestId);
    if (entry) entry.firstByte = timestamp;
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, type);
    if (type === 'Script')
      bytes.encodings.add(
        response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity',
      );
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    const entry = waterfall.get(requestId);
    if (entry) Object.assign(entry, { end: timestamp, size: encodedDataLength });
    const type = types.get(requestId);
    if (type === 'Script' || type === 'Stylesheet') bytes[type] += encodedDataLength;
    if (type === 'Script') bytes.scripts += 1;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__readyAt !== undefined && window.__visibleAt !== undefined, null, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  const timings = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    visible: window.__visibleAt ?? null,
    ready: window.__readyAt ?? null,
    outline: window.__outlineAt ?? null,
  }));
  await context.close();
  const { timeOrigin, ...times } = timings;
  if (process.env.BENCH_WATERFALL) printWaterfall(waterfall, timeOrigin, times);
  return {
    js: bytes.Script,
    css: bytes.Stylesheet,
    scripts: bytes.scripts,
    criticalScripts: scriptRequests.filter((at) => at - timeOrigin < times.visible).length,
    encodings: [...bytes.encodings],
    ...times,
  };
}

function printWaterfall(waterfall, timeOrigin, times) {
  const entries = [...waterfall.values()];
  // CDP's timestamps are monotonic seconds; the first request's wall time ties them to the page's clock.
  const first = entries[0];
  const at = (t) =>
    t === undefined
      ? '   -'
      : String(Math.round((first.wallTime - timeOrigin / 1000 + t - first.start) * 1000)).padStart(5);
  for (const e of entries)
    console.log(
      `    ${at(e.start)} ${at(e.firstByte)} ${at(e.end)} ${String(e.size ?? '-').padStart(7)} B  ${e.url}`,
    );
  console.log(`    visible ${Math.round(times.visible)} ms, ready ${Math.round(times.ready)} ms`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === null ? 'n/a' : `${Math.round(n)} ms`);

async function main() {
  const db = await createBenchDatabase();
  let full;
  let browser;
  try {
    full = await startFull(db.url);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const voucher = {
      url: `${full.base}/voucher/${full.voucherId}`,
      ready: { selector: '[data-testid="voucher-card"]' },
      visible: {
        selector: '[data-voucher-snapshot] h1, [data-testid="voucher-card"]',
        text: VOUCHER_TITLE,
      },
    };
    const pages = [
      { name: 'voucher (gzip)', key: 'voucher', ...voucher, acceptEncoding: ENCODINGS.http },
      { name: 'voucher (br)', key: 'voucherBr', ...voucher, acceptEncoding: ENCODINGS.https },
      {
        name: 'login',
        key: 'login',
        url: `${full.base}/login`,
        // Usable (issue 40): both fields there and enabled, and the script's submit handler on the form.
        ready: {
          selector:
            'form:has(input[name="username"]:not(:disabled)):has(input[name="password"]:not(:disabled))',
          handler: 'onSubmit',
        },
        visible: { selector: 'input[name="password"]' },
        acceptEncoding: ENCODINGS.http,
      },
      {
        // The administrator's landing screen (spec section 2): visible once the stat cards hold figures,
        // ready once the codes list shows the bench voucher.
        name: 'admin dashboard',
        key: 'admin',
        url: `${full.base}/dashboard`,
        token: full.adminToken,
        visible: { selector: '[data-testid="stat-totalQrCodes"]', pattern: '\\d' },
        // The dashboard's shape (index.html's boot outline, then DashboardSkeleton): first on screen.
        outline: { selector: '[data-testid="dashboard-skeleton"]' },
        ready: { selector: '[data-testid="qr-row"]', text: VOUCHER_TITLE },
        acceptEncoding: ENCODINGS.http,
      },
      {
        // The partner's landing screen: the stat cards' figures, then its assigned codes.
        name: 'company dashboard',
        key: 'company',
        url: `${full.base}/company-dashboard`,
        token: full.companyToken,
        visible: { selector: '[data-testid="stat-total-codes"]', pattern: '\\d' },
        // The dashboard's shape (index.html's boot outline, then DashboardSkeleton): first on screen.
        outline: { selector: '[data-testid="dashboard-skeleton"]' },
        ready: { selector: '[data-testid="assigned-code"]', text: VOUCHER_TITLE },
        acceptEncoding: ENCODINGS.http,
      },
    ];
    const cpu = await phoneCpu(browser);
    PROFILE.cpuSlowdown = cpu.slowdown;
    console.log(
      `bench:web — ${RUNS} cold runs per page; ${PROFILE.downKbps / 1000} Mbps down, ${PROFILE.upKbps} Kbps up, ${PROFILE.rttMs} ms RTT, 390x844; ` +
        cpu.description,
    );
    const results = {};
    for (const p of pages.filter((page) => !ONLY || ONLY.includes(page.key))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, p));
      const m = (key) => {
        const values = runs.map((r) => r[key]).filter((v) => v !== null);
        return values.length ? median(values) : null;
      };
      const r = {
        js: m('js'),
        css: m('css'),
        scripts: m('scripts'),
        criticalScripts: m('criticalScripts'),
        firstPaint: m('firstPaint'),
        fcp: m('firstContentfulPaint'),
        visible: m('visible'),
        ready: m('ready'),
        outline: m('outline'),
      };
      results[p.key] = r;
      console.log(
        `${p.name.padEnd(18)} JS ${kb(r.js)} (${runs[0].encodings.join(', ')}) in ${r.scripts} files, ${r.criticalScripts} before visible; CSS ${kb(r.css)}; first paint ${ms(r.firstPaint)}, first contentful paint ${ms(r.fcp)},${r.outline === null ? '' : ` outline ${ms(r.outline)},`} visible ${ms(r.visible)}, ready ${ms(r.ready)}`,
      );
    }
    const verdict = (ok) => (ok ? 'met' : 'NOT met');
    const none = { js: null, visible: null, ready: null, outline: null, criticalScripts: null };
    const { voucher: v = none, voucherBr: vb = none, login = none, admin = none, company = none } = results;
    console.log('goals:');
    // Only the pages measured (BENCH_PAGES).
    if (results.voucher)
      console.log(
        `  voucher JS over gzip <= ${GOALS.voucherJsKb} KB: ${kb(v.js)} (${verdict(v.js / 1024 <= GOALS.voucherJsKb)}); over brotli ${kb(vb.js)}`,
      );
    if (results.voucher)
      console.log(
        `  voucher visible < ${GOALS.voucherVisibleMs} ms: ${ms(v.visible)} (${verdict(v.visible !== null && v.visible < GOALS.voucherVisibleMs)})`,
      );
    if (results.login)
      console.log(
        `  login form usable (fields enabled, submit handler attached) < ${GOALS.loginUsableMs} ms: ${ms(login.ready)} (${verdict(login.ready !== null && login.ready < GOALS.loginUsableMs)})`,
      );
    for (const [name, d] of [
      ['admin dashboard', admin],
      ['company dashboard', company],
    ].filter(([, d]) => d !== none)) {
      console.log(
        `  ${name}: JS files before visible <= ${GOALS.dashboardScripts}: ${d.criticalScripts} (${verdict(d.criticalScripts <= GOALS.dashboardScripts)}); outline (skeleton) on screen at ${ms(d.outline)} (${verdict(d.outline !== null && d.outline < GOALS.dashboardVisibleMs)}); figures visible < ${GOALS.dashboardVisibleMs} ms: ${ms(d.visible)} (${verdict(d.visible !== null && d.visible < GOALS.dashboardVisibleMs)})`,
      );
    }
  } finally {
    await browser?.close();
    await full?.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
