/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, screenshot, signIn } from './support/browser';

// Defects seen on the administrator's screens at 1366 × 900 (issue 10), each checked where a user
// would see it: refusals in the forms, what covers what, what is cut off, what a search finds.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const LONG = 'Northside Sports Physiotherapy and Rehabilitation Centre of Excellence';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function signInAdmin() {
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}

async function settle() {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

/** The local calendar date `days` from today, as the date input takes it. */
function dateFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  page = await context.newPage();
});
afterEach(async () => context?.close());

describe('the administrator’s screens at 1366 × 900', () => {
  it('/generate refuses an expiry in the past and a fractional percentage, in the form and on the server', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/generate`);
    await page.getByRole('form', { name: 'Discount details' }).waitFor();
    await page.getByLabel('Partner Name').fill('Harbour Physio');
    await page.getByLabel('Service / Product').fill('Assessment');
    await page.getByLabel('Discount Value').fill('12.5');
    await page.getByLabel('Expiration Date').fill(dateFromToday(-2));
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('Discount value: whole numbers only').waitFor();
    await page.getByText('Expiration date is in the past. Choose today or a later date.').waitFor();
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    await settle();
    await screenshot(page, 'issue10-generate-refusals');

    // The server says the same to any client.
    const past = await api(baseUrl, '/api/generate-qr', {
      method: 'POST',
      token: adminToken,
      json: { clinic: 'X', service: 'Y', discountValue: 10, expirationDate: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.expirationDate).toContain(
      'Expiration date is in the past. Choose today or a later date.',
    );
    const fraction = await api(baseUrl, '/api/generate-qr', {
      method: 'POST',
      token: adminToken,
      json: { clinic: 'X', service: 'Y', discountValue: 12.5, expirationDate: '2099-12-31' },
    });
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors.discountValue).toContain('Discount value: whole numbers only');

    // Today is fine; the success toast leaves the download buttons free to press.
    await page.getByLabel('Discount Value').fill('12');
    await page.getByLabel('Expiration Date').fill(dateFromToday(0));
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'QR Code Generated' });
    await toast.waitFor();
    await page.getByTestId('qr-image').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(600); // the toast's slide-in and the scroll
    const toastBox = (await toast.boundingBox())!;
    for (const format of ['PNG', 'SVG', 'PDF']) {
      const button = page.getByRole('button', { name: `Download voucher as ${format}` });
      const box = (await button.boundingBox())!;
      expect(overlaps(toastBox, box), `toast covers ${format}`).toBe(false);
      expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    }
    await screenshot(page, 'issue10-generate-toast');
  });

  it('/dashboard keeps the Actions column in view with long texts, has one Logout, and finds titles and batches', async () => {
    const made = await api(baseUrl, '/api/generate-qr', {
      method: 'POST',
      token: adminToken,
      json: {
        clinic: LONG,
        customTitle: 'Lighthouse Winter Special for Members',
        service: `${LONG} full assessment and treatment plan`,
        discountValue: 20,
        expirationDate: '2099-12-31',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const batch = await api(baseUrl, '/api/bulk-generate', {
      method: 'POST',
      token: adminToken,
      json: {
        batchName: 'Quayside Autumn Flyers with a long batch name',
        facility: 'Quayside Gym',
        quantity: 2,
        service: 'Day pass',
        discountValue: 10,
        expirationDate: '2099-12-31',
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    await signInAdmin();
    await page.getByRole('button', { name: 'Refresh All' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Job queues (operations)' }).count()).resolves.toBe(1);

    // The title finds it (not only the partner's name), and its row's actions are on screen.
    await page.getByLabel('Search QR codes').fill('lighthouse winter');
    const row = page.locator(`[data-testid="qr-row"][data-id="${made.body.id}"]`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('qr-row').count(), { timeout: 10_000 }).toBe(1);
    await settle();
    for (const label of [`Delete QR code ${made.body.id.slice(0, 8)}`, 'Download voucher as PDF']) {
      const box = (await row.getByRole('button', { name: label }).boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(DESKTOP.width);
      await expect(row.getByRole('button', { name: label }).isVisible()).resolves.toBe(true);
      // Nothing else is painted on top of the button (it is not scrolled under the table's edge).
      const hit = await page.evaluate(
        ({ x, y, id }) => {
          const el = document.elementFromPoint(x, y);
          return Boolean(el?.closest(`[data-id="${id}"]`));
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2, id: made.body.id },
      );
      expect(hit, label).toBe(true);
    }
    await screenshot(page, 'issue10-dashboard-long-row');

    // The batch name finds the batch's codes.
    await page.getByLabel('Search QR codes').fill('quayside autumn');
    await expect.poll(() => page.getByTestId('qr-row').count(), { timeout: 10_000 }).toBe(2);

    // /admin: Analytics & Reports leads somewhere else than /admin itself.
    await page.goto(`${baseUrl}/admin`);
    const analytics = page.getByRole('link', { name: /Analytics & Reports/ });
    await analytics.waitFor();
    await expect(analytics.getAttribute('href')).resolves.toBe('/dashboard?tab=analytics');
    await analytics.click();
    await page.waitForURL(`${baseUrl}/dashboard?tab=analytics`);
    await expect(
      page.getByRole('tab', { name: 'Athlete/Partnership Analytics' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
  });

  it('/bulk refuses an oversized batch before sending, drops the failure toast once fixed, and shows the summary', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/bulk`);
    await page.getByRole('form', { name: 'Bulk QR codes' }).waitFor();
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/bulk-generate')) requests++;
    });
    await page.getByLabel('Batch Name').fill('Harbour flyers');
    await page.getByLabel('Partner Name').fill('Harbour Physio');
    await page.getByLabel('Service / Product').fill('Assessment');
    await page.getByLabel('Quantity').fill('100001');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page.getByText('Maximum 100,000 QR codes per batch').waitFor();
    expect(requests).toBe(0);

    // The server's own ceiling is lower here (BULK_MAX_QUANTITY=500 in the e2e platform): its
    // refusal brings a toast, which goes once the value is fixed.
    await page.getByLabel('Quantity').fill('800');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Generation Failed' }).waitFor();
    await page.getByText('Maximum 500 QR codes per batch').first().waitFor();
    expect(requests).toBe(1);
    await screenshot(page, 'issue10-bulk-server-refusal');
    await page.getByLabel('Quantity').fill('3');
    await page.getByTestId('toast').filter({ hasText: 'Generation Failed' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    const summary = page.getByTestId('batch-summary');
    await summary.waitFor();
    // The summary is brought into view (it sits below the form's first screen).
    // …and not under the sticky navigation bar: the heading itself is what is painted there.
    await expect
      .poll(async () => {
        const heading = page.getByRole('heading', { name: 'Batch created' });
        const box = (await heading.boundingBox())!;
        if (box.y < 0 || box.y + box.height > DESKTOP.height) return false;
        return heading.evaluate(
          (el, point) => {
            const hit = document.elementFromPoint(point.x, point.y);
            return Boolean(hit && el.contains(hit));
          },
          { x: box.x + 10, y: box.y + box.height / 2 },
        );
      })
      .toBe(true);
    await expect(page.getByRole('button', { name: 'A4 print sheet' }).isVisible()).resolves.toBe(true);
    await page.waitForTimeout(600);
    await screenshot(page, 'issue10-bulk-summary-in-view');
  });

  it('/login says a wrong password once', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="username"]').fill(E2E_ADMIN.username);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    const message = (await error.innerText()).trim();
    await page.waitForTimeout(800); // a toast would have appeared by now
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    await expect(page.getByText(message, { exact: true }).count()).resolves.toBe(1);
    await screenshot(page, 'issue10-login-wrong-password');
  });
});
