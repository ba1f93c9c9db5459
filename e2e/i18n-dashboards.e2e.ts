/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser } from './support/browser';
import {
  expectNothingCut,
  expectSpanish,
  answeredAsSpeaking,
  contextIn,
  DESKTOP,
  DEVICES,
  type Viewport,
} from './support/i18n';
import { adminLogin, createPartnerWithStaff, staffLogin, type StaffUser } from './support/partners';
import { generateVoucher } from './support/vouchers';

// Issue 42: the dashboards and their neighbours (the admin dashboard with its codes and batches tabs, the
// analytics welcome page, the audit trail, Settings, the company dashboard and Company admin) in the
// pseudo-locale on a laptop and a phone (no text cut or pushed out of its box, no key shown), then in
// Spanish on the laptop, axe-clean, photographed for docs/screenshots/issue-42/. One signed-in context
// per language and device, reused: each screen puts the token of whoever sees it before it loads.
const baseUrl = inject('baseUrl');
const tag = randomUUID().slice(0, 6);
const STAFF: StaffUser = { username: `i18n-dash-${tag}`, password: 'dash-password-1' };

let browser: Browser;
let admin: string;
let staff: string;
const contexts = new Map<string, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
  // On a loaded machine the partners service may still be starting: wait for its answer first.
  for (let tries = 0; tries < 45; tries++) {
    if ((await api(baseUrl, '/api/vendors', { token: admin })).status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const partnerId = await createPartnerWithStaff(baseUrl, admin, { name: `Mesa Sports ${tag}` }, STAFF);
  staff = await staffLogin(baseUrl, STAFF);
  // A code of the partner's, used once (the redemptions), and a batch (the Batches tab).
  const code = await generateVoucher(baseUrl, admin, {
    partnerId,
    customTitle: `Spring tune-up ${tag}`,
    redemptionMode: 'self',
  });
  const redeemed = await api(baseUrl, `/api/redeem/${code.id}`, { method: 'POST' });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  const batch = await api(baseUrl, '/api/bulk-generate', {
    method: 'POST',
    token: admin,
    json: {
      batchName: `Summer flyers ${tag}`,
      facility: `Mesa Sports ${tag}`,
      quantity: 2,
      discountType: 'percentage',
      discountValue: 15,
      service: 'Day pass',
      expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
});
afterAll(async () => {
  for (const { context } of contexts.values()) await context.close();
  await browser?.close();
});

/** The page of the one context in `language` on `viewport`. */
async function pageIn(language: 'es' | 'pseudo', viewport: Viewport): Promise<Page> {
  const key = `${language}-${viewport.width}`;
  let open = contexts.get(key);
  if (!open) {
    const context = await contextIn(browser, baseUrl, language, viewport);
    if (language === 'es') await answeredAsSpeaking(context, 'es');
    open = { context, page: await context.newPage() };
    contexts.set(key, open);
  }
  return open.page;
}

/** Signs the page in as `token`'s user (the token the app keeps, read when the next address loads). */
async function signedInAs(page: Page, token: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/boot-figures.js`);
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
}

const visible = (page: Page, selector: string) =>
  page.locator(`${selector}:visible`).first().waitFor({ timeout: 20_000 });

/** Each screen: who sees it, its address, and what says it has drawn its words and rows. */
const SCREENS: { name: string; who: () => string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'admin-dashboard-codes',
    who: () => admin,
    path: '/dashboard',
    ready: (page) => visible(page, '[data-testid="qr-row"]'),
  },
  {
    name: 'admin-dashboard-batches',
    who: () => admin,
    path: '/dashboard?tab=batches',
    ready: (page) => visible(page, '[data-testid="batch-row"]'),
  },
  {
    name: 'analytics-welcome',
    who: () => admin,
    path: '/admin',
    ready: (page) => visible(page, '[data-testid="recent-codes"] a'),
  },
  {
    name: 'audit',
    who: () => admin,
    path: '/audit',
    ready: (page) => visible(page, '[data-testid="audit-row"], [data-testid="audit-card"]'),
  },
  {
    name: 'settings',
    who: () => admin,
    path: '/settings',
    ready: (page) => visible(page, 'input[name="username"]'),
  },
  {
    name: 'company-dashboard',
    who: () => staff,
    path: '/company-dashboard',
    ready: (page) => visible(page, '[data-testid="assigned-code"]'),
  },
  {
    name: 'company-admin',
    who: () => staff,
    path: '/company-admin',
    ready: (page) => visible(page, '[data-testid="qr-row"]'),
  },
];

async function open(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await signedInAs(page, screen.who());
  await page.goto(`${baseUrl}${screen.path}`);
  await screen.ready(page);
  // The figures' outline layer (decision 357) has handed over to the app's own cards.
  await expect.poll(() => page.locator('.bs-layer').count(), { timeout: 10_000 }).toBe(0);
}

describe('the dashboards in the pseudo-locale', () => {
  for (const [viewport, device] of DEVICES)
    for (const screen of SCREENS)
      it(`${screen.name} on a ${device}: no text cut or overflowing, no key shown`, async () => {
        const page = await pageIn('pseudo', viewport);
        await open(page, screen);
        await expectNothingCut(page);
      }, 60_000);
});

describe('the dashboards in Spanish', () => {
  for (const screen of SCREENS)
    it(`${screen.name} on a desktop: in Spanish, axe-clean`, async () => {
      const page = await pageIn('es', DESKTOP);
      await open(page, screen);
      await expectSpanish(page, `${screen.name}-desktop`);
    }, 60_000);
});
