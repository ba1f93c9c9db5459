/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, PHONE, signIn } from './support/browser';

// Issue 27, "Forms": the rough edges a user hits (print sheet, toasts, the admin-only 404).
const baseUrl = inject('baseUrl');
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const PARTNER = 'Rough Edges Supply';
const staff = { username: 'e2e-rough-edges-staff', password: 'rough-edges-password' };
const BATCH = 'Rough Edges Print Run';

let browser: Browser;
const contexts: BrowserContext[] = [];
/** Browser dialogs (alert, confirm, prompt) that opened: never the app's way to ask. */
const nativeDialogs: string[] = [];

async function open(user: { username: string; password: string }, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone
      ? { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true }
      : { viewport: LAPTOP, acceptDownloads: true },
  );
  contexts.push(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    nativeDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signIn(page, baseUrl, user.username, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}rough-edges-${name}.png` });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible buttons of `scope` the toast covers, by name (an empty list when it covers none). */
async function buttonsUnder(toast: Locator, scope: Locator): Promise<string[]> {
  const toastBox = (await toast.boundingBox())!;
  const covered: string[] = [];
  for (const button of await scope.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    if (box && box.width > 0 && overlaps(toastBox, box))
      covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  const vendor = await api(baseUrl, '/api/vendors', { method: 'POST', token: admin, json: { name: PARTNER } });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  const user = await api(baseUrl, `/api/partners/${vendor.body.id}/users`, {
    method: 'POST',
    token: admin,
    json: staff,
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  // Enough codes that the batch dialog fills the screen: its Close button sits in the bottom corner.
  const batch = await api(baseUrl, '/api/bulk-generate', {
    method: 'POST',
    token: admin,
    json: {
      batchName: BATCH,
      facility: 'Rough Edges Gym',
      quantity: 12,
      service: 'Day pass',
      discountValue: 10,
      expirationDate: '2099-12-31',
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
});
afterEach(async (ctx) => {
  expect(nativeDialogs.splice(0), "the browser's own dialogs").toEqual([]);
  if (ctx.task.result?.state === 'fail') {
    let n = 0;
    for (const c of contexts)
      for (const p of c.pages())
        await p.screenshot({ path: `${SHOTS}rough-edges-failed-${ctx.task.name.slice(0, 24)}-${n++}.png` });
  }
  for (const c of contexts.splice(0)) await c.close();
});
afterAll(async () => browser?.close());

/** Opens the batch's codes dialog from /dashboard?tab=batches. */
async function openBatchDialog(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl}/dashboard?tab=batches`);
  const row = page.getByTestId('batch-row').filter({ hasText: BATCH }).first();
  await row.getByRole('button', { name: 'View Codes' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`${BATCH}: 12 codes`) });
  await dialog.getByText('Loading codes...').waitFor({ state: 'detached', timeout: 20_000 });
  return dialog;
}

/** Presses "A4 print sheet" and returns the file the browser saved. */
async function downloadSheet(page: Page, dialog: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    dialog.getByRole('button', { name: 'A4 print sheet' }).click(),
  ]);
  return { name: download.suggestedFilename(), data: readFileSync((await download.path())!) };
}

describe('rough edges (issue 27)', () => {
  it('the A4 print sheet downloads as one PDF; its toast covers no dialog button nor row action at 1366 × 768', async () => {
    const page = await open(E2E_ADMIN);
    const dialog = await openBatchDialog(page);
    const file = await downloadSheet(page, dialog);
    expect(file.name).toMatch(/^qr-cards-sheet-a4-\d{8}-\d{6}\.pdf$/);
    expect(file.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const toast = page.getByTestId('toast').filter({ hasText: 'Download Complete' });
    await toast.waitFor();
    await expect.poll(() => toast.innerText()).toContain('Your print sheet PDF has been downloaded.');
    await page.waitForTimeout(400); // the slide-in
    // The dialog's bottom corner (Close) is in view and the toast is not over it.
    const close = dialog.getByRole('button', { name: 'Close' });
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.y + closeBox.height).toBeGreaterThan(LAPTOP.height - 120);
    expect(await buttonsUnder(toast, dialog)).toEqual([]);
    await shot(page, 'toast-over-dialog-1366');

    // Behind the dialog, the table's row actions stay free too.
    await close.click();
    await toast.waitFor();
    expect(await buttonsUnder(toast, page.locator('main'))).toEqual([]);
    await shot(page, 'toast-over-table-1366');
  }, 180_000);

  it('on a 390 × 844 phone the toast covers no button of the full-screen dialog nor of the cards', async () => {
    const page = await open(E2E_ADMIN, true);
    const dialog = await openBatchDialog(page);
    const file = await downloadSheet(page, dialog);
    expect(file.name).toMatch(/\.pdf$/);
    const toast = page.getByTestId('toast').filter({ hasText: 'Download Complete' });
    await toast.waitFor();
    await page.waitForTimeout(400);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await buttonsUnder(toast, dialog)).toEqual([]);
    await shot(page, 'toast-over-dialog-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor();
    expect(await buttonsUnder(toast, page.locator('main'))).toEqual([]);
    await shot(page, 'toast-over-cards-phone');
  }, 180_000);

  it('/admin-inventory shows a partner the 404 page and stays there; the administrator sees the inventory', async () => {
    const partner = await open(staff);
    await partner.goto(`${baseUrl}/admin-inventory`);
    await partner.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await partner.waitForTimeout(1_200); // the old denial went to the dashboard after 500 ms
    expect(new URL(partner.url()).pathname).toBe('/admin-inventory');
    await expect(partner.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await expect(partner.getByText('Access Denied').count()).resolves.toBe(0);
    await expect(partner.getByRole('heading', { name: 'Inventory' }).count()).resolves.toBe(0);
    await shot(partner, 'admin-inventory-partner-404');

    const admin = await open(E2E_ADMIN);
    await admin.goto(`${baseUrl}/admin-inventory`);
    await admin.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await expect(admin.getByRole('heading', { name: 'Page Not Found' }).count()).resolves.toBe(0);
  });
});
