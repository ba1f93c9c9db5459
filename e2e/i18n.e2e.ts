/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, PHONE, signIn } from './support/browser';
import {
  expectNothingCut,
  expectSpanish,
  contextIn,
  DESKTOP,
  DEVICES,
  shoot,
  type Viewport,
} from './support/i18n';
import { E2E_ADMIN } from './support/global-setup';
import { MailSpool } from './support/mail';
import { adminLogin, createPartnerWithStaff, staffLogin, type StaffUser } from './support/partners';
import { generateVoucher } from './support/vouchers';

// Issue 42: the converted screens (landing, voucher page, member sign-in and My vouchers, sign-in, 404, till) in
// the pseudo-locale (every message accented and 40 % longer) on a laptop and a phone, with no text cut
// or pushed out of its box; then in Spanish, axe-clean, photographed for docs/screenshots/issue-42/.
const baseUrl = inject('baseUrl');
const mail = new MailSpool(inject('mailSpool'));
const tag = randomUUID().slice(0, 6);
const STAFF: StaffUser = { username: `i18n-till-${tag}`, password: 'till-password-1' };

let browser: Browser;
let context: BrowserContext | undefined;
let admin: string;
let voucherId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
  const partnerId = await createPartnerWithStaff(baseUrl, admin, { name: `Harbor Physio ${tag}` }, STAFF);
  voucherId = (await generateVoucher(baseUrl, admin, { partnerId, terms: 'One per visit.' })).id;
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

async function openIn(language: 'en' | 'es' | 'pseudo', viewport: Viewport): Promise<Page> {
  context = await contextIn(browser, baseUrl, language, viewport);
  return context.newPage();
}

/** A new member's sign-in link (one member each: the sign-in throttle counts per member), from the spool. */
async function memberLink(): Promise<string> {
  const memberEmail = `i18n-${randomUUID().slice(0, 8)}@example.com`;
  const member = await fetch(`${baseUrl}/api/members`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ firstName: 'Lucía', lastName: 'Martín', email: memberEmail, language: 'es' }),
  });
  expect(member.status).toBe(201);
  const mine = async () => (await mail.all()).filter((m) => m.recipients.includes(memberEmail));
  const before = (await mine()).length;
  await api(baseUrl, '/api/member-auth/link', { method: 'POST', json: { email: memberEmail } });
  // Each link works once: the newest mail's.
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const found = (await mine()).at(-1)!;
  const link = /(http:\/\/\S+\/me\/sign-in#token=[A-Za-z0-9_-]+)/.exec(found.text)?.[1];
  expect(link, found.text).toBeDefined();
  return link!;
}

/** Each converted screen, opened in `language`; `ready` is an element that says it has drawn. */
const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'landing',
    open: async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.locator('#hero-title').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="language-switch"]:visible').first().waitFor();
    },
  },
  {
    name: 'voucher',
    open: async (page) => {
      await page.goto(`${baseUrl}/voucher/${voucherId}`);
      await page.getByTestId('voucher-card').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="language-switch"]:visible').first().waitFor();
    },
  },
  {
    name: 'voucher-not-found',
    open: async (page) => {
      await page.goto(`${baseUrl}/voucher/00000000-0000-4000-8000-000000000000`);
      await page.getByTestId('voucher-not-found').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="language-switch"]:visible').first().waitFor();
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.locator('input[name="username"]').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto(`${baseUrl}/no-such-page-${tag}`);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'member-sign-in',
    open: async (page) => {
      await page.goto(`${baseUrl}/me/sign-in`);
      await page.locator('input[type="email"]').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'my-vouchers',
    open: async (page) => {
      await page.goto(await memberLink());
      await page.locator('.ms-note, .ms-list').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'till',
    open: async (page) => {
      // Signed in with English words (the helper clicks "Sign in"), then the till in the chosen language.
      const language = (await page.context().cookies()).find((c) => c.name === 'avpass_lang')!.value;
      await page.context().addCookies([{ name: 'avpass_lang', value: 'en', url: baseUrl }]);
      await page.evaluate(() => localStorage.removeItem('avpassLanguage')).catch(() => undefined);
      await signIn(page, baseUrl, STAFF.username, STAFF.password);
      await page.waitForURL(`${baseUrl}/company-dashboard`);
      await page.context().addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
      // The user's own language wins over the cookie (decision 352; identity sends it): theirs is the one tried.
      const own = await api(baseUrl, '/api/auth/user/language', {
        method: 'PATCH',
        token: await staffLogin(baseUrl, STAFF),
        json: { language: language === 'es' ? 'es' : 'en' },
      });
      expect(own.status).toBe(200);
      await page.goto(`${baseUrl}/till`);
      await page.getByTestId('manual-code').waitFor({ timeout: 20_000 });
      await page.getByTestId('manual-code').fill(voucherId.slice(0, 8));
      await page.getByTestId('manual-check').click();
      await page.getByTestId('till-voucher').waitFor({ timeout: 20_000 });
    },
  },
];

describe('the converted screens in the pseudo-locale', () => {
  for (const [viewport, device] of DEVICES)
    for (const screen of SCREENS)
      it(`${screen.name} on a ${device}: no text cut or overflowing`, async () => {
        const page = await openIn('pseudo', viewport);
        await screen.open(page);
        // The pseudo-locale is really in use (accented, bracketed).
        await expectNothingCut(page);
      });
});

describe('the converted screens in Spanish', () => {
  for (const [viewport, device] of DEVICES)
    for (const screen of SCREENS)
      it(`${screen.name} on a ${device}: in Spanish, axe-clean`, async () => {
        const page = await openIn('es', viewport);
        await screen.open(page);
        await expectSpanish(page, `${screen.name}-${device}`);
      });
});

/** A new member's newest sign-in link, asked for now (each link works once). */
async function linkFor(email: string): Promise<string> {
  const mine = async () => (await mail.all()).filter((m) => m.recipients.includes(email));
  const before = (await mine()).length;
  await api(baseUrl, '/api/member-auth/link', { method: 'POST', json: { email } });
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const found = (await mine()).at(-1)!;
  const link = /(http:\/\/\S+\/me\/sign-in#token=[A-Za-z0-9_-]+)/.exec(found.text)?.[1];
  expect(link, found.text).toBeDefined();
  return link!;
}

describe('a language chosen is kept on the account', () => {
  it('a member’s choice on My vouchers is theirs on a new browser', async () => {
    const email = `i18n-own-${randomUUID().slice(0, 8)}@example.com`;
    const created = await api(baseUrl, '/api/members', {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
      json: { firstName: 'Rosa', lastName: 'Vega', email, language: 'en' },
    });
    expect(created.status).toBe(201);
    const page = await openIn('en', PHONE);
    await page.goto(await linkFor(email));
    await page.getByRole('heading', { name: 'My vouchers' }).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="language-es"]:visible').first().click();
    await page.getByRole('heading', { name: 'Mis cupones' }).waitFor();
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('avpassMemberSession')!).token);
    await expect.poll(async () => (await api(baseUrl, '/api/me', { token })).body.language).toBe('es');
    await context!.close();

    // A new browser, English by its cookie and its own languages: the account's Spanish wins once signed in.
    const again = await openIn('en', PHONE);
    await again.goto(await linkFor(email));
    await again.getByRole('heading', { name: 'Mis cupones' }).waitFor({ timeout: 20_000 });
    expect(await again.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('a user’s choice in Settings turns the app’s language, here and on a new browser', async () => {
    try {
      const page = await openIn('en', DESKTOP);
      await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
      await page.goto(`${baseUrl}/settings`);
      const field = page.getByTestId('settings-language');
      await field.getByRole('combobox').click({ timeout: 20_000 });
      await page.getByTestId('settings-language-es').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByLabel('Idioma').first().waitFor();
      await expect
        .poll(async () => (await api(baseUrl, '/api/auth/user', { token: admin })).body.language)
        .toBe('es');
      await page.getByTestId('toast').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, 'settings-language-desktop');
      // This browser's sign-in page speaks it too (remembered here), once signed out.
      expect((await context!.cookies()).find((c) => c.name === 'avpass_lang')?.value).toBe('es');
      await context!.close();

      // A new browser in English: signed in, the account's language is spoken.
      const again = await openIn('en', DESKTOP);
      await signIn(again, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
      await again.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
      await expect.poll(() => again.evaluate(() => document.documentElement.lang)).toBe('es');
      await again.goto(`${baseUrl}/settings`);
      await again.getByLabel('Idioma').first().waitFor({ timeout: 20_000 });
    } finally {
      const reset = await api(baseUrl, '/api/auth/user/language', {
        method: 'PATCH',
        token: admin,
        json: { language: 'en' },
      });
      expect(reset.status).toBe(200);
    }
  });
});
