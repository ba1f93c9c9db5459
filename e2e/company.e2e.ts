/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, PHONE, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// A partner's portal user on the company dashboard and the company admin panel.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const staff = { username: 'e2e-company-staff', password: 'company-password' };
const otherStaff = { username: 'e2e-other-staff', password: 'other-password' };
const COMPANY = 'Riverside Sports Clinic';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
const codes: Record<'massage' | 'physio' | 'removable' | 'unassigned', string> = {
  massage: '',
  physio: '',
  removable: '',
  unassigned: '',
};

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function generate(clinic: string, service: string, extra: Record<string, unknown> = {}) {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      clinic,
      discountType: 'percentage',
      discountValue: 15,
      service,
      expirationDate: inDays(45),
      usageLimit: '5',
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function signInAsStaff(viewport = DESKTOP, user = staff) {
  await context?.close();
  context = await browser.newContext({ viewport, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, baseUrl, user.username, user.password);
  await page.waitForURL(`${baseUrl}/company-dashboard`);
}

/** Full-page screenshots after transitions settle, from the top (the sticky bar stays in place). */
async function settledScreenshot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const row = (id: string) => page.locator(`[data-testid="qr-row"][data-code-id="${id}"]`);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  const partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: COMPANY }, staff);
  await createPartnerWithStaff(baseUrl, adminToken, { name: 'Quiet Valley Gym' }, otherStaff);

  codes.massage = await generate('Riverside Massage', 'Deep Tissue Massage');
  codes.physio = await generate('Riverside Physio', 'Physio Assessment', {
    discountType: 'fixed',
    discountValue: 25,
    usageLimit: 'unlimited',
  });
  codes.removable = await generate('Riverside Pool', 'Hydrotherapy Session');
  codes.unassigned = await generate('Elsewhere Fitness', 'Unassigned Spin Class');
  for (const id of [codes.massage, codes.physio, codes.removable]) {
    const res = await api(baseUrl, `/api/qr-codes/${id}/assign-partners`, {
      method: 'POST',
      token: adminToken,
      json: { partnerIds: [partnerId] },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  // One redemption, so the stats and the usage history have something to show.
  expect((await api(baseUrl, `/api/redeem/${codes.massage}`, { method: 'POST' })).status).toBe(200);
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  page = await context.newPage();
});
afterEach(async () => context?.close());

describe('the partner portal', () => {
  it('the company dashboard shows the stats and exactly the assigned codes', async () => {
    await signInAsStaff();
    await expect(page.getByTestId('page-title').innerText()).resolves.toBe(COMPANY);
    const list = page.getByTestId('assigned-code');
    await list.first().waitFor();
    await expect(list.count()).resolves.toBe(3);
    const text = await page.getByRole('list', { name: 'Assigned QR codes' }).innerText();
    expect(text).toContain('Riverside Massage');
    expect(text).toContain('Physio Assessment');
    expect(text).toContain('1 / 5');
    expect(text).toContain('0 / ∞');
    expect(text).not.toContain('Elsewhere Fitness');
    await page.getByTestId('stat-total-codes').getByText('3', { exact: true }).waitFor();
    await page.getByTestId('stat-redemptions').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('stat-today').getByText('1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Refresh Stats' }).click();
    await settledScreenshot('company-dashboard-desktop');
    // The Partners card opens the partner inventory.
    await expect(page.getByTestId('stat-partners').locator('a').getAttribute('href')).resolves.toBe(
      '/partner-inventory',
    );
  });

  it('the company dashboard on a phone', async () => {
    await signInAsStaff(PHONE);
    await page.getByTestId('assigned-code').first().waitFor();
    await page.getByTestId('stat-total-codes').getByText('3', { exact: true }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      PHONE.width,
    );
    await settledScreenshot('company-dashboard-phone');
  });

  it('the admin panel lists the assigned codes, searches and shows the usage history', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await expect(page.getByTestId('page-title').innerText()).resolves.toBe(`${COMPANY} - Admin Panel`);
    await page.getByRole('tab', { name: 'QR Codes (3)' }).waitFor();
    await page.getByRole('tab', { name: 'Usage History (1)' }).waitFor();
    await expect(page.getByTestId('qr-row').count()).resolves.toBe(3);
    await expect(row(codes.unassigned).count()).resolves.toBe(0);
    await expect(row(codes.physio).innerText()).resolves.toContain('$25 Off');
    await page.getByTestId('stat-rate').getByText('33%').waitFor();
    await settledScreenshot('company-admin-desktop');

    // Server-side search: by service, then by the start of an id.
    await page.getByTestId('company-search').fill('physio assess');
    await page.getByRole('tab', { name: 'QR Codes (1)' }).waitFor();
    await expect(page.getByTestId('qr-row').count()).resolves.toBe(1);
    await page.getByTestId('company-search').fill(codes.massage.slice(0, 8));
    await page.getByRole('tab', { name: 'QR Codes (1)' }).waitFor();
    await row(codes.massage).waitFor();
    await page.getByTestId('company-search').fill('no such partner');
    await page.getByTestId('qr-codes-empty').waitFor();
    await settledScreenshot('company-admin-search-empty');
    await page.getByTestId('company-search').fill('');
    await page.getByRole('tab', { name: 'QR Codes (3)' }).waitFor();

    await page.getByRole('tab', { name: /Usage History/ }).click();
    const redemption = page.getByTestId('redemption-row');
    await redemption.first().waitFor();
    await expect(redemption.count()).resolves.toBe(1);
    const usage = await redemption.first().innerText();
    expect(usage).toContain('Riverside Massage');
    expect(usage).toContain('Deep Tissue Massage');
    expect(usage).toContain('15% Off');
    expect(usage).toContain(codes.massage.slice(0, 8));
    expect(usage).toContain('Redeemed');
    await settledScreenshot('company-admin-usage-desktop');
  });

  it('a search that hides selected codes says so, and can drop them from the selection', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByTestId('qr-row').first().waitFor();
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toBe('3 selected');
    await page.getByTestId('company-search').fill('physio assess');
    await page.getByRole('tab', { name: 'QR Codes (1)' }).waitFor();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toBe(
      '3 selected · 2 of them not shown here',
    );
    await settledScreenshot('company-admin-hidden-selection');
    await page.getByTestId('deselect-hidden').click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toBe('1 selected');
    await expect(page.getByTestId('bulk-zip-png').innerText()).resolves.toBe('PNG ZIP (1)');
  });

  it('nothing selected asks to select codes first', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByTestId('qr-row').first().waitFor();
    await page.getByTestId('bulk-zip-png').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain('Please select QR codes to download');
  });

  it('selecting two codes downloads a ZIP with two files', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await row(codes.massage).waitFor();
    await row(codes.massage).getByRole('checkbox').check();
    await row(codes.physio).getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-zip-png').innerText()).resolves.toBe('PNG ZIP (2)');
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('bulk-zip-png').click();
    await page
      .getByTestId('zip-progress')
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'company-admin-zip-progress');
    const download = await downloading;
    const file = join(mkdtempSync(join(tmpdir(), 'avpass-zip-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(file).toMatch(/\.zip$/);
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toHaveLength(2);
    expect(listing.every((name) => name.endsWith('.png'))).toBe(true);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain('ZIP Download Complete');
    await settledScreenshot('company-admin-zip-done');

    // Select All / Deselect All.
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toBe('3 selected');
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count').innerText()).resolves.toBe('0 selected');
  });

  it('a single code downloads as PDF from its row', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await row(codes.physio).waitFor();
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await row(codes.physio).getByRole('button', { name: 'Download voucher as PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('deleting a code asks first and removes it from the company only', async () => {
    await signInAsStaff();
    await page.goto(`${baseUrl}/company-admin`);
    await row(codes.removable).waitFor();
    await row(codes.removable).getByTestId('delete-code').click();
    await page.getByRole('dialog').waitFor();
    await settledScreenshot('company-admin-delete-dialog');
    await page.getByTestId('confirm-delete').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain('QR code deleted successfully');
    await page.getByRole('tab', { name: 'QR Codes (2)' }).waitFor();
    await expect(row(codes.removable).count()).resolves.toBe(0);
    // The voucher itself still works for members.
    expect((await api(baseUrl, `/api/qr-codes/${codes.removable}`)).status).toBe(200);
  });

  it('another company sees none of these codes: the empty states', async () => {
    await signInAsStaff(DESKTOP, otherStaff);
    await page.getByTestId('assigned-codes-empty').waitFor();
    await page.getByTestId('stat-total-codes').getByText('0', { exact: true }).waitFor();
    await settledScreenshot('company-dashboard-empty');
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByRole('tab', { name: 'QR Codes (0)' }).waitFor();
    await page.getByTestId('qr-codes-empty').waitFor();
    await page.getByRole('tab', { name: /Usage History/ }).click();
    await page.getByTestId('usage-empty').waitFor();
    await settledScreenshot('company-admin-usage-empty');
  });

  it('shows loading states, and a failed list can be retried', async () => {
    await signInAsStaff();
    // Hold the answers back to see the loading states, then let the real answers through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/(stats|qr-codes\/all)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByText('Loading your QR codes...').waitFor();
    await settledScreenshot('company-dashboard-loading');
    release();
    await page.getByTestId('assigned-code').first().waitFor();
    await page.unroute(/\/api\/(stats|qr-codes\/all)/);

    // The connection drops while the list loads: an error with Try again, which then works.
    await page.route(/\/api\/qr-codes\/all/, (route) => route.abort('connectionfailed'));
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByText('Could not load your QR codes').waitFor({ timeout: 20_000 });
    await settledScreenshot('company-admin-list-error');
    await page.unroute(/\/api\/qr-codes\/all/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('qr-row').first().waitFor();
  });

  it('the admin panel on a phone', async () => {
    await signInAsStaff(PHONE);
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByTestId('qr-row').first().waitFor();
    await page.getByTestId('stat-rate').getByText('%', { exact: false }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      PHONE.width,
    );
    await settledScreenshot('company-admin-phone');
    await page.getByRole('tab', { name: /Usage History/ }).click();
    await page.getByTestId('redemption-row').first().waitFor();
    await settledScreenshot('company-admin-usage-phone');
  });
});
