/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { eventually, useTableBrowser } from './support/tables';

// Issue 27, "Tables": the codes tables sort and filter on the server and keep search, sort, filters
// and page in the URL (a reload or a shared link shows the same view); long partner names are not cut
// at 1366 px. Screenshots at 1366 × 768 go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const LONG_PARTNER = 'Antelope Valley Sports Medicine and Physical Therapy';
const staff = { username: 'e2e-tables-staff', password: 'tables-staff-password' };

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
const { shot, settle, signInAdmin } = ui;
let adminToken: string;
let partnerId: string;

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function generate(json: Record<string, unknown>): Promise<string> {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: { discountValue: 10, expirationDate: inDays(30), ...json },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: LONG_PARTNER }, staff);
  // Names out of creation order, usage and expiry varied, one used up and one not started yet.
  await generate({ partnerId, service: 'Sports Massage', expirationDate: inDays(90), usageLimit: '3' });
  await generate({ clinic: 'Zephyr Swim School', service: 'Lessons', expirationDate: inDays(10) });
  const usedUp = await generate({ clinic: 'Bluebird Yoga', service: 'Drop-in class', usageLimit: '1' });
  expect((await api(baseUrl, `/api/redeem/${usedUp}`, { method: 'POST' })).status).toBe(200);
  await generate({
    clinic: 'Mesa Climbing Gym',
    service: 'Day pass',
    startDate: inDays(5),
    expirationDate: inDays(60),
  });
  const busy = await generate({ partnerId, service: 'Physio Assessment', usageLimit: 'unlimited' });
  for (let i = 0; i < 2; i++) {
    expect((await api(baseUrl, `/api/redeem/${busy}`, { method: 'POST' })).status).toBe(200);
  }
  await generate({ clinic: 'Coral Tennis Club', service: 'Court hire', expirationDate: inDays(200) });
});

describe('tables at 1366 × 768', () => {
  it('screenshots of the codes, redemptions and company tables as they are', async () => {
    await signInAdmin();
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    await shot(`tables-admin-codes-${process.env.TABLES_SHOT ?? 'after'}`);
    await page.goto(`${baseUrl}/dashboard?tab=redemptions`);
    await settle();
    await shot(`tables-admin-redemptions-${process.env.TABLES_SHOT ?? 'after'}`);
    await ui.newSession();
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL(`${baseUrl}/company-dashboard`);
    await page.goto(`${baseUrl}/company-admin`);
    await settle();
    await shot(`tables-company-codes-${process.env.TABLES_SHOT ?? 'after'}`);
  });
});

/** The facility names of the admin table's rows, top to bottom. */
const facilities = () => page.locator('[data-testid="qr-row"] td:nth-child(3) p:first-child').allInnerTexts();

describe('the codes table keeps its view in the URL', () => {
  it('sorts by a header, filters by status, and a reload or a shared link shows the same view', async () => {
    await signInAdmin();
    await page.getByTestId('qr-row').first().waitFor();
    // Facility A–Z, by the header (aria-sort says so).
    const facilityHeader = page.getByRole('columnheader', { name: 'Facility' });
    await ui.sortsAscendingByHeader(facilityHeader, 'sort-name', /sort=name/);
    await settle();
    const names = await facilities();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe(LONG_PARTNER);
    // Pressed again: Z–A.
    await page.getByTestId('sort-name').click();
    await page.waitForURL(/order=desc/);
    await eventually(async () => (await facilities())[0]).toBe('Zephyr Swim School');

    // Status: Used Up only.
    await ui.pickFilter('status-filter', 'Used Up', /status=used_up/);
    await settle();
    await eventually(facilities).toEqual(['Bluebird Yoga']);
    await eventually(() => page.getByTestId('download-view').innerText()).toBe('Download 1 code as PNG ZIP');

    // A reload shows the same view.
    await ui.reloadShowing('qr-row');
    await eventually(facilities).toEqual(['Bluebird Yoga']);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('used_up');

    // A shared link: another signed-in session opens the same address and sees the same view.
    const shared = page.url();
    await ui.openShared(shared);
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    await eventually(facilities).toEqual(['Bluebird Yoga']);

    // Search and page in the URL too: 1 per page, page 2 of the name sort.
    await page.goto(`${baseUrl}/dashboard?sort=name&size=10&q=a`);
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    await expect(page.getByLabel('Search QR codes').inputValue()).resolves.toBe('a');
    await shot('tables-admin-codes-sorted');
  });

  it('filters by partner, and Download All says how many codes of the view it takes', async () => {
    await signInAdmin();
    await page.getByTestId('qr-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('download-view').innerText())
      .toBe('Download 6 codes as PNG ZIP');
    await page.goto(`${baseUrl}/dashboard?partner=${partnerId}&pname=${encodeURIComponent(LONG_PARTNER)}`);
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    await eventually(facilities).toEqual([LONG_PARTNER, LONG_PARTNER]);
    await expect
      .poll(() => page.getByTestId('download-view').innerText())
      .toBe('Download 2 codes as PNG ZIP');
    await expect(page.getByTestId('partner-filter').inputValue()).resolves.toBe(LONG_PARTNER);
  });

  it('names are not cut at 1366 px', async () => {
    await signInAdmin();
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    const cell = page.locator('[data-testid="qr-row"] td:nth-child(3) p:first-child', {
      hasText: LONG_PARTNER,
    });
    const cut = await cell
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    expect(cut).toBe(false);
    await expect(cell.first().innerText()).resolves.toBe(LONG_PARTNER);
    // Every column fits beside the sticky Actions: nothing (Partners, say) slides under them.
    const table = await page
      .locator('.MuiTableContainer-root')
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, box: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.box);
    await expect(page.getByTestId('partner-count').first().isVisible()).resolves.toBe(true);
  });

  it('the company panel sorts and filters its own codes, and keeps the view on reload', async () => {
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL(`${baseUrl}/company-dashboard`);
    await page.goto(`${baseUrl}/company-admin`);
    await page.getByTestId('qr-row').first().waitFor();
    await page.getByTestId('sort-usageCount').click();
    await page.waitForURL(/sort=usageCount/);
    await settle();
    const services = () =>
      page.locator('[data-testid="qr-row"] td:nth-child(2) p:nth-child(2)').allInnerTexts();
    await eventually(services).toEqual(['Physio Assessment', 'Sports Massage']);
    await ui.reloadShowing('qr-row');
    await eventually(services).toEqual(['Physio Assessment', 'Sports Massage']);
    await expect(page.getByRole('columnheader', { name: 'Usage' }).getAttribute('aria-sort')).resolves.toBe(
      'descending',
    );
  });

  it('on a phone the table is cards, sorted by the Sort field', async () => {
    await ui.newSession('phone');
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?sort=usageCount&order=desc`);
    await page.getByTestId('qr-row').first().waitFor();
    await settle();
    await expect(page.getByTestId('sort-select').locator('input').inputValue()).resolves.toBe(
      'usageCount:desc',
    );
    await expect(page.locator('table').count()).resolves.toBe(0);
    await page.screenshot({
      path: new URL('./screenshots/tables-admin-codes-phone.png', import.meta.url).pathname,
    });
  });
});

describe('the redemptions table keeps its view in the URL', () => {
  it('oldest first by the Time header, filtered by status, the same after a reload', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=redemptions`);
    await page.getByTestId('redemption-row').first().waitFor();
    const ids = () =>
      page
        .getByTestId('redemption-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-redemption-id')));
    const newest = await ids();
    expect(newest.length).toBe(3);
    await page.getByTestId('sort-redeemedAt').click();
    await page.waitForURL(/order=asc/);
    await eventually(ids).toEqual([...newest].reverse());
    await ui.pickFilter('status-filter', 'Cancelled', /status=cancelled/);
    await page.getByText('No redemptions match this search and these filters.').waitFor();
    await page.reload();
    await page.getByText('No redemptions match this search and these filters.').waitFor();
    await eventually(() => page.getByRole('columnheader', { name: 'Time' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await shot('tables-admin-redemptions-filtered');
  });
});

describe('the partners list keeps its search and category in the URL', () => {
  it('a link with ?q= shows the partners it found, and the search box says so', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/partners?q=antelope`);
    await page.getByText(LONG_PARTNER).first().waitFor();
    await expect(page.getByLabel('Search partners').inputValue()).resolves.toBe('antelope');
    await page.getByLabel('Search partners').fill('zzz-nobody');
    await page.waitForURL(/q=zzz-nobody/);
    await page.reload();
    await expect(page.getByLabel('Search partners').inputValue()).resolves.toBe('zzz-nobody');
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
  });
});
