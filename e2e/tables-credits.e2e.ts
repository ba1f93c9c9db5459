/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { eventually, useTableBrowser } from './support/tables';

// Issue 27, "Tables", on the credits screens: the administrator's Credit Allocations and the
// partner's athletes sort by their headers and filter by status (and partner) on the server, and keep
// search, sort and filters in the URL, so a reload shows the same view. Screenshots go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const TAG = `Tc${randomUUID().slice(0, 5)}`;
const staff = { username: `e2e-ctables-${TAG.toLowerCase()}`, password: 'credit-tables-password' };

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
const { shot, settle, signInAdmin } = ui;
let adminToken: string;
let partnerId: string;
let partnerName: string;
/** The partner's charges, oldest first: Morgan's (voided), then Zoe's. */
const charges: string[] = [];

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
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-credits?q=${TAG}`);
    await page.getByTestId('credit-row').first().waitFor();
    await settle();
    await eventually(allocations).toEqual(['Blake', 'Zoe', 'alex', 'Morgan']);

    // Athlete A–Z by the header (aria-sort says so), then Z–A.
    const athleteHeader = page.getByRole('columnheader', { name: 'Athlete' });
    await ui.sortsAscendingByHeader(athleteHeader, 'sort-athleteName', /sort=athleteName/);
    await eventually(allocations).toEqual(['alex', 'Blake', 'Morgan', 'Zoe']);
    await page.getByTestId('sort-athleteName').click();
    await page.waitForURL(/order=desc/);
    await eventually(allocations).toEqual(['Zoe', 'Morgan', 'Blake', 'alex']);

    // Period: soonest end first.
    await page.getByTestId('sort-endDate').click();
    await page.waitForURL(/sort=endDate/);
    await eventually(allocations).toEqual(['Blake', 'alex', 'Zoe', 'Morgan']);

    // Status: Active only, then the partner's only.
    await ui.pickFilter('status-filter', 'Active', /status=active/);
    await eventually(allocations).toEqual(['alex', 'Zoe', 'Morgan']);
    await page.getByTestId('credits-partner-filter').fill(partnerName);
    await page.getByRole('option', { name: partnerName }).first().click();
    await page.waitForURL(new RegExp(`partner=${partnerId}`));
    await eventually(allocations).toEqual(['Zoe', 'Morgan']);
    await settle();
    await shot('tables-credits-allocations-filtered');

    // A reload shows the same view.
    await ui.reloadShowing('credit-row');
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
    // The first sort drawn before the second click (a click on a header mid-redraw can be lost).
    await eventually(athletes).toEqual(['Blake', 'alex', 'Zoe', 'Morgan']);
    await page.getByTestId('sort-endDate').click();
    await page.waitForURL(/order=desc/);
    await eventually(athletes).toEqual(['Morgan', 'Zoe', 'alex', 'Blake']);
    await ui.pickFilter('status-filter', 'Expired', /status=expired/);
    await eventually(athletes).toEqual(['Blake']);
    await ui.reloadShowing('athlete-row');
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
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-credits?tab=ledger&q=${TAG}`);
    await page.getByTestId('ledger-row').first().waitFor();
    await eventually(ledgerIds).toEqual([...charges].reverse());
    const dateHeader = page.getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    await page.getByTestId('sort-createdAt').click();
    await page.waitForURL(/order=asc/);
    await eventually(() => dateHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(ledgerIds).toEqual(charges);
    await ui.pickFilter('status-filter', 'Completed', /status=completed/);
    await eventually(ledgerIds).toEqual([charges[1]]);
    await ui.reloadShowing('ledger-row');
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
