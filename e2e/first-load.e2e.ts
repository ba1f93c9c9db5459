/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, screenshot } from './support/browser';
import { adminLogin, createPartnerWithStaff, staffLogin } from './support/partners';
import { generateVoucher } from './support/vouchers';

declare global {
  interface Window {
    /** watchFigures' count (decision 357). */
    __figureFrames?: { frames: number; blank: number; done: boolean };
  }
}

/**
 * The member's pages' script budget, gzip (issue 40; decisions 304, 331, 341): a member's phone opens
 * the voucher page and the member's own screens from a QR code or a mail, often over a slow network.
 * The e2e files of those pages hold the same 100 KB on the wire (brotli); this holds it on the build.
 */
const MEMBER_PAGE_BUDGET_KB = 100;

function firstLoads() {
  const report = execFileSync(process.execPath, ['bench/first-load.mjs'], { encoding: 'utf8' });
  return report
    .split('\n')
    .filter((line) => /^\w/.test(line)) // indented: the first calls and what a page carries
    .map((line) => ({
      line,
      screen: line.split(':')[0],
      kb: Number(/: ([\d.]+) KB gzip JS/.exec(line)?.[1]),
    }));
}

// Issue 40: no runtime schema library in the browser's first load. `bench/first-load.mjs` reads the
// build (index.html, the chunks' static imports, their source maps) and names, for each first screen,
// the chunks holding zod; this keeps that list empty (decision 0296). A screen module that imports a
// schema, or a constant from a module that defines schemas, brings zod back and fails here.
describe('first loads of the built app', () => {
  const loads = firstLoads();

  it('the login, both dashboards, the voucher page and the member screens load no zod before they draw', () => {
    expect(loads.map((load) => load.screen)).toEqual([
      'login',
      'admin dashboard',
      'company dashboard',
      'voucher page',
      'member screens',
    ]);
    for (const { line } of loads) expect(line).toMatch(/; zod not loaded$/);
  });

  it('the voucher page and the member screens stay within their 100 KB gzip of script', () => {
    for (const screen of ['voucher page', 'member screens']) {
      const load = loads.find((l) => l.screen === screen);
      expect(load?.kb, load?.line).toBeGreaterThan(0);
      expect(load?.kb, load?.line).toBeLessThanOrEqual(MEMBER_PAGE_BUDGET_KB);
    }
  });
});

// Issue 40, decision 348: index.html's boot.js draws the dashboard's figures into its outline as soon as
// their answer arrives, before the app's code; React then draws the same answer.
describe("the dashboards' figures before the app's code", () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const tokens = { admin: '', company: '' };
  const staff = { username: 'e2e-first-figures', password: 'first-figures-password' };

  beforeAll(async () => {
    browser = await launchBrowser();
    tokens.admin = await adminLogin(baseUrl);
    const partnerId = await createPartnerWithStaff(
      baseUrl,
      tokens.admin,
      { name: 'First Figures Gym' },
      staff,
    );
    const voucher = await generateVoucher(baseUrl, tokens.admin);
    const assigned = await api(baseUrl, `/api/qr-codes/${voucher.id}/assign-partners`, {
      method: 'POST',
      token: tokens.admin,
      json: { partnerIds: [partnerId] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBeLessThan(300);
    tokens.company = await staffLogin(baseUrl, staff);
  });
  afterAll(async () => browser?.close());

  /** Each card's test id, label and figure, as the page shows them. */
  const cardsOn = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((cards) =>
      cards.map((card) => {
        const label = card.querySelector('dt, .bs-label, p') as HTMLElement;
        const figure = card.querySelector('dd, .bs-value, [data-testid="stat-value"]') as HTMLElement;
        return {
          testId: card.getAttribute('data-testid'),
          label: label.innerText.trim(),
          figure: figure.innerText.trim(),
        };
      }),
    );

  /**
   * Runs in the page: counts animation frames, and those without four visible figures (the outline's
   * `.bs-stat` cards or React's `cards`), until React's four are visible and the outline is gone.
   */
  const watchFigures = (cards: string) => {
    const state = { frames: 0, blank: 0, done: false };
    window.__figureFrames = state;
    const shown = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].filter(
        (card) => card.checkVisibility({ visibilityProperty: true }) && /\d/.test(card.innerText),
      ).length;
    const tick = () => {
      const react = shown(cards.replaceAll(']', ']:not(.bs-stat)'));
      const boot = shown('.bs-stat');
      state.frames += 1;
      if (react < 4 && boot < 4) state.blank += 1;
      if (react >= 4 && boot === 0) state.done = true;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  /** Each role's four cards, by the test ids the React cards and boot.js's share. */
  const ids = (...testIds: string[]) => testIds.map((id) => `[data-testid="${id}"]`).join(', ');
  const roles = [
    {
      role: 'admin',
      address: '/dashboard',
      cards: ids(
        'stat-totalQrCodes',
        'stat-totalRedemptions',
        'stat-todayRedemptions',
        'stat-redemptionRate',
      ),
    },
    {
      role: 'company',
      address: '/company-dashboard',
      cards: ids('stat-total-codes', 'stat-redemptions', 'stat-today', 'stat-partners'),
    },
  ] as const;

  for (const { role, address, cards } of roles)
    for (const device of ['laptop', 'phone'] as const)
      it(`the ${role} dashboard on a ${device}: the figures show before the app's code has loaded, as React then draws them`, async () => {
        const context =
          device === 'phone'
            ? await newPhoneContext(browser)
            : await browser.newContext({ viewport: { width: 1366, height: 768 } });
        await context.addInitScript((token) => localStorage.setItem('adminToken', token), tokens[role]);
        const page = await context.newPage();
        // The app's chunk is held back: only index.html and boot.js can draw.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        let appAsked = false;
        await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
          appAsked = true;
          await held;
          await route.continue();
        });
        await page.goto(`${baseUrl}${address}`, { waitUntil: 'domcontentloaded' });
        const outline = page.locator('[data-testid="dashboard-skeleton"].bs');
        await outline.locator('.bs-stat').nth(3).waitFor();
        const early = await cardsOn(page, `[data-testid="dashboard-skeleton"].bs .bs-stat`);
        expect(appAsked).toBe(true);
        expect(early).toHaveLength(4);
        for (const card of early) expect(card.figure).toMatch(/^[\d,.]+%?$/);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `first-figures-${role}-${device}`);

        // Every frame from here until React's cards are on screen shows four figures: the outline's,
        // handed over above the app, or React's (decision 357; before, React's skeleton blinked them out).
        await page.evaluate(watchFigures, cards);
        release();
        await page.waitForFunction(() => window.__figureFrames?.done === true, undefined, {
          timeout: 30_000,
        });
        const frames = await page.evaluate(() => window.__figureFrames);
        expect(frames?.frames).toBeGreaterThan(0);
        expect(frames?.blank, 'frames without the four figures').toBe(0);
        await outline.waitFor({ state: 'detached' });
        await page.locator('[data-testid="dashboard-skeleton"]').waitFor({ state: 'detached' });
        const drawn = page.locator(cards);
        await expect.poll(() => drawn.count()).toBe(4);
        await expect.poll(() => cardsOn(page, cards)).toEqual(early);
        await context.close();
      });
});

// Issue 40, decision 382: the sign-in, a member's sign-in and the voucher page name their own shell and
// words in the HTML (`<link rel="modulepreload">`), so the phone fetches them beside React rather than
// after it has run. Each preload is one the page uses: fetched once (a preload the import did not match
// would be fetched twice) and in the reader's language. None of them asks for the dashboards' boot.js.
describe('the light pages preload their shell and words', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let voucherId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    voucherId = (await generateVoucher(baseUrl, await adminLogin(baseUrl))).id;
  });
  afterAll(async () => browser?.close());

  /** Opens `address` in `language` on a cold cache: its HTML's preloads and each path's fetches. */
  const open = async (address: string, language: 'en' | 'es', ready: string) => {
    const context = await browser.newContext({ locale: language === 'es' ? 'es-ES' : 'en-GB' });
    const page = await context.newPage();
    const fetched = new Map<string, number>();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      fetched.set(path, (fetched.get(path) ?? 0) + 1);
    });
    const response = await page.goto(`${baseUrl}${address}`);
    await page.locator(ready).first().waitFor();
    // As the gateway sent them: the app's loader adds its own links to the document later.
    const html = (await response?.text()) ?? '';
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      ([, href]) => href,
    );
    return { context, preloads, fetched };
  };

  const pages = [
    {
      name: 'sign-in',
      address: () => '/login',
      shell: /\/assets\/login-[^/]+\.js$/,
      words: 'public',
      ready: 'form button[type="submit"]',
    },
    {
      name: "member's sign-in",
      address: () => '/me/sign-in',
      shell: /\/assets\/member-shell-[^/]+\.js$/,
      words: 'member',
      ready: 'form button[type="submit"]',
    },
    {
      name: 'voucher',
      address: () => `/voucher/${voucherId}`,
      shell: /\/assets\/voucher-(?!words-)[^/]+\.js$/,
      words: 'voucher',
      // The script's own button: the page has been taken over.
      ready: '[data-testid="share-button"]',
    },
  ];

  for (const { name, address, shell, words, ready } of pages)
    for (const language of ['en', 'es'] as const)
      it(`the ${name} page in ${language}: each preload is fetched once and used`, async () => {
        const { context, preloads, fetched } = await open(address(), language, ready);
        expect(
          preloads.filter((href) => shell.test(href)),
          preloads.join(' '),
        ).toHaveLength(1);
        const catalogs = preloads.filter((href) => href.startsWith(`/assets/${words}.`));
        expect(catalogs.map((href) => /\.(en|es)-/.exec(href)?.[1])).toEqual([language]);
        await expect.poll(() => preloads.filter((href) => !fetched.has(href))).toEqual([]);
        expect([...fetched].filter(([path, times]) => path.startsWith('/assets/') && times > 1)).toEqual([]);
        expect(fetched.has('/boot.js')).toBe(false);
        await context.close();
      });
});
