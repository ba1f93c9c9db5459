/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, signIn } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { expectNothingCut, expectSpanish, contextIn, DESKTOP, DEVICES, type Viewport } from './support/i18n';
import { adminLogin, createPartner } from './support/partners';

// Issue 42: athlete credits (the administrator's and a partner's), trainer analytics, trainer QR, the
// Project Rooted exclusives and the partner network, each with a dialog of its open where it has one, in
// the pseudo-locale (every message accented and 40 % longer) on a laptop and a phone with no text cut
// or pushed out of its box and no key shown for its words; then in Spanish on the laptop, axe-clean,
// photographed for docs/screenshots/issue-42/. One signed-in browser per language and device.
const baseUrl = inject('baseUrl');
const tag = randomUUID().slice(0, 6);
const ATHLETE = `Valentina Ortega ${tag}`;
const TRAINER = `Jordan Reyes ${tag}`;

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
  const partnerId = await createPartner(baseUrl, admin, {
    name: `Harbor Outfitters ${tag}`,
    email: `harbor-${tag}@example.com`,
    phone: '661-555-0142',
    categories: ['Sports Shop', 'Athletic Wear'],
  });
  const created = await api(baseUrl, '/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName: ATHLETE,
      athleteRole: 'trainer',
      totalAmount: 123_450,
      duration: 12,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      partnerId,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const charged = await api(baseUrl, '/api/credit-transactions', {
    method: 'POST',
    token: admin,
    headers: { 'idempotency-key': randomUUID() },
    json: {
      creditId: created.body.id,
      transactionType: 'equipment',
      category: 'shoes',
      description: 'Running shoes',
      amount: 8_999,
    },
  });
  expect(charged.status, JSON.stringify(charged.body)).toBe(201);
  const trainer = await api(baseUrl, '/api/generate-trainer-qr', {
    method: 'POST',
    token: admin,
    json: { trainerName: TRAINER, couponTitle: 'Team Perk', discountValue: 15, partnerId },
  });
  expect(trainer.status, JSON.stringify(trainer.body)).toBe(201);
  const redeemed = await api(baseUrl, `/api/redeem/${trainer.body.qrCodes[0].id}`, {
    method: 'POST',
    json: { transactionAmount: 4_550 },
  });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  const exclusive = await api(baseUrl, '/api/project-rooted-exclusives', {
    method: 'POST',
    token: admin,
    json: {
      exclusiveType: 'training_session',
      expirationDate: '2099-12-31',
      usageLimit: '10',
      deploymentUrl: baseUrl,
      exclusiveDetails: {
        title: `Sprint clinic ${tag}`,
        description: 'Starts and relays with a coach',
        value: '20% off',
        eventDate: '2099-04-20T19:00',
        trainerName: 'Coach Rivera',
        sessionDuration: '60 minutes',
      },
    },
  });
  expect(exclusive.status, JSON.stringify(exclusive.body)).toBe(201);
});
afterAll(async () => browser?.close());

/**
 * A browser signed in as the administrator, speaking `language`: signed in with the sign-in page's
 * English words, then the language's cookie (the pseudo-locale wins over an account's language; Spanish
 * is the account's own here, set by the Spanish tests, decision 352).
 */
async function signedIn(language: 'es' | 'pseudo', viewport: Viewport): Promise<BrowserContext> {
  const context = await contextIn(browser, baseUrl, 'en', viewport);
  const page = await context.newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.evaluate(() => localStorage.removeItem('avpassLanguage'));
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  await page.close();
  return context;
}

/** The machine the suite runs on may be shared and slow: a screen gets a minute to draw. */
const DRAWN = { timeout: 60_000 };

const anyOf = (...ids: string[]) => ids.map((id) => `[data-testid="${id}"]`).join(', ');

/** Each screen, opened (with its dialog, where it has one) and drawn; `name` names its shot. */
const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'admin-credits-new-credit',
    open: async (page) => {
      await page.goto(`${baseUrl}/admin-credits`);
      await page.locator('[data-testid="credit-row"]').filter({ hasText: ATHLETE }).first().waitFor(DRAWN);
      await page.getByTestId('new-credit').click(DRAWN);
      await page.getByRole('dialog').getByTestId('monthly-amount').waitFor(DRAWN);
    },
  },
  {
    name: 'admin-credits-ledger',
    open: async (page) => {
      await page.goto(`${baseUrl}/admin-credits?tab=ledger`);
      await page.locator('[data-testid="ledger-row"]').filter({ hasText: ATHLETE }).first().waitFor(DRAWN);
    },
  },
  {
    name: 'partner-credits',
    open: async (page) => {
      await page.goto(`${baseUrl}/partner-credits`);
      await page.locator('[data-testid="athlete-row"]').filter({ hasText: ATHLETE }).first().waitFor(DRAWN);
      await page.getByTestId('card-active-athletes').waitFor(DRAWN);
    },
  },
  {
    name: 'trainer-analytics',
    open: async (page) => {
      await page.goto(`${baseUrl}/trainer-analytics`);
      await page.getByTestId('trainer-breakdown').filter({ hasText: TRAINER }).first().waitFor(DRAWN);
      await page.getByTestId('analytics-chart').locator('svg').first().waitFor(DRAWN);
    },
  },
  {
    name: 'trainer-qr',
    open: async (page) => {
      await page.goto(`${baseUrl}/trainer-qr`);
      await page.getByTestId('trainer-generate').waitFor(DRAWN);
      await page.getByTestId('trainer-preview').waitFor(DRAWN);
    },
  },
  {
    name: 'exclusives',
    open: async (page) => {
      await page.goto(`${baseUrl}/project-rooted-exclusives`);
      await page.locator(anyOf('exclusive-row', 'exclusive-card')).first().waitFor(DRAWN);
    },
  },
  {
    name: 'exclusives-create',
    open: async (page) => {
      await page.goto(`${baseUrl}/project-rooted-exclusives`);
      await page.locator(anyOf('exclusive-row', 'exclusive-card')).first().waitFor(DRAWN);
      await page.getByTestId('create-exclusive').click(DRAWN);
      await page.getByRole('dialog').getByTestId('discount-preview').waitFor(DRAWN);
    },
  },
  {
    name: 'partners-edit',
    open: async (page) => {
      await page.goto(`${baseUrl}/partners?q=${tag}`);
      await page.locator(anyOf('partner-card', 'partner-row')).first().waitFor(DRAWN);
      await page.getByTestId('edit-partner').first().click(DRAWN);
      await page.getByRole('dialog').locator('input').first().waitFor(DRAWN);
    },
  },
  {
    name: 'partners-details',
    open: async (page) => {
      await page.goto(`${baseUrl}/partners?q=${tag}`);
      await page.locator(anyOf('partner-card', 'partner-row')).first().waitFor(DRAWN);
      await page.locator(anyOf('partner-card', 'partner-row')).first().locator('button').first().click(DRAWN);
      await page.getByRole('dialog').getByRole('tab').first().waitFor(DRAWN);
    },
  },
];

for (const [viewport, device] of DEVICES)
  describe(`credits, trainers, exclusives and partners in the pseudo-locale on a ${device}`, () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await signedIn('pseudo', viewport);
    });
    afterAll(async () => context?.close());

    for (const screen of SCREENS)
      it(`${screen.name}: no text cut or overflowing, no key shown`, { timeout: 180_000 }, async () => {
        const page = await context.newPage();
        try {
          await screen.open(page);
          await expectNothingCut(page);
        } finally {
          await page.close();
        }
      });
  });

describe('credits, trainers, exclusives and partners in Spanish on a desktop', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    // A new token: the first one's session has been idle since the data was made.
    admin = await adminLogin(baseUrl);
    const own = await api(baseUrl, '/api/auth/user/language', {
      method: 'PATCH',
      token: admin,
      json: { language: 'es' },
    });
    expect(own.status).toBe(200);
    context = await signedIn('es', DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
    const reset = await api(baseUrl, '/api/auth/user/language', {
      method: 'PATCH',
      token: await adminLogin(baseUrl),
      json: { language: 'en' },
    });
    expect(reset.status).toBe(200);
  });

  for (const screen of SCREENS)
    it(`${screen.name}: in Spanish, axe-clean`, { timeout: 180_000 }, async () => {
      const page = await context.newPage();
      try {
        await screen.open(page);
        await expectSpanish(page, `${screen.name}-desktop`);
      } finally {
        await page.close();
      }
    });
});
