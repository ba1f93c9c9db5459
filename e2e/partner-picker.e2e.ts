/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// Issue 24, the screens where codes are made and assigned: the partner picker on /bulk and /generate,
// the partner's portal showing a batch made for it at once, "Assign batch" and "Assign to partner…"
// on the dashboard, and a company_admin generating its own codes (with a start date: Upcoming).
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const shop = { name: `Picker Sports Shop ${run}`, email: `shop-${run}@picker.test` };
const staff = { username: `picker-shop-${run}`, password: 'picker-shop-password' };
const BATCH_SERVICE = `Picker racket restring ${run}`;
const LOOSE_SERVICE = `Picker loose grip ${run}`;
const COMPANY_SERVICE = `Picker own code ${run}`;

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let adminToken: string;

async function open(viewport: { width: number; height: number }) {
  await context?.close();
  context = await browser.newContext({ viewport });
  page = await context.newPage();
}

async function signInAdmin() {
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}

async function signInStaff() {
  await signIn(page, baseUrl, staff.username, staff.password);
  await page.waitForURL(`${baseUrl}/company-dashboard`);
}

async function expectToast(title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
}

/** A screenshot after things settle, and no serious or critical axe violation on the screen. */
async function shotAndAxe(name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A full-page shot of a scrolled page would paint the sticky navigation bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await screenshot(page, `partner-picker-${name}`);
  expect(await seriousAxeViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Types into the picker and chooses the partner (keyboard: type, then the option). */
async function pick(name: string) {
  const input = page.getByTestId('partner-picker');
  await input.click();
  await input.fill(name.slice(0, 14));
  await page.getByRole('option', { name, exact: true }).click();
}

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  await createPartnerWithStaff(baseUrl, adminToken, shop, staff);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('the partner picker and assigning many codes (issue 24)', () => {
  it('a batch made for a partner with the picker is in that partner’s portal at once', async () => {
    await open(DESKTOP);
    await signInAdmin();
    await page.goto(`${baseUrl}/bulk`);
    await page.getByRole('form', { name: 'Bulk QR codes' }).waitFor();
    await page.getByLabel('Batch Name').fill(`Picker batch ${run}`);
    await page.getByLabel('Quantity').fill('3');
    await pick(shop.name);
    // Choosing the partner filled the partner name (still editable).
    await expect(page.getByLabel('Partner Name').inputValue()).resolves.toBe(shop.name);
    await page.getByLabel('Service / Product').fill(BATCH_SERVICE);
    await shotAndAxe('bulk-desktop');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await expectToast('Bulk QR Codes Generated');

    // The shop's staff see the three codes without any assignment step.
    await open(DESKTOP);
    await signInStaff();
    await page.getByTestId('assigned-codes-search').fill(BATCH_SERVICE);
    // The shop holds only these three, so the unsearched list shows them too: wait for the search's answer.
    await expect
      .poll(() => page.getByTestId('assigned-codes-total').innerText(), { timeout: 15_000 })
      .toBe('3 codes match');
    await expect.poll(() => page.getByTestId('assigned-code').count(), { timeout: 15_000 }).toBe(3);
    await shotAndAxe('company-dashboard-search-desktop');
  });

  it('"Assign batch" assigns a whole batch to a partner found by search', async () => {
    const batch = await api(baseUrl, '/api/bulk-generate', {
      method: 'POST',
      token: adminToken,
      json: {
        batchName: `Club-wide batch ${run}`,
        facility: 'Club',
        quantity: 4,
        service: LOOSE_SERVICE,
        discountType: 'percentage',
        discountValue: 10,
        expirationDate: '2099-12-31',
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    await open(DESKTOP);
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=batches`);
    const row = page.getByTestId('batch-row').filter({ hasText: `Club-wide batch ${run}` });
    await row.getByRole('button', { name: /Assign batch/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Batch to Partners' });
    await dialog.getByTestId('partner-search').fill(shop.name);
    await dialog.getByRole('checkbox', { name: new RegExp(shop.name) }).check();
    await expect(dialog.getByTestId('bulk-assign-submit').innerText()).resolves.toBe('Assign 4 codes');
    await page.waitForTimeout(400);
    await shotAndAxe('assign-batch-desktop');
    await dialog.getByTestId('bulk-assign-submit').click();
    await expectToast('Partners Assigned');
    await dialog.waitFor({ state: 'hidden' });

    const login = await api(baseUrl, '/api/auth/login', { method: 'POST', json: staff });
    const listed = await api(baseUrl, `/api/qr-codes/all?search=${encodeURIComponent(LOOSE_SERVICE)}`, {
      token: login.body.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(4);
  });

  it('the codes table assigns a selection, or every code the search matches, saying how many', async () => {
    await open(DESKTOP);
    await signInAdmin();
    await page.getByLabel('Search QR codes').fill(LOOSE_SERVICE);
    await expect.poll(() => page.getByTestId('qr-row').count(), { timeout: 15_000 }).toBe(4);
    const first = page.getByTestId('qr-row').first();
    await first.getByTestId('select-code').locator('input').check();
    await expect(page.getByTestId('codes-selected-count').innerText()).resolves.toBe('1 selected');
    await page.getByTestId('assign-to-partner').click();
    const dialog = page.getByRole('dialog', { name: 'Assign Codes to Partners' });
    await expect(dialog.getByTestId('bulk-assign-submit').innerText()).resolves.toBe('Assign 1 code');
    await dialog.getByText(/All 4 codes matching/).click();
    await dialog.getByTestId('partner-search').fill(shop.name);
    await dialog.getByRole('checkbox', { name: new RegExp(shop.name) }).check();
    await expect(dialog.getByTestId('bulk-assign-submit').innerText()).resolves.toBe('Assign 4 codes');
    await page.waitForTimeout(400);
    await shotAndAxe('assign-selection-desktop');
    await dialog.getByTestId('bulk-assign-submit').click();
    // Already assigned by the batch: the answer counts the codes, none of them new.
    await expectToast('Partners Assigned');
    await page.getByTestId('toast').filter({ hasText: '(0 new)' }).first().waitFor();
  });

  it('a company_admin generates its own code on /generate, with a start date: Upcoming', async () => {
    await open(DESKTOP);
    await signInStaff();
    await page.getByRole('link', { name: 'AV Pass Generator' }).first().click();
    await page.waitForURL(`${baseUrl}/generate`);
    const form = page.getByRole('form', { name: 'Discount details' });
    await form.waitFor();
    // The partner is its own company, shown and fixed; it fills the partner name.
    const fixed = page.getByTestId('partner-picker');
    await expect.poll(() => fixed.inputValue()).toBe(shop.name);
    await expect(fixed.isEditable()).resolves.toBe(false);
    await expect.poll(() => page.getByLabel('Partner Name').inputValue()).toBe(shop.name);
    await page.getByLabel('Service / Product').fill(COMPANY_SERVICE);
    await page.getByTestId('start-date').fill(tomorrow());
    await shotAndAxe('company-generate-desktop');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await expectToast('QR Code Generated');
    const href = await page.getByTestId('voucher-link').getAttribute('href');
    const id = href!.split('/').pop()!;

    // In its own portal at once, Upcoming; the voucher page says when it starts and has no Redeem.
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByTestId('company-search').fill(id.slice(0, 8));
    const row = page.locator(`[data-testid="qr-row"][data-code-id="${id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('status-chip').innerText()).resolves.toBe('Upcoming');
    await page.goto(`${baseUrl}/voucher/${id}`);
    await page.getByTestId('redeem-unavailable').waitFor();
    await expect(page.getByTestId('redeem-unavailable').innerText()).resolves.toMatch(/Valid from/);
    await expect(page.getByTestId('redeem-button').count()).resolves.toBe(0);
  });

  it('the new screens fit a 390 x 844 phone and pass axe', async () => {
    await open(PHONE);
    await signInAdmin();
    await page.goto(`${baseUrl}/generate`);
    await page.getByRole('form', { name: 'Discount details' }).waitFor();
    await page.getByTestId('partner-picker').click();
    await page.getByRole('option').nth(1).waitFor();
    await shotAndAxe('generate-picker-open-phone');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByLabel('Search QR codes').fill(LOOSE_SERVICE);
    await expect.poll(() => page.getByTestId('qr-row').count(), { timeout: 15_000 }).toBe(4);
    await page.getByTestId('select-code').first().locator('input').check();
    await shotAndAxe('codes-selection-phone');
    await page.getByTestId('assign-to-partner').click();
    await page.getByRole('dialog', { name: 'Assign Codes to Partners' }).waitFor();
    await page.waitForTimeout(400);
    await shotAndAxe('assign-selection-phone');

    await open(PHONE);
    await signInStaff();
    await page.goto(`${baseUrl}/bulk`);
    await page.getByRole('form', { name: 'Bulk QR codes' }).waitFor();
    await expect.poll(() => page.getByTestId('partner-picker').inputValue()).toBe(shop.name);
    await shotAndAxe('company-bulk-phone');
  });
});
