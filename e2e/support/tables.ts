import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launchBrowser, newPhoneContext, signIn } from './browser';
import { E2E_ADMIN } from './global-setup';

/**
 * What the table files (e2e/tables*.e2e.ts, issue 27) share: one browser for the file, a fresh
 * laptop-sized page for each test, the administrator's sign-in, and the moves their URL-state checks
 * make (another session, a shared link, a phone). Each file still seeds its own rows in its own
 * beforeAll, which runs after this one's, so the browser is there.
 */

/** The laptop the tables are checked at (1366 × 768; screenshots at that size). */
export const LAPTOP = { width: 1366, height: 768 };

/** What the screen shows, once it shows it (a busy machine renders late): up to 15 s. */
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

export interface TableBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** A screenshot of the viewport to e2e/screenshots/<name>.png. */
  shot(name: string): Promise<Buffer>;
  /** Waits until the network is idle (or not, on a busy machine), then 400 ms for the rows to draw. */
  settle(): Promise<void>;
  /** Signs the administrator in and waits for the dashboard. */
  signInAdmin(): Promise<void>;
  /** Closes this test's page and opens another, in a new context: a laptop, the phone, or `options`. */
  newSession(kind?: 'laptop' | 'phone' | BrowserContextOptions): Promise<Page>;
  /** A shared link: another session on a laptop, the administrator signed in, opens `url`. */
  openShared(url: string): Promise<void>;
  /**
   * A header's first click: its aria-sort is `none`, the click on the `sortTestId` button puts `url`
   * in the address, and then aria-sort says `ascending`.
   */
  sortsAscendingByHeader(header: Locator, sortTestId: string, url: RegExp): Promise<void>;
  /** Picks `option` in the `filterTestId` select and waits for `url` in the address. */
  pickFilter(filterTestId: string, option: string, url: RegExp): Promise<void>;
  /** Reloads, waits for the first `rowTestId` row, and settles. */
  reloadShowing(rowTestId: string): Promise<void>;
}

/**
 * Registers the file's browser hooks and hands each new page to `onPage`: the files read the page as a
 * module variable (`let page: Page`) in their small row readers, so it is kept current there.
 */
export function useTableBrowser(baseUrl: string, onPage: (page: Page) => void): TableBrowser {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  async function newSession(kind: 'laptop' | 'phone' | BrowserContextOptions = 'laptop'): Promise<Page> {
    await context?.close();
    context =
      kind === 'phone'
        ? await newPhoneContext(browser)
        : await browser.newContext(kind === 'laptop' ? { viewport: LAPTOP } : kind);
    page = await context.newPage();
    onPage(page);
    return page;
  }

  async function settle(): Promise<void> {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(400);
  }

  async function signInAdmin(): Promise<void> {
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  beforeEach(async () => {
    context = await browser.newContext({ viewport: LAPTOP });
    page = await context.newPage();
    onPage(page);
  });
  afterEach(async () => context?.close());

  return {
    get browser() {
      return browser;
    },
    get context() {
      return context;
    },
    shot: (name) =>
      page.screenshot({
        path: new URL(`../screenshots/${name}.png`, import.meta.url).pathname,
        fullPage: false,
      }),
    settle,
    signInAdmin,
    newSession,
    async openShared(url) {
      await newSession('laptop');
      await signInAdmin();
      await page.goto(url);
    },
    async sortsAscendingByHeader(header, sortTestId, url) {
      await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
      await page.getByTestId(sortTestId).click();
      await page.waitForURL(url);
      await eventually(() => header.getAttribute('aria-sort')).toBe('ascending');
    },
    async pickFilter(filterTestId, option, url) {
      await page.getByTestId(filterTestId).click();
      await page.getByRole('option', { name: option }).click();
      await page.waitForURL(url);
    },
    async reloadShowing(rowTestId) {
      await page.reload();
      await page.getByTestId(rowTestId).first().waitFor();
      await settle();
    },
  };
}
