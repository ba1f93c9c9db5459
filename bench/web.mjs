#!/usr/bin/env node
// npm run bench:web — what a member's phone downloads and how soon it shows something.
//
// The built platform (started like `npm start`) on a throwaway database serves one voucher. Chromium
// opens the voucher page and the login page, each on a cold cache (a new browser context per run),
// under a throttled mobile profile: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4x slower, a
// 390 x 844 phone screen. Printed per page, as medians of BENCH_RUNS (5) runs: JS and CSS bytes
// transferred (as on the wire, compressed when the server compresses, headers included), first paint,
// and when the page's main content is visible. Slowness never fails the run; the goals are printed.
/* global window, document, MutationObserver */ // code run inside the page
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import { startPlatform } from '../tools/platform.mjs';
import { api, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROFILE = { downKbps: 1600, upKbps: 750, rttMs: 150, cpuSlowdown: 4 };
const GOALS = { voucherJsKb: 100, voucherVisibleMs: 2500 };
/** The bench voucher's partner, which is its title: what counts as "the voucher is visible". */
const VOUCHER_TITLE = 'Harbor Physio';

async function startFull(dbUrl) {
  const port = randomPort();
  const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
  const platform = await startPlatform({
    env: {
      DATABASE_URL: dbUrl,
      NATS_NAMESPACE: `bench_${randomBytes(4).toString('hex')}`,
      PORT: String(port),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DATA_DIR: `/tmp/avpass-bench-web-${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DB_ROLE_SECRET: randomBytes(16).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const { token } = await api(base, '/api/auth/login', { method: 'POST', json: admin });
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
  return { base, voucherId: voucher.id, stop: platform.stop };
}

/** One cold visit: bytes per resource type from the DevTools protocol, paint and content timings. */
async function visit(browser, url, selector, visible) {
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
    ({ ready, shown }) => {
      const seen = () => {
        if (!window.__visibleAt) {
          for (const el of document.querySelectorAll(shown.selector)) {
            if ((el.textContent ?? '').includes(shown.text)) {
              window.__visibleAt = performance.now();
              break;
            }
          }
        }
        if (!window.__readyAt && document.querySelector(ready)) window.__readyAt = performance.now();
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { ready: selector, shown: visible },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  const types = new Map();
  const bytes = { Script: 0, Stylesheet: 0, scripts: 0, encodings: new Set() };
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, type);
    if (type === 'Script')
      bytes.encodings.add(
        response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity',
      );
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const type = types.get(requestId);
    if (type === 'Script' || type === 'Stylesheet') bytes[type] += encodedDataLength;
    if (type === 'Script') bytes.scripts += 1;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    visible: window.__visibleAt ?? null,
    ready: window.__readyAt ?? null,
  }));
  await context.close();
  return {
    js: bytes.Script,
    css: bytes.Stylesheet,
    scripts: bytes.scripts,
    encodings: [...bytes.encodings],
    ...timings,
  };
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
    const pages = [
      {
        name: 'voucher',
        url: `${full.base}/voucher/${full.voucherId}`,
        selector: '[data-testid="voucher-card"]',
        visible: {
          selector: '[data-voucher-snapshot] h1, [data-testid="voucher-card"]',
          text: VOUCHER_TITLE,
        },
      },
      {
        name: 'login',
        url: `${full.base}/login`,
        selector: 'input[name="password"]',
        visible: { selector: 'input[name="password"]', text: '' },
      },
    ];
    console.log(
      `bench:web — ${RUNS} cold runs per page; ${PROFILE.downKbps / 1000} Mbps down, ${PROFILE.upKbps} Kbps up, ${PROFILE.rttMs} ms RTT, CPU ${PROFILE.cpuSlowdown}x slower, 390x844`,
    );
    const results = {};
    for (const p of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, p.url, p.selector, p.visible));
      const m = (key) => {
        const values = runs.map((r) => r[key]).filter((v) => v !== null);
        return values.length ? median(values) : null;
      };
      results[p.name] = {
        js: m('js'),
        css: m('css'),
        scripts: m('scripts'),
        firstPaint: m('firstPaint'),
        fcp: m('firstContentfulPaint'),
        visible: m('visible'),
        ready: m('ready'),
      };
      const r = results[p.name];
      console.log(
        `${p.name.padEnd(8)} JS ${kb(r.js)} in ${r.scripts} scripts (${runs[0].encodings.join(', ')}), CSS ${kb(r.css)}, first paint ${ms(r.firstPaint)}, first contentful paint ${ms(r.fcp)}, ${p.name === 'voucher' ? 'voucher' : 'form'} visible ${ms(r.visible)}, app ready ${ms(r.ready)}`,
      );
    }
    const v = results.voucher;
    console.log(
      `goals: voucher JS <= ${GOALS.voucherJsKb} KB (${v.js / 1024 <= GOALS.voucherJsKb ? 'met' : 'NOT met'}), voucher visible < ${GOALS.voucherVisibleMs} ms (${v.visible !== null && v.visible < GOALS.voucherVisibleMs ? 'met' : 'NOT met'})`,
    );
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
