/// <reference lib="dom" />
import { copyFileSync, mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { ARTIFACTS, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// Merchandise inventory: the administrator stocks, restocks and allocates; the partner reports usage.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = '/tmp/shots/i16/';
mkdirSync(SHOTS, { recursive: true });
const staff = { username: 'e2e-merch-staff', password: 'merch-password' };
const PARTNER = 'Harbor Sports Shop';
const SKU = `HOOD-${Date.now().toString(36).toUpperCase()}`;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let adminToken: string;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await screenshot(page, `inventory-${name}`);
  copyFileSync(`${ARTIFACTS}e2e-inventory-${name}.png`, `${SHOTS}${name}.png`);
}

async function openAs(user: { username: string; password: string }, viewport = DESKTOP, phone = false) {
  const context = phone ? await newPhoneContext(browser) : await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, baseUrl, user.username, user.password);
  await page.waitForURL(/dashboard/);
  return { context, page };
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

function inventoryRow(page: Page, size: string) {
  return page.locator(`[data-testid="inventory-row"][data-size="${size}"]`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  await createPartnerWithStaff(baseUrl, adminToken, { name: PARTNER }, staff);
  admin = await openAs(E2E_ADMIN);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('merchandise inventory', () => {
  it('the partner sees the empty states before anything is allocated', async () => {
    const partner = await openAs(staff);
    await partner.page.getByRole('link', { name: 'Inventory' }).first().click();
    await partner.page.waitForURL(`${baseUrl}/partner-inventory`);
    await expect(partner.page.getByText('No inventory allocated').waitFor()).resolves.toBeUndefined();
    await partner.page
      .getByText('Contact your administrator to allocate merchandise to your company.')
      .waitFor();
    await shot(partner.page, 'partner-empty');
    await partner.page.getByRole('tab', { name: 'Transaction History' }).click();
    await partner.page.getByText('No transactions recorded yet', { exact: true }).waitFor();
    await partner.context.close();
  });

  it('the administrator creates an item with stock for two sizes and an image, then restocks one', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Inventory' }).first().click();
    await page.waitForURL(`${baseUrl}/admin-inventory`);
    await page.getByRole('tab', { name: 'Allocations' }).click();
    await page.getByText('No allocations yet. Create inventory first, then allocate to partners.').waitFor();
    await page.getByRole('tab', { name: 'Merch Items' }).click();
    await shot(page, 'admin-items-initial');

    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Select at least one size').waitFor();
    await dialog.getByLabel('Name').fill('Club Hoodie');
    await dialog.getByLabel('SKU').fill(SKU);
    await choose(page, 'Category', /^hoodies$/i);
    await dialog.getByLabel('Brand').fill('Rooted');
    await dialog.getByLabel('Price ($)').fill('29.99');
    await dialog.getByLabel('M', { exact: true }).check();
    await dialog.getByLabel('L', { exact: true }).check();
    await dialog.getByLabel('Black').check();
    await dialog.getByLabel('Add Initial Inventory').check();
    await dialog.getByLabel('Qty M').fill('20');
    await dialog.getByLabel('Qty L').fill('12');
    const image = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    await dialog
      .getByTestId('merch-image-input')
      .setInputFiles({ name: 'hoodie.png', mimeType: 'image/png', buffer: image });
    await dialog.getByAltText('Product preview').waitFor();
    await shot(page, 'admin-item-dialog');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await toast(page, 'Item created successfully').waitFor();
    const row = page.getByTestId('merch-row').filter({ hasText: SKU });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('$29.99');
    await expect(row.getByRole('img').getAttribute('src')).resolves.toMatch(/^\/uploads\//);
    await shot(page, 'admin-items');

    await row.getByRole('button', { name: 'View Inventory' }).click();
    await inventoryRow(page, 'M').waitFor();
    await expect(inventoryRow(page, 'M').getByTestId('qty-total').innerText()).resolves.toBe('20');
    await expect(inventoryRow(page, 'L').getByTestId('qty-total').innerText()).resolves.toBe('12');
    await inventoryRow(page, 'L').getByRole('button', { name: 'Restock' }).click();
    await page.getByLabel('Quantity to add').fill('5');
    await page.getByRole('dialog').getByRole('button', { name: 'Restock' }).click();
    await toast(page, 'Inventory updated successfully').waitFor();
    await expect.poll(() => inventoryRow(page, 'L').getByTestId('qty-total').innerText()).toBe('17');
    await expect(inventoryRow(page, 'L').getByTestId('qty-available').innerText()).resolves.toBe('17');
    await shot(page, 'admin-inventory-lines');
  });

  it('allocates to the partner; the line goes low and the dashboard says so', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'Allocations' }).click();
    await page.getByRole('button', { name: 'New Allocation' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'Partner', PARTNER);
    await choose(page, 'Inventory item', /^M — 20 available/);
    await dialog.getByLabel('Quantity').fill('12');
    await dialog.getByLabel('Notes (optional)').fill('Front window display');
    await dialog.getByRole('button', { name: 'Create Allocation' }).click();
    await toast(page, 'Allocation created successfully').waitFor();
    const allocation = page.getByTestId('allocation-row').filter({ hasText: PARTNER });
    await allocation.waitFor();
    await expect(allocation.innerText()).resolves.toContain('Club Hoodie');
    await shot(page, 'admin-allocations');

    await page.getByRole('tab', { name: 'Inventory' }).click();
    await expect(inventoryRow(page, 'M').getByTestId('qty-available').innerText()).resolves.toBe('8');
    await inventoryRow(page, 'M').getByText('Low Stock').waitFor();
    await expect(page.getByTestId('card-low-stock').innerText()).resolves.toContain('1');
    await inventoryRow(page, 'M').getByRole('button', { name: 'History' }).click();
    await page.getByTestId('transaction-row').first().waitFor();
    const quantities = await page.getByTestId('signed-quantity').allInnerTexts();
    expect(quantities).toEqual(['-12', '+20']);
    const negative = await page
      .getByTestId('signed-quantity')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    const positive = await page
      .getByTestId('signed-quantity')
      .last()
      .evaluate((el) => getComputedStyle(el).color);
    expect(negative).not.toBe(positive);
    await shot(page, 'admin-transactions');

    await page.goto(`${baseUrl}/dashboard`);
    const notice = page.getByTestId('low-stock-notice');
    await notice.waitFor();
    await shot(page, 'admin-dashboard-notice');
    await notice.getByRole('link', { name: 'View Inventory' }).click();
    await page.waitForURL(`${baseUrl}/admin-inventory?tab=inventory`);
    await page.getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
  });

  it('the partner reports usage: over the limit is refused, a valid value is saved, the cards follow', async () => {
    const partner = await openAs(staff);
    const { page } = partner;
    await page.goto(`${baseUrl}/partner-inventory`);
    const card = page.getByTestId('allocation-card').first();
    await card.waitFor();
    await expect(page.getByTestId('card-total-allocated').innerText()).resolves.toContain('12');
    await expect(page.getByTestId('card-total-value').innerText()).resolves.toContain('$359.88');
    await expect(card.getAttribute('data-usage-level')).resolves.toBe('normal');
    await card.getByRole('button', { name: 'Update Usage' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Used quantity').fill('13');
    await dialog.getByRole('button', { name: 'Save Usage' }).click();
    await dialog.getByText('Used quantity cannot exceed allocated quantity').waitFor();
    await toast(page, 'Invalid quantity').waitFor();
    await shot(page, 'partner-usage-over');
    await dialog.getByLabel('Used quantity').fill('10');
    await dialog.getByRole('button', { name: 'Save Usage' }).click();
    await toast(page, 'Usage updated').waitFor();
    await expect.poll(() => card.getByTestId('usage').innerText()).toBe('10/12');
    await expect(card.getAttribute('data-usage-level')).resolves.toBe('high');
    const color = await card.getByTestId('usage').evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    await expect(page.getByTestId('card-total-used').innerText()).resolves.toContain('10');
    await expect(page.getByTestId('card-utilization').innerText()).resolves.toContain('83%');
    await shot(page, 'partner-allocated');

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await page.getByTestId('transaction-row').first().waitFor();
    await expect(page.getByTestId('signed-quantity').allInnerTexts()).resolves.toEqual(['-10', '-12']);
    await shot(page, 'partner-history');
    await partner.context.close();
  });

  it('the administrator removes the allocation and the unused stock returns', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'Allocations' }).click();
    const allocation = page.getByTestId('allocation-row').filter({ hasText: PARTNER });
    await allocation.getByRole('button', { name: /Remove allocation/ }).click();
    await page.getByText('Remove this allocation?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Allocation removed successfully').waitFor();
    await page.getByText('No allocations yet. Create inventory first, then allocate to partners.').waitFor();
    await page.getByRole('tab', { name: 'Inventory' }).click();
    // The dashboard's link opened the tab without an item: choose it.
    await choose(page, 'Item', /Club Hoodie/);
    await expect.poll(() => inventoryRow(page, 'M').getByTestId('qty-available').innerText()).toBe('10');
    await expect(inventoryRow(page, 'M').getByTestId('qty-sold').innerText()).resolves.toBe('10');
    await expect(inventoryRow(page, 'M').getByTestId('qty-total').innerText()).resolves.toBe('20');
    await shot(page, 'admin-after-removal');
  });

  it('a delete of an item with stock is refused with the reason; a partner cannot open the admin screen', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'Merch Items' }).click();
    const row = page.getByTestId('merch-row').filter({ hasText: SKU });
    await row.getByRole('button', { name: /Delete/ }).click();
    await page.getByText('Are you sure you want to delete this item?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/cannot be deleted; mark it Inactive instead/).waitFor();

    const partner = await openAs(staff);
    await partner.page.goto(`${baseUrl}/admin-inventory`);
    // Spec section 2: anyone but the administrator sees the 404 page here.
    await partner.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await partner.context.close();
  });

  it('phone layout: both screens fit a 390 px phone', async () => {
    for (const [user, path, name] of [
      [E2E_ADMIN, '/admin-inventory?tab=inventory', 'phone-admin'],
      [staff, '/partner-inventory', 'phone-partner'],
    ] as const) {
      const phone = await openAs(user, DESKTOP, true);
      await phone.page.goto(`${baseUrl}${path}`);
      await phone.page.getByRole('tab').first().waitFor();
      await phone.page.waitForTimeout(500);
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await shot(phone.page, name);
      await phone.context.close();
    }
  });
});
