import { appendFileSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ARTIFACTS = new URL('../../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** The browsers this file launched and has not closed (e2e/support/failure-shots.ts reads their pages). */
export const openBrowsers = new Set<Browser>();

/**
 * Playwright's own `--disable-features` list (chromiumSwitches.ts in playwright-core 1.65), repeated: Chromium
 * keeps only the last `--disable-features` switch it is given, so ours must carry Playwright's too.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
/**
 * Debian's Chromium is the full browser, whose headless mode builds the address bar's two WebUI popups for
 * every window: a renderer process each, about 2 s of CPU per browser context on the CI box, 18 % of a
 * file's CPU (members.e2e.ts: 247 -> 202 s of CPU, 155 -> 133 s). No test has an address bar.
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** `extraArgs`: more Chromium switches (the till's fake camera: `--use-file-for-fake-video-capture`). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ...extraArgs,
    ],
  });
  openBrowsers.add(browser);
  if (process.env.E2E_RENDER_METRICS) measureRenderers(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  // A context closed by a file's afterEach is gone before vitest's onTestFailed runs: the hooks below
  // see its pages first (browser.newPage makes its context through newContext too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      for (const hook of beforeContextClose) await hook(context).catch(() => undefined);
      return close(closeOptions);
    };
    return context;
  };
  return browser;
}

/**
 * E2E_RENDER_METRICS=1: each page's renderer time (script, style, layout, other tasks; Chromium's
 * Performance domain) appended to artifacts/render-metrics.jsonl when its context or browser closes,
 * with the test that was running: where the suite's browser CPU goes.
 */
function measureRenderers(browser: Browser): void {
  const sessions = new Map<Page, Promise<{ send: (m: 'Performance.getMetrics') => Promise<any> } | null>>();
  const track = (context: BrowserContext) =>
    context.on('page', (page) => {
      sessions.set(
        page,
        context
          .newCDPSession(page)
          .then(async (session) => (await session.send('Performance.enable'), session))
          .catch(() => null),
      );
    });
  const record = async (pages: Page[]) => {
    for (const page of pages) {
      const session = await sessions.get(page);
      sessions.delete(page);
      if (!session || page.isClosed()) continue;
      const { metrics } = await session.send('Performance.getMetrics').catch(() => ({ metrics: [] }));
      const m = Object.fromEntries(
        (metrics as { name: string; value: number }[]).map((x) => [x.name, x.value]),
      );
      const line = {
        test: (globalThis as { __e2eTest?: string }).__e2eTest ?? '?',
        url: page.url().replace(/^https?:\/\/[^/]+/, ''),
        task: m.TaskDuration,
        script: m.ScriptDuration,
        style: m.RecalcStyleDuration,
        layout: m.LayoutDuration,
        compile: m.V8CompileDuration,
        thread: m.ThreadTime,
        process: m.ProcessTime,
      };
      appendFileSync(`${ARTIFACTS}render-metrics.jsonl`, `${JSON.stringify(line)}\n`);
    }
  };
  beforeContextClose.push((context) => record(context.pages()));
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await record(browser.contexts().flatMap((context) => context.pages()));
    return close(options);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    track(context);
    return context;
  };
}

/** Run before any context of a launched browser closes (e2e/support/failure-shots.ts). */
export const beforeContextClose: ((context: BrowserContext) => Promise<void>)[] = [];

/** The phone the member holds at the till (390 × 844, as the issues measure). */
export const PHONE = { width: 390, height: 844 };

/** A fresh context that behaves like that phone: touch, mobile viewport, a 2× screen. */
export function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}e2e-${name}.png`, fullPage: true });
}

export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Goes to `path` inside the app already loaded, as a link would: its router takes the change (the history
 * entry and a popstate event), so the page keeps its code, session and cache instead of loading again.
 * For a test that visits many screens where how a screen first loads is not what it checks.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function api(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.json ? { body: JSON.stringify(init.json) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}
