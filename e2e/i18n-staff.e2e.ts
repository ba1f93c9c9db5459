/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, PHONE } from './support/browser';
import {
  contextIn,
  DESKTOP,
  DEVICES,
  overflowingText,
  rawKeys,
  shoot,
  speaksPseudo,
  type Viewport,
} from './support/i18n';
import { adminLogin, createPartnerWithStaff, staffLogin, type StaffUser } from './support/partners';
import { signInStaff } from './support/till';
import { generateVoucher } from './support/vouchers';

// Issue 42, the signed-in shell and the shared parts (decision 358): the navigation bar (the phone's
// drawer open), the access-denied page, the till's today list and its offline screens, in the
// pseudo-locale on a laptop and a phone (no text cut or overflowing, no raw key), then in Spanish on a
// phone (axe-clean, photographed for docs/screenshots/issue-42/); and a company user's language chosen
// from the bar is kept on their account.
const baseUrl = inject('baseUrl');
const tag = randomUUID().slice(0, 6);
const STAFF: StaffUser = { username: `i18n-staff-${tag}`, password: 'staff-password-1' };

let browser: Browser;
let context: BrowserContext | undefined;
let staffToken: string;
/** A code of the staff's shop, redeemed at the till once already (today's list has a row). */
let redeemedId: string;
/** A code of the shop with uses to spare: each offline run keeps one redemption of it. */
let spareId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminLogin(baseUrl);
  const partnerId = await createPartnerWithStaff(baseUrl, admin, { name: `Casa Verde ${tag}` }, STAFF);
  staffToken = await staffLogin(baseUrl, STAFF);
  redeemedId = (await generateVoucher(baseUrl, admin, { partnerId, customTitle: `Recovery ${tag}` })).id;
  spareId = (
    await generateVoucher(baseUrl, admin, { partnerId, usageLimit: '10', customTitle: `Spare ${tag}` })
  ).id;
  const redeemed = await api(baseUrl, '/api/till/redeem', {
    method: 'POST',
    token: staffToken,
    json: { code: redeemedId, transactionAmount: 4550 },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBeLessThan(300);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

/**
 * The staff member signed in (with the sign-in page's English words), then the browser told to speak
 * `language` from the next page on. The access-denied page keeps itself on /settings (its 500 ms move
 * home is held) so its words can be checked.
 */
async function signedIn(language: 'en' | 'es' | 'pseudo', viewport: Viewport): Promise<Page> {
  context = await contextIn(browser, baseUrl, 'en', viewport);
  await context.addInitScript(() => {
    const original = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
      window.location.pathname === '/settings' && ms === 500
        ? 0
        : original(handler, ms, ...rest)) as typeof window.setTimeout;
  });
  const page = await context.newPage();
  await signInStaff(page, baseUrl, STAFF);
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  return page;
}

/** The till with today's list and the offline copy read (its status line drawn). */
async function openTill(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/till`);
  await page.getByTestId('till-recent-row').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('till-copy-status').waitFor({ timeout: 60_000 });
}

/** Steps through the till's offline screens; `check` runs on each as it shows. */
async function throughOfflineScreens(page: Page, check: (name: string) => Promise<void>): Promise<void> {
  await context!.setOffline(true);
  try {
    await page.getByTestId('manual-code').fill(spareId);
    await page.getByTestId('manual-check').click();
    await page.getByTestId('till-offline-voucher').waitFor({ timeout: 15_000 });
    await check('till-offline-checked');
    await page.getByTestId('till-offline-sale').fill('20');
    await page.getByTestId('till-offline-save').click();
    await page.getByTestId('till-offline-saved').waitFor({ timeout: 10_000 });
    await check('till-offline-saved');
    await page.getByTestId('till-offline').getByRole('button').click();
    await page.getByTestId('offline-queue').waitFor();
    await page.getByTestId('till-today-offline-row').first().waitFor();
    await page.getByTestId('offline-queue').scrollIntoViewIfNeeded();
    await check('till-offline-queue');
    await page.getByTestId('manual-code').fill('not a voucher');
    await page.getByTestId('manual-check').click();
    await page.getByTestId('till-offline-refused').waitFor({ timeout: 15_000 });
    await check('till-offline-refused');
  } finally {
    await context!.setOffline(false);
  }
  await page.getByTestId('offline-result').first().waitFor({ timeout: 30_000 });
}

/** The access-denied page of a company user opening /settings (held there: see signedIn). */
async function openAccessDenied(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/settings`);
  await page.locator('main [role="alert"]').waitFor({ timeout: 20_000 });
}

async function expectNoCutText(page: Page, name: string): Promise<void> {
  await expect.poll(() => speaksPseudo(page)).toBe(true);
  expect(await rawKeys(page), name).toEqual([]);
  // A 1 px box is text only a screen reader reads (the till's live region), never cut for the eye.
  const overflowing = (await overflowingText(page)).filter((found) => !/ > 1px$/.test(found));
  expect(overflowing, `${name}: ${overflowing.join('\n')}`).toEqual([]);
}

describe('the signed-in shell and the till in the pseudo-locale', () => {
  for (const [viewport, device] of DEVICES)
    it(`on a ${device}: the bar, today's list, the offline screens and access denied, no text cut`, async () => {
      const page = await signedIn('pseudo', viewport);
      await openTill(page);
      await expectNoCutText(page, 'till');
      if (viewport === PHONE) {
        await page.locator('[aria-controls="app-nav-drawer"]').click();
        await page
          .locator('#app-nav-drawer [role="dialog"], #app-nav-drawer .MuiDrawer-paper')
          .first()
          .waitFor();
        await expectNoCutText(page, 'drawer');
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('language-menu-bar').click();
        await page.getByRole('menu').waitFor();
        await expectNoCutText(page, 'language menu');
        await page.keyboard.press('Escape');
      }
      await throughOfflineScreens(page, (name) => expectNoCutText(page, name));
      await openAccessDenied(page);
      await expectNoCutText(page, 'access-denied');
    });
});

describe('a company user’s language, chosen from the bar', () => {
  it('on a phone: the drawer’s choice speaks Spanish at once, is kept, and every screen says it', async () => {
    try {
      const page = await signedIn('en', PHONE);
      await openTill(page);
      await page.getByRole('button', { name: 'open navigation menu' }).click();
      await page.getByTestId('language-menu-drawer').click();
      await page.getByTestId('language-choice-es').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      await expect
        .poll(async () => (await api(baseUrl, '/api/auth/user', { token: staffToken })).body.language)
        .toBe('es');
      // The drawer, still open, in Spanish; its Logout reads "Cerrar sesión".
      await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
      const spanish = async (name: string) => {
        expect(await rawKeys(page), name).toEqual([]);
        expect(await seriousAxeViolations(page), name).toEqual([]);
        await shoot(page, `${name}-phone`);
      };
      await spanish('staff-drawer');
      await page.keyboard.press('Escape');
      await page.getByTestId('till-today').scrollIntoViewIfNeeded();
      await page.getByText('Hoy en esta caja').waitFor();
      await spanish('till-today');
      await throughOfflineScreens(page, spanish);
      await openAccessDenied(page);
      await page.getByText('Acceso denegado').first().waitFor();
      await spanish('access-denied');
      await context!.close();

      // A new browser, English by its cookie: signed in, the account's Spanish is spoken.
      const again = await signedIn('en', PHONE);
      await again.goto(`${baseUrl}/till`);
      await again.getByRole('heading', { name: 'Caja', level: 1 }).waitFor({ timeout: 20_000 });
      expect(await again.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      const reset = await api(baseUrl, '/api/auth/user/language', {
        method: 'PATCH',
        token: staffToken,
        json: { language: 'en' },
      });
      expect(reset.status).toBe(200);
    }
  });

  it('on a laptop: the bar’s menu works from the keyboard and goes back to English', async () => {
    const page = await signedIn('en', DESKTOP);
    await openTill(page);
    const button = page.getByTestId('language-menu-bar');
    await expect(button.getAttribute('aria-haspopup')).resolves.toBe('menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('menuitemradio', { name: 'English' })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Idioma: Español' }).waitFor();
    await expect
      .poll(async () => (await api(baseUrl, '/api/auth/user', { token: staffToken })).body.language)
      .toBe('es');
    expect(await rawKeys(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'staff-bar-desktop');
    // The focus is back on the button; choosing English again is kept too.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'language-menu-bar',
    );
    await button.click();
    await page.getByTestId('language-choice-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect
      .poll(async () => (await api(baseUrl, '/api/auth/user', { token: staffToken })).body.language)
      .toBe('en');
    await page.getByRole('button', { name: 'Language: English' }).waitFor();
  });
});
