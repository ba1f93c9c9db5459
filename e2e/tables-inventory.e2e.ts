/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { eventually, LAPTOP, useTableBrowser } from './support/tables';

// Issue 27, "Tables", on the inventory screens: Merch Items, an item's stock lines, the ledger and the
// allocations (the administrator's and the partner's) sort by their headers (a Sort field on a phone)
// and filter by status (and partner) on the server, and keep search, sort, filters and page in the
// URL, so a reload or a shared link shows the same view. Screenshots go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const TAG = `Ti${randomUUID().slice(0, 5)}`;
const staff = { username: `e2e-itables-${TAG.toLowerCase()}`, password: 'inventory-tables-password' };

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
const { shot, settle, signInAdmin } = ui;
let adminToken: string;
let partnerId: string;
let partnerName: string;
let tee: string;
const lines: Record<string, string> = {};

async function item(name: string, price: string, extra: Record<string, string> = {}): Promise<string> {
  const body = new FormData();
  const fields = {
    name: `${TAG} ${name}`,
    sku: `${TAG}-${randomUUID().slice(0, 8)}`,
    category: 'shirts',
    price,
    sizes: 'S,M,L',
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const res = await fetch(`${baseUrl}/api/merch-items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body,
  });
  const json = (await res.json()) as { id: string };
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.id;
}

async function post(path: string, json: unknown): Promise<string> {
  const res = await api(baseUrl, path, { method: 'POST', token: adminToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  partnerName = `${TAG} Outfitters`;
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: partnerName }, staff);
  // Items out of name and price order; Delta inactive, Gamma a hoodie.
  tee = await item('Bravo Tee', '20');
  await item('alpha Cap', '35');
  await item('Delta Socks', '5', { isActive: 'false' });
  await item('Gamma Hoodie', '50', { category: 'hoodies' });
  // The tee's lines: S 30 (min 5), M 8 (min 10: low), L 0 (out of stock).
  lines.S = await post('/api/inventory', {
    merchItemId: tee,
    size: 'S',
    totalQuantity: 30,
    minStockLevel: 5,
  });
  lines.M = await post('/api/inventory', {
    merchItemId: tee,
    size: 'M',
    totalQuantity: 8,
    minStockLevel: 10,
  });
  lines.L = await post('/api/inventory', { merchItemId: tee, size: 'L', totalQuantity: 0, minStockLevel: 2 });
  // Allocations to the partner: 4, then 9, then 2 of S; then 3 of S, removed.
  for (const quantity of [4, 9, 2]) {
    await post('/api/partner-allocations', { partnerId, merchInventoryId: lines.S, quantity });
  }
  const removed = await post('/api/partner-allocations', {
    partnerId,
    merchInventoryId: lines.S,
    quantity: 3,
  });
  const res = await api(baseUrl, `/api/partner-allocations/${removed}`, {
    method: 'DELETE',
    token: adminToken,
  });
  expect(res.status).toBe(200);
});

/** The item names of the Merch Items rows (or cards), top to bottom, without the run's tag. */
const itemNames = async () =>
  (await page.getByTestId('merch-name').allInnerTexts()).map((n) => n.replace(`${TAG} `, ''));
const quantities = () => page.getByTestId('allocation-quantity').allInnerTexts();
const sizes = () =>
  page
    .locator('[data-testid="inventory-row"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-size')));
const types = () =>
  page
    .locator('[data-testid="transaction-row"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));

describe('the inventory tables keep their view in the URL', () => {
  it('Merch Items: sorts by Name and Price both ways, filters by status and category, the same after a reload and from a link', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-inventory?items.q=${TAG}`);
    await page.getByTestId('merch-row').first().waitFor();
    await settle();
    await eventually(itemNames).toEqual(['Gamma Hoodie', 'Delta Socks', 'alpha Cap', 'Bravo Tee']);
    await shot('tables-inventory-items-before');

    const nameHeader = page.getByRole('columnheader', { name: 'Name / SKU' });
    await ui.sortsAscendingByHeader(nameHeader, 'sort-name', /items\.sort=name/);
    await eventually(itemNames).toEqual(['alpha Cap', 'Bravo Tee', 'Delta Socks', 'Gamma Hoodie']);
    await page.getByTestId('sort-name').click();
    await page.waitForURL(/items\.order=desc/);
    await eventually(itemNames).toEqual(['Gamma Hoodie', 'Delta Socks', 'Bravo Tee', 'alpha Cap']);

    await page.getByTestId('sort-price').click();
    await page.waitForURL(/items\.sort=price/);
    await eventually(itemNames).toEqual(['Delta Socks', 'Bravo Tee', 'alpha Cap', 'Gamma Hoodie']);
    await page.getByTestId('sort-price').click();
    await eventually(itemNames).toEqual(['Gamma Hoodie', 'alpha Cap', 'Bravo Tee', 'Delta Socks']);

    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.waitForURL(/items\.status=active/);
    await eventually(itemNames).toEqual(['Gamma Hoodie', 'alpha Cap', 'Bravo Tee']);
    await ui.pickFilter('category-filter', 'Shirts', /items\.category=shirts/);
    await eventually(itemNames).toEqual(['alpha Cap', 'Bravo Tee']);
    await settle();
    await shot('tables-inventory-items-filtered');

    await ui.reloadShowing('merch-row');
    await eventually(itemNames).toEqual(['alpha Cap', 'Bravo Tee']);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('active');
    await expect(page.getByLabel('Search by name, SKU or brand').inputValue()).resolves.toBe(TAG);
    await eventually(() => page.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    // The same link in a fresh window shows the same view.
    const link = page.url();
    const other = await ui.browser.newContext({ viewport: LAPTOP });
    const second = await other.newPage();
    await signIn(second, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await second.waitForURL(`${baseUrl}/dashboard`);
    await second.goto(link);
    await second.getByTestId('merch-row').first().waitFor();
    await expect
      .poll(
        async () =>
          (await second.getByTestId('merch-name').allInnerTexts()).map((n) => n.replace(`${TAG} `, '')),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['alpha Cap', 'Bravo Tee']);
    await other.close();
  });

  it('the Inventory tab: an item’s lines by Available both ways and by stock status, the same after a reload', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-inventory?tab=inventory&item=${tee}`);
    await page.getByTestId('inventory-row').first().waitFor();
    await settle();
    await eventually(sizes).toEqual(['S', 'M', 'L']);
    // S: 30 - 15 allocated = 15 available; M 8; L 0.
    const availableHeader = page.getByRole('columnheader', { name: 'Available' });
    await page.getByTestId('sort-available').click();
    await page.waitForURL(/lines\.sort=available/);
    // The second click reads the sort the header shows: wait until it shows the first one (a busy
    // machine draws it after the address changes, and a click before that starts the same sort again).
    await eventually(() => availableHeader.getAttribute('aria-sort')).toBe('descending');
    await eventually(sizes).toEqual(['S', 'M', 'L']);
    await page.getByTestId('sort-available').click();
    await page.waitForURL(/lines\.order=asc/);
    await eventually(sizes).toEqual(['L', 'M', 'S']);
    await ui.pickFilter('status-filter', 'Low Stock', /lines\.status=low_stock/);
    await eventually(sizes).toEqual(['M']);
    await ui.reloadShowing('inventory-row');
    await eventually(sizes).toEqual(['M']);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('low_stock');
    await shot('tables-inventory-lines-filtered');
  });

  it('Transactions: an item’s ledger by type, oldest first by the Date header, the same after a reload', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-inventory?tab=transactions&item=${tee}`);
    await page.getByTestId('transaction-row').first().waitFor();
    await settle();
    // Newest first: the return, four allocations, the two initial stocks (L had none).
    await eventually(types).toEqual([
      'return',
      'allocation',
      'allocation',
      'allocation',
      'allocation',
      'restock',
      'restock',
    ]);
    const dateHeader = page.getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    await page.getByTestId('sort-createdAt').click();
    await page.waitForURL(/tx\.order=asc/);
    await eventually(() => dateHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(types).toEqual([
      'restock',
      'restock',
      'allocation',
      'allocation',
      'allocation',
      'allocation',
      'return',
    ]);
    await ui.pickFilter('status-filter', 'Allocation', /tx\.type=allocation/);
    await eventually(types).toEqual(['allocation', 'allocation', 'allocation', 'allocation']);
    await expect(page.getByTestId('signed-quantity').allInnerTexts()).resolves.toEqual([
      '-4',
      '-9',
      '-2',
      '-3',
    ]);
    await ui.reloadShowing('transaction-row');
    await eventually(() => page.getByTestId('signed-quantity').allInnerTexts()).toEqual([
      '-4',
      '-9',
      '-2',
      '-3',
    ]);
    await expect(page.getByRole('tab', { name: 'Transactions' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await shot('tables-inventory-ledger-filtered');
  });

  it('Allocations: the partner from a link, sorted by Quantity both ways, removed ones by status, the same after a reload', async () => {
    await signInAdmin();
    await page.goto(
      `${baseUrl}/admin-inventory?tab=allocations&alloc.partner=${partnerId}&alloc.pname=${encodeURIComponent(partnerName)}`,
    );
    await page.getByTestId('allocation-row').first().waitFor();
    await settle();
    await eventually(quantities).toEqual(['2', '9', '4']);
    const quantityHeader = page.getByRole('columnheader', { name: 'Quantity' });
    await page.getByTestId('sort-quantity').click();
    await page.waitForURL(/alloc\.sort=quantity/);
    await eventually(() => quantityHeader.getAttribute('aria-sort')).toBe('descending');
    await eventually(quantities).toEqual(['9', '4', '2']);
    await page.getByTestId('sort-quantity').click();
    await page.waitForURL(/alloc\.order=asc/);
    await eventually(quantities).toEqual(['2', '4', '9']);
    await ui.pickFilter('status-filter', 'Removed', /alloc\.status=removed/);
    await eventually(quantities).toEqual(['3']);
    await page.getByTestId('allocation-row').getByText('Removed').waitFor();
    await ui.reloadShowing('allocation-row');
    await eventually(quantities).toEqual(['3']);
    await expect(page.getByTestId('allocations-partner-filter').inputValue()).resolves.toBe(partnerName);
    await shot('tables-inventory-allocations-filtered');
  });

  it('the partner’s Allocated Inventory and Transaction History: sort, status and type, the same after a reload', async () => {
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${baseUrl}/partner-inventory`);
    await page.getByTestId('allocation-card').first().waitFor();
    const cards = () =>
      page
        .locator('[data-testid="allocation-card"]')
        .evaluateAll((all) => all.map((c) => c.getAttribute('data-quantity')));
    await eventually(cards).toEqual(['2', '9', '4']);
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Quantity (fewest first)' }).click();
    await page.waitForURL(/alloc\.sort=quantity/);
    await eventually(cards).toEqual(['2', '4', '9']);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Removed' }).click();
    await eventually(cards).toEqual(['3']);
    await page.reload();
    await page.getByTestId('allocation-card').first().waitFor();
    await eventually(cards).toEqual(['3']);
    await page.getByTestId('allocation-card').getByText('Removed').waitFor();

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await page.waitForURL(/tab=history/);
    await page.getByTestId('transaction-row').first().waitFor();
    await ui.pickFilter('status-filter', 'Return', /tx\.type=return/);
    await eventually(types).toEqual(['return']);
    await page.reload();
    await page.getByTestId('transaction-row').first().waitFor();
    await eventually(types).toEqual(['return']);
    await expect(
      page.getByRole('tab', { name: 'Transaction History' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await shot('tables-inventory-partner-history');
  });

  it('a phone shows cards and a Sort field that sorts on the server', async () => {
    await ui.newSession({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAdmin();
    await page.goto(`${baseUrl}/admin-inventory?items.q=${TAG}`);
    await page.getByTestId('merch-card').first().waitFor();
    await expect(page.getByTestId('merch-row').count()).resolves.toBe(0);
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Name (A–Z)' }).click();
    await page.waitForURL(/items\.sort=name/);
    await eventually(itemNames).toEqual(['alpha Cap', 'Bravo Tee', 'Delta Socks', 'Gamma Hoodie']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await settle();
    await shot('tables-inventory-phone-items');
  });
});
