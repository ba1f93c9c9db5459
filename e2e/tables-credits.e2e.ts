/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// Issue 27, "Tables", on the credits screens: the administrator's Credit Allocations and the
// partner's athletes sort by their headers and filter by status (and partner) on the server, and keep
// search, sort and filters in the URL, so a reload shows the same view. Screenshots go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const LAPTOP = { width: 1366, height: 768 };
const TAG = `Tc${randomUUID().slice(0, 5)}`;
const staff = { username: `e2e-ctables-${TAG.toLowerCase()}`, password: 'credit-tables-password' };

/** What the screen shows, once it shows it (a busy machine renders late): up to 15 s. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let partnerId: string;
let partnerName: string;
/** The partner's charges, oldest first: Morgan's (voided), then Zoe's. */
const charges: string[] = [];

const shot = (name: string) =>
  page.screenshot({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: false });

async function settle() {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function credit(name: string, startDate: string, endDate: string, partner?: string): Promise<string> {
  const res = await api(baseUrl, '/api/athlete-credits', {
    method: 'POST',
    token: adminToken,
    json: {
      athleteName: `${TAG} ${name}`,
      athleteRole: 'athlete',
      totalAmount: 12_000,
      duration: 12,
      startDate,
      endDate,
      ...(partner ? { partnerId: partner } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  partnerName = `${TAG} Outfitters`;
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: partnerName }, staff);
  // Names out of creation order, end dates varied, one already ended.
  const morgan = await credit('Morgan', inDays(-10), inDays(200), partnerId);
  await credit('alex', inDays(-10), inDays(30));
  const zoe = await credit('Zoe', inDays(-10), inDays(90), partnerId);
  await credit('Blake', inDays(-400), inDays(-30), partnerId);
  // The partner charges Morgan, then Zoe; the administrator voids Morgan's charge.
  const staffToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: staff })).body.token;
  for (const id of [morgan, zoe]) {
    const charged = await api(baseUrl, `/api/credits/${id}/transactions`, {
      method: 'POST',
      token: staffToken,
      json: { transactionType: 'purchase', description: 'Table test', amount: 500 },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    charges.push(charged.body.transaction.id as string);
  }
  const voided = await api(baseUrl, `/api/credit-transactions/${charges[0]}/void`, {
    method: 'POST',
    token: adminToken,
    json: { reason: 'Table test void' },
  });
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: LAPTOP });
  page = await context.newPage();
});
afterEach(async () => context?.close());

/** The athlete names of the administrator's rows, top to bottom, without the run's tag. */
const allocations = async () =>
  (await page.locator('[data-testid="credit-row"] td:first-child p:first-child').allInnerTexts()).map((n) =>
    n.replace(`${TAG} `, ''),
  );
/** The athlete names of the partner's rows, top to bottom, without the run's tag. */
const athletes = async () =>
  (await page.locator('[data-testid="athlete-row"] td:first-child').allInnerTexts()).map((n) =>
    n.replace(`${TAG} `, ''),
  );

describe('the credits tables keep their view in the URL', () => {
  it('Credit Allocations: sorts by a header, filters by status and partner, the same after a reload', async () => {
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/admin-credits?q=${TAG}`);
    await page.getByTestId('credit-row').first().waitFor();
    await settle();
    await eventually(allocations).toEqual(['Blake', 'Zoe', 'alex', 'Morgan']);

    // Athlete A–Z by the header (aria-sort says so), then Z–A.
    const athleteHeader = page.getByRole('columnheader', { name: 'Athlete' });
    await expect(athleteHeader.getAttribute('aria-sort')).resolves.toBe('none');
    await page.getByTestId('sort-athleteName').click();
    await page.waitForURL(/sort=athleteName/);
    await eventually(() => athleteHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(allocations).toEqual(['alex', 'Blake', 'Morgan', 'Zoe']);
    await page.getByTestId('sort-athleteName').click();
    await page.waitForURL(/order=desc/);
    await eventually(allocations).toEqual(['Zoe', 'Morgan', 'Blake', 'alex']);

    // Period: soonest end first.
    await page.getByTestId('sort-endDate').click();
    await page.waitForURL(/sort=endDate/);
    await eventually(allocations).toEqual(['Blake', 'alex', 'Zoe', 'Morgan']);

    // Status: Active only, then the partner's only.
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Active' }).click();
    await page.waitForURL(/status=active/);
    await eventually(allocations).toEqual(['alex', 'Zoe', 'Morgan']);
    await page.getByTestId('credits-partner-filter').fill(partnerName);
    await page.getByRole('option', { name: partnerName }).first().click();
    await page.waitForURL(new RegExp(`partner=${partnerId}`));
    await eventually(allocations).toEqual(['Zoe', 'Morgan']);
    await settle();
    await shot('tables-credits-allocations-filtered');

    // A reload shows the same view.
    await page.reload();
    await page.getByTestId('credit-row').first().waitFor();
    await settle();
    await eventually(allocations).toEqual(['Zoe', 'Morgan']);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('active');
    await expect(page.getByLabel('Search credits').inputValue()).resolves.toBe(TAG);
    await eventually(() => page.getByRole('columnheader', { name: 'Period' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('the partner’s athletes: sorts by a header, filters by status, the same after a reload', async () => {
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${baseUrl}/partner-credits?q=${TAG}`);
    await page.getByTestId('athlete-row').first().waitFor();
    await settle();
    await eventually(athletes).toEqual(['Blake', 'Zoe', 'alex', 'Morgan']);
    await page.getByTestId('sort-endDate').click();
    await page.waitForURL(/sort=endDate/);
    await page.getByTestId('sort-endDate').click();
    await page.waitForURL(/order=desc/);
    await eventually(athletes).toEqual(['Morgan', 'Zoe', 'alex', 'Blake']);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Expired' }).click();
    await page.waitForURL(/status=expired/);
    await eventually(athletes).toEqual(['Blake']);
    await page.reload();
    await page.getByTestId('athlete-row').first().waitFor();
    await settle();
    await eventually(athletes).toEqual(['Blake']);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('expired');
    await eventually(() =>
      page.getByRole('columnheader', { name: 'Expires' }).getAttribute('aria-sort'),
    ).toBe('descending');
    await shot('tables-credits-partner-filtered');
  });

  it('the Transaction Ledger: oldest first by the Date header, filtered by status, the same after a reload', async () => {
    const ledgerIds = () =>
      page
        .locator('[data-testid="ledger-row"]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transaction-id')));
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/admin-credits?tab=ledger&q=${TAG}`);
    await page.getByTestId('ledger-row').first().waitFor();
    await eventually(ledgerIds).toEqual([...charges].reverse());
    const dateHeader = page.getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    await page.getByTestId('sort-createdAt').click();
    await page.waitForURL(/order=asc/);
    await eventually(() => dateHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(ledgerIds).toEqual(charges);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await page.waitForURL(/status=completed/);
    await eventually(ledgerIds).toEqual([charges[1]]);
    await page.reload();
    await page.getByTestId('ledger-row').first().waitFor();
    await settle();
    await eventually(ledgerIds).toEqual([charges[1]]);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('completed');
    await expect(
      page.getByRole('tab', { name: 'Transaction Ledger' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await shot('tables-credits-ledger-filtered');
    // Export CSV takes the view: the completed charge only.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(charges[1]!);
    expect(csv).not.toContain(charges[0]!);
  });
});
