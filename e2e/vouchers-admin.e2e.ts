/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// The administrator's voucher screens: /generate, /bulk, /dashboard and /admin, in Chromium against the
// real platform (gateway, vouchers, rendering with its ZIP workers).
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const partner = { name: 'Coastline Physio', email: 'hello@coastline-physio.test' };
const staff = { username: 'e2e-coastline', password: 'coastline-password' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let partnerId: string;
let downloads: string;

async function openAs(viewport: { width: number; height: number }) {
  await context?.close();
  context = await browser.newContext({ viewport, acceptDownloads: true });
  page = await context.newPage();
}

async function signInAdmin() {
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** Waits for a toast whose text contains `title` (toasts stack; any of them may be the one). */
async function expectToast(title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
}

/** Lets polling, images and fonts settle before a screenshot. */
async function settle() {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Full-page screenshots of a scrolled page would paint the sticky navigation bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
}

/** No element makes the page wider than the viewport (tables scroll inside their own container). */
async function expectNoHorizontalScroll() {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'avpass-e2e-zip-'));
  adminToken = await adminLogin(baseUrl);
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, partner, staff);
});
afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});
beforeEach(async () => openAs(DESKTOP));
afterEach(async () => context?.close());

describe('the administrator’s voucher screens', () => {
  let generatedId: string;

  it('generates a code on /generate, redeems it on its voucher page and sees it under Recent Redemptions', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/generate`);
    const form = page.getByRole('form', { name: 'Discount details' });
    await form.waitFor();

    // The spec's messages show under the fields.
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('Please enter partner name').waitFor();
    await expect(page.getByText('Service/product is required').isVisible()).resolves.toBe(true);
    // The expiry defaults to 30 days ahead.
    const expiry = await page.getByLabel('Expiration Date').inputValue();
    const days = Math.round(
      (Date.parse(expiry) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000,
    );
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);
    await page.getByLabel('Discount Value').fill('150');
    await page.getByLabel('Partner Name').fill(partner.name);
    await page.getByLabel('Service / Product').fill('Sports Massage');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('A percentage discount must be at most 100').waitFor();

    await page.getByLabel('Discount Value').fill('30');
    await page.getByLabel('Usage Limit').click();
    await page.getByRole('option', { name: '3 uses' }).click();
    await page.getByLabel('Terms & Conditions').fill('One per visit.');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await expectToast('QR Code Generated');
    await page.getByTestId('qr-image').waitFor({ timeout: 20_000 });
    // The preview is the server's PNG, decoded by the browser.
    await expect(
      page.getByTestId('qr-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).resolves.toBeGreaterThan(100);
    const href = await page.getByTestId('voucher-link').getAttribute('href');
    generatedId = href!.split('/').pop()!;
    expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
    // The recent list (first 5) picks the new code up.
    await page
      .getByTestId('recent-codes')
      .getByText(/^30% Off · Sports Massage · 0 \/ 3/)
      .first()
      .waitFor({ timeout: 15_000 });
    await settle();
    await screenshot(page, 'admin-generate-desktop');

    // A full voucher card downloads as a PDF from the preview.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download voucher as PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

    // The member's side: open the voucher page and redeem once.
    await page.goto(`${baseUrl}/voucher/${generatedId}`);
    await page.getByTestId('redeem-button').click();
    await page.getByTestId('redeem-confirm-button').click();
    await expectToast('Voucher Redeemed!');

    await page.goto(`${baseUrl}/dashboard?tab=redemptions`);
    const row = page.locator(`[data-testid="redemption-row"][data-qr-code-id="${generatedId}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect(row.innerText()).resolves.toContain(generatedId.slice(0, 8));
    await expect(row.innerText()).resolves.toContain(partner.name);
    await expect(page.getByTestId('stat-totalRedemptions').innerText()).resolves.toMatch(/[1-9]/);
    await settle();
    await screenshot(page, 'admin-dashboard-redemptions-desktop');
  });

  it('the logo upload refuses other files and uploads a PNG with a preview', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/generate`);
    const input = page.getByTestId('logo-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast('Invalid File Type');
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await expectToast('File Too Large');
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 20, g: 194, b: 153 } },
    })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expectToast('Logo Uploaded');
    const preview = page.getByTestId('logo-preview');
    await preview.waitFor();
    await expect(preview.getAttribute('src')).resolves.toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    // The preview has loaded (and decoded) the uploaded file: wait for the image, not just the element.
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await settle();
    await screenshot(page, 'admin-generate-logo-desktop');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(preview.count()).resolves.toBe(0);
  });

  it('assigns the code to a partner with the Assign dialog', async () => {
    await signInAdmin();
    await page.getByLabel('Search QR codes').fill(generatedId.slice(0, 8));
    const row = page.locator(`[data-testid="qr-row"][data-id="${generatedId}"]`);
    await row.waitFor();
    await expect(row.getByTestId('partner-count').innerText()).resolves.toBe('0');
    await expect(row.innerText()).resolves.toContain('1 / 3');
    await row.getByRole('button', { name: 'Assign' }).click();

    const dialog = page.getByRole('dialog', { name: 'Assign QR Code to Partners' });
    await dialog.getByText(partner.email).waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(partner.name) }).check();
    await expect(dialog.getByTestId('assign-selected-count').innerText()).resolves.toBe('1 selected');
    await page.waitForTimeout(500); // the dialog's fade-in
    await screenshot(page, 'admin-assign-dialog-desktop');
    await dialog.getByRole('button', { name: 'Assign Partners' }).click();
    await expectToast('Partners Assigned');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('partner-count').innerText(), { timeout: 10_000 }).toBe('1');
    await expect(row.getByRole('button', { name: 'Manage' }).isVisible()).resolves.toBe(true);

    const assigned = await api(baseUrl, `/api/qr-codes/${generatedId}/partners`, { token: adminToken });
    expect(assigned.body.map((p: { partnerId: string }) => p.partnerId)).toEqual([partnerId]);
  });

  it('deletes a code after confirmation', async () => {
    const created = await api(baseUrl, '/api/generate-qr', {
      method: 'POST',
      token: adminToken,
      json: {
        clinic: 'Short-lived Gym',
        service: 'Day pass',
        expirationDate: '2099-12-31',
        discountValue: 10,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await signInAdmin();
    await page.getByLabel('Search QR codes').fill('Short-lived');
    const row = page.locator(`[data-testid="qr-row"][data-id="${id}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: `Delete QR code ${id.slice(0, 8)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this QR code?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: `Delete QR code ${id.slice(0, 8)}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast('QR Code Deleted');
    await row.waitFor({ state: 'detached' });
    await page.getByText('No QR codes match "Short-lived".').waitFor();
    expect((await api(baseUrl, `/api/qr-codes/${id}`)).status).toBe(404);
  });

  it('a bulk batch of 20 downloads as one ZIP of 20 vouchers', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/bulk`);
    await page.getByRole('form', { name: 'Bulk QR codes' }).waitFor();
    await expect(page.getByLabel('Quantity').inputValue()).resolves.toBe('10');
    await expect(page.getByLabel('Discount Value').inputValue()).resolves.toBe('25');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page.getByText('Batch name is required').waitFor();

    await page.getByLabel('Batch Name').fill('Spring flyers');
    await page.getByLabel('Partner Name').fill(partner.name);
    await page.getByLabel('Service / Product').fill('Mobility Session');
    // Over the ceiling: refused in the form, under Quantity, before any request.
    await page.getByLabel('Quantity').fill('100000');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page
      .getByText(/^Maximum \d+ QR codes per batch$/)
      .first()
      .waitFor();
    await page.getByLabel('Quantity').fill('20');
    await settle();
    await screenshot(page, 'admin-bulk-form-desktop');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await expectToast('Bulk QR Codes Generated');
    const summary = page.getByTestId('batch-summary');
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toContain('25% Off');
    const batchId = await page.getByTestId('batch-id').innerText();

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'PNG ZIP' }).click(),
    ]);
    const file = join(downloads, download.suggestedFilename() || 'batch.zip');
    await download.saveAs(file);
    await expectToast('ZIP Download Complete');
    const entries = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' })
      .split('\n')
      .filter((name) => name && !name.endsWith('/'));
    expect(entries).toHaveLength(20);
    expect(entries.every((name) => name.endsWith('.png'))).toBe(true);
    await settle();
    await screenshot(page, 'admin-bulk-summary-desktop');

    // The batch is listed on the dashboard with its 20 codes.
    await page.goto(`${baseUrl}/dashboard?tab=batches`);
    const batchRow = page.getByTestId('batch-row').filter({ hasText: 'Spring flyers' });
    await batchRow.waitFor();
    await expect(batchRow.innerText()).resolves.toContain('20');
    await settle();
    await screenshot(page, 'admin-dashboard-batches-desktop');
    await batchRow.getByRole('button', { name: 'View Codes' }).click();
    await expect.poll(() => page.getByTestId('batch-code-row').count(), { timeout: 10_000 }).toBe(20);
    await page.waitForTimeout(500); // the dialog's fade-in
    await screenshot(page, 'admin-batch-codes-desktop');

    const server = await api(baseUrl, `/api/admin/batches/${batchId}`, { token: adminToken });
    expect(server.body.qrCodes).toHaveLength(20);
  });

  it('Download All builds one ZIP of every code', async () => {
    await signInAdmin();
    const total = (await api(baseUrl, '/api/admin/stats', { token: adminToken })).body.totalQrCodes as number;
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      // The button says how many codes the table's view holds (issue 27): here, every code.
      page
        .getByRole('button', { name: `Download ${total.toLocaleString('en-US')} codes as PNG ZIP` })
        .click(),
    ]);
    const file = join(downloads, 'all.zip');
    await download.saveAs(file);
    const entries = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(entries).toHaveLength(total);
    await expectToast('ZIP Download Complete');
    await settle();
    await screenshot(page, 'admin-dashboard-desktop');
  });

  it('Job Queues opens the queue board through its short-lived cookie', async () => {
    await signInAdmin();
    // Without the cookie, the board refuses (a bearer token cannot travel with a navigation).
    const refused = await page.request.get(`${baseUrl}/admin/queues/`);
    expect(refused.status()).toBe(401);
    await page.getByRole('button', { name: 'Job Queues' }).click();
    await page.waitForURL(`${baseUrl}/admin/queues/**`);
    await page.getByText('AV Pass queues').first().waitFor({ timeout: 20_000 });
    const cookie = (await context.cookies()).find((c) => c.path === '/admin/queues');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await settle();
    await screenshot(page, 'admin-queue-board-desktop');
  });

  it('the /admin welcome page shows the totals and quick actions', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/admin`);
    await page.getByTestId('stat-activePartners').waitFor();
    // Other e2e files share the platform and assign codes to their own companies: at least this one.
    await expect.poll(() => page.getByTestId('stat-activePartners').innerText()).toMatch(/[1-9]/);
    await page.getByRole('link', { name: /Generate QR Code/ }).waitFor();
    await page.getByTestId('recent-codes').getByText(partner.name).first().waitFor();
    await settle();
    await screenshot(page, 'admin-welcome-desktop');
  });

  it('a company user on /generate and /bulk gets the form, its own company fixed as the partner (§2)', async () => {
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL(`${baseUrl}/company-dashboard`);
    for (const path of ['/generate', '/bulk']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('form').waitFor();
      await expect(page.getByTestId('admin-only').count()).resolves.toBe(0);
      await expect.poll(() => page.getByTestId('partner-picker').inputValue()).toBe(partner.name);
      await expect(page.getByTestId('partner-picker').isEditable()).resolves.toBe(false);
    }
    await screenshot(page, 'admin-bulk-company-form');
  });

  it('every screen fits a 390 x 844 phone', async () => {
    await openAs(PHONE);
    await signInAdmin();
    const screens: Array<[string, string, () => Promise<void>]> = [
      ['/dashboard', 'admin-dashboard-phone', () => page.getByTestId('qr-row').first().waitFor()],
      [
        '/dashboard?tab=redemptions',
        'admin-dashboard-redemptions-phone',
        () => page.getByTestId('redemption-row').first().waitFor(),
      ],
      [
        '/dashboard?tab=batches',
        'admin-dashboard-batches-phone',
        () => page.getByTestId('batch-row').first().waitFor(),
      ],
      [
        '/dashboard?tab=trainer',
        'admin-dashboard-trainer-phone',
        () => page.getByTestId('trainer-tab').waitFor(),
      ],
      [
        '/generate',
        'admin-generate-phone',
        () => page.getByRole('form', { name: 'Discount details' }).waitFor(),
      ],
      ['/bulk', 'admin-bulk-phone', () => page.getByRole('form', { name: 'Bulk QR codes' }).waitFor()],
      [
        '/admin',
        'admin-welcome-phone',
        () => page.getByTestId('recent-codes').getByRole('link').first().waitFor(),
      ],
    ];
    for (const [path, name, ready] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await ready();
      await settle();
      await expectNoHorizontalScroll();
      await screenshot(page, name);
    }

    // The result states on a phone: a generated code, a created batch.
    await page.goto(`${baseUrl}/generate`);
    await page.getByLabel('Partner Name').fill(partner.name);
    await page.getByLabel('Service / Product').fill('Dry Needling');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr-image').waitFor({ timeout: 20_000 });
    await settle();
    await expectNoHorizontalScroll();
    await screenshot(page, 'admin-generate-result-phone');
    await page.goto(`${baseUrl}/bulk`);
    await page.getByLabel('Batch Name').fill('Phone batch');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Partner Name').fill(partner.name);
    await page.getByLabel('Service / Product').fill('Recovery Session');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page.getByTestId('batch-summary').waitFor();
    await settle();
    await expectNoHorizontalScroll();
    await screenshot(page, 'admin-bulk-summary-phone');

    // The dialogs on a phone.
    await page.goto(`${baseUrl}/dashboard`);
    await page
      .getByTestId('qr-row')
      .first()
      .getByRole('button', { name: /Assign|Manage/ })
      .click();
    await page.getByRole('dialog', { name: 'Assign QR Code to Partners' }).getByText(partner.email).waitFor();
    await page.waitForTimeout(500); // the dialog's fade-in
    await screenshot(page, 'admin-assign-dialog-phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${baseUrl}/dashboard?tab=batches`);
    await page.getByTestId('batch-row').first().getByRole('button', { name: 'View Codes' }).click();
    await page.getByTestId('batch-code-row').first().waitFor();
    await page.waitForTimeout(500); // the dialog's fade-in
    await screenshot(page, 'admin-batch-codes-phone');
  });
});
