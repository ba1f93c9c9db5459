/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, PHONE, signIn } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { adminLogin, createPartnerWithStaff, staffLogin } from './support/partners';

// Issue 43: the administrator's "Needs attention" (a till's offline redemption refused at sync), marked
// handled, and the Settings field of the per-member daily limit, in English and Spanish, axe-clean.
const baseUrl = inject('baseUrl');
const SHOTS = new URL('../docs/screenshots/issue-43/', import.meta.url).pathname;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let staffToken: string;
let partnerId: string;

const shoot = async (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png` });
};

async function open(language: 'en' | 'es', viewport = { width: 1366, height: 900 }) {
  context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  page = await context.newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** A code of the partner used up online, then redeemed by a till that kept the scan offline: a conflict. */
async function conflict(sale: number) {
  const made = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerId,
      discountType: 'percentage',
      discountValue: 15,
      service: 'Sports massage',
      expirationDate: '2099-12-31',
      usageLimit: '1',
    },
  });
  expect(made.status).toBe(201);
  const redeem = (json: Record<string, unknown>) =>
    api(baseUrl, '/api/till/redeem', {
      method: 'POST',
      token: staffToken,
      json: { code: made.body.id, ...json },
      headers: { 'Idempotency-Key': randomUUID() },
    });
  expect((await redeem({})).status).toBe(201);
  const offline = await redeem({
    scannedAt: new Date(Date.now() - 40 * 60_000).toISOString(),
    transactionAmount: sale,
  });
  expect(offline.status).toBe(409);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  const staff = { username: `attention-${Date.now()}`, password: 'attention-password-1' };
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: 'Harbor Physio' }, staff);
  staffToken = await staffLogin(baseUrl, staff);
  await conflict(4500);
  await conflict(1200);
});
afterAll(async () => {
  await api(baseUrl, '/api/settings/vouchers', {
    method: 'PUT',
    token: adminToken,
    json: { defaultRedemptionMode: 'self', memberDailyCap: null },
  });
  await browser?.close();
});
afterEach(async () => context?.close());

describe('Needs attention', () => {
  it('lists the refused offline redemptions on the dashboard and marks one handled', async () => {
    await open('en');
    await page.goto(`${baseUrl}/dashboard?tab=attention`);
    await page.getByRole('heading', { name: 'Needs attention', level: 2 }).waitFor();
    const items = page.getByTestId('till-conflict').filter({ hasText: 'Harbor Physio' });
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    await expect(items.first().innerText()).resolves.toContain(
      'This voucher has already been used the maximum number of times.',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot('admin-needs-attention');

    const before = await items.count();
    await items.first().getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => items.count()).toBe(before - 1);
    await page.getByRole('button', { name: 'Handled', exact: true }).click();
    await page
      .getByText(/Handled by /)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('speaks Spanish, and holds on a phone', async () => {
    await open('es');
    await page.goto(`${baseUrl}/dashboard?tab=attention`);
    await page.getByRole('heading', { name: 'Requiere atención', level: 2 }).waitFor();
    await page.getByTestId('till-conflict').first().waitFor();
    await expect(page.getByTestId('till-conflicts').innerText()).resolves.toContain(
      'Este cupón ya se usó el número máximo de veces.',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot('admin-needs-attention-es');
    await context.close();
    await open('en', PHONE);
    await page.goto(`${baseUrl}/dashboard?tab=attention`);
    await page.getByTestId('till-conflict').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot('admin-needs-attention-phone');
  });
});

describe('the daily limit per member in Settings', () => {
  it('is saved from the Vouchers tab, refused when not a whole number 1–1000, cleared when blank', async () => {
    await open('en');
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: /Voucher/ }).click();
    const field = page.getByLabel('Daily limit per member');
    await field.waitFor();
    await field.fill('0');
    await page.getByText('Enter a whole number from 1 to 1000, or leave blank for no limit').waitFor();
    await field.fill('3');
    await page.getByTestId('save-voucher-defaults').click();
    await page.getByText('Voucher Defaults Saved').first().waitFor();
    const saved = await api(baseUrl, '/api/settings/vouchers', { token: adminToken });
    expect(saved.body.memberDailyCap).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot('settings-daily-limit');
    await field.fill('');
    await page.getByTestId('save-voucher-defaults').click();
    await expect
      .poll(
        async () => (await api(baseUrl, '/api/settings/vouchers', { token: adminToken })).body.memberDailyCap,
      )
      .toBeNull();
  });

  it('speaks Spanish', async () => {
    await open('es');
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: /Cupones/ }).click();
    await page.getByLabel('Límite diario por miembro').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot('settings-daily-limit-es');
  });
});
