/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';

// The partners screen (issue 12): a partner with a logo, found by search and category, its portal
// user signed in elsewhere and signed out by deactivation, its gallery, the landing page, the delete.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = '/tmp/shots/i12/';
mkdirSync(SHOTS, { recursive: true });
const tag = Math.random().toString(36).slice(2, 7);
const NAME = `Harbour Coffee ${tag}`;
const USERNAME = `harbour-${tag}`;

let browser: Browser;
let admin: BrowserContext;
let page: Page;
let adminToken: string;
let staffContext: BrowserContext | undefined;

async function shot(p: Page, name: string) {
  await p.waitForTimeout(350); // dialogs and toasts finish their transitions
  await p.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  await screenshot(p, `partners-${name}`);
}

const image = (colour: string, width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const toast = (p: Page, title: string) => p.getByText(title, { exact: true }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  admin = await browser.newContext({ viewport: DESKTOP });
  await admin.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await admin.newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
});
afterAll(async () => {
  await staffContext?.close();
  await admin?.close();
  await browser?.close();
});

describe('the partners screen', () => {
  let vendorId = '';
  let codeId = '';

  it('reaches the screen from the navigation bar; searches that find nothing say so', async () => {
    await page.getByRole('link', { name: 'Partners' }).first().click();
    await page.waitForURL(`${baseUrl}/partners`);
    await page.getByRole('heading', { name: 'Partners', level: 1 }).waitFor();
    await page.getByLabel('Search partners').fill(`nothing-${tag}`);
    await page.getByText('No partners match').waitFor();
    await shot(page, '01-empty-search');
    await page.getByRole('button', { name: 'Clear search' }).click();
  });

  it('shows the loading and error states, and Retry loads the page', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vendors?*', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, message: 'The partners service is unavailable' }),
      });
    });
    await page.reload();
    await page.getByRole('status', { name: 'Loading partners' }).waitFor();
    await shot(page, '01b-loading');
    release();
    await page.getByText('The partners service is unavailable').waitFor();
    await shot(page, '01c-error');
    await page.unroute('**/api/vendors?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Partners', level: 1 }).waitFor();
    await page.getByText('The partners service is unavailable').waitFor({ state: 'detached' });
  });

  it('creates a partner with a logo, refusing a missing name and a bad website first', async () => {
    await page.getByRole('button', { name: 'Create Partner' }).first().click();
    const form = page.getByRole('form', { name: 'Create Partner' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Create Partner' }).click();
    await form.getByText('Partner name is required').waitFor();
    await form.getByLabel('Partner Name').fill(NAME);
    await form.getByLabel('Legal Name').fill(`${NAME} Ltd`);
    await form.getByLabel('Email').fill(`hello@${tag}.example`);
    await form.getByLabel('Website').fill('harbour coffee');
    await form.getByRole('button', { name: 'Create Partner' }).click();
    await form.getByText('Please enter a valid URL (https://...)').waitFor();
    await form.getByLabel('Website').fill(`https://${tag}.example`);
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Address').fill('1 Quay Street');
    await form.getByLabel('Categories').click();
    await page.getByRole('option', { name: 'Coffee Shop' }).click();
    await page.getByRole('option', { name: 'Restaurant' }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Contact Info').fill('Open daily');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await image('#c0392b', 200, 200) });
    await form.getByText('logo.png').waitFor();
    await shot(page, '02-create-dialog');
    await form.getByRole('button', { name: 'Create Partner' }).click();
    await toast(page, 'Partner Created').waitFor();
    await form.waitFor({ state: 'detached' });
    const found = await api(baseUrl, `/api/vendors?search=${encodeURIComponent(NAME)}`, {
      token: adminToken,
    });
    expect(found.body.total).toBe(1);
    vendorId = found.body.items[0].id;
    expect(found.body.items[0].logoUrl).toMatch(/^\/uploads\//);
    expect(found.body.items[0].categories).toEqual(['Coffee Shop', 'Restaurant']);
    expect(found.body.items[0].legalName).toBe(`${NAME} Ltd`);
  });

  it('finds it by search and by category, with its logo on the card', async () => {
    // A code assigned to it, for the QR Codes tab.
    const code = await api(baseUrl, '/api/generate-qr', {
      method: 'POST',
      token: adminToken,
      json: {
        clinic: NAME,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Flat white',
        expirationDate: '2099-12-31',
        usageLimit: 'unlimited',
      },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    codeId = code.body.id;
    await api(baseUrl, `/api/qr-codes/${codeId}/assign-partners`, {
      method: 'POST',
      token: adminToken,
      json: { partnerIds: [vendorId] },
    });

    await page.getByLabel('Search partners').fill(`HARBOUR COFFEE ${tag.toUpperCase()}`);
    const card = page.getByTestId('partner-card').filter({ hasText: NAME });
    await card.waitFor();
    await expect.poll(() => page.getByTestId('partner-card').count()).toBe(1);
    await card.getByRole('img', { name: `${NAME} logo` }).waitFor();
    await expect
      .poll(() =>
        card.getByRole('img', { name: `${NAME} logo` }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(page, '03-found-by-search');
    await page.getByLabel('Search partners').fill('');
    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Coffee Shop' }).click();
    // Our card is on the unfiltered page too: wait until the page shown is the filtered one (every
    // card in the category), reading the cards as they are now rather than by a position that the
    // filtered page may no longer have.
    await expect
      .poll(
        async () => {
          const texts = await page.getByTestId('partner-card').allTextContents();
          return texts.length > 0 && texts.every((text) => text.includes('Coffee Shop'));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await card.waitFor();
    await shot(page, '04-found-by-category');
  });

  it('edits the partner', async () => {
    const card = page.getByTestId('partner-card').filter({ hasText: NAME });
    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    const form = page.getByRole('form', { name: 'Edit Partner' });
    await expect.poll(() => form.getByLabel('Partner Name').inputValue()).toBe(NAME);
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Valid email required').waitFor();
    await form.getByLabel('Email').fill(`hello@${tag}.example`);
    await form.getByLabel('Contact Info').fill('Open daily 7am-5pm');
    await form.getByLabel('Description').fill('Harbour-side espresso bar.');
    expect(await form.getByLabel('Legal Name').inputValue()).toBe(`${NAME} Ltd`);
    await form.getByLabel('Legal Name').fill(`${NAME} Holdings Ltd`);
    await shot(page, '04b-edit-dialog');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Partner Updated').waitFor();
    await form.waitFor({ state: 'detached' });
  });

  it('opens the details: Company Info, QR Codes, and a portal user with a generated password', async () => {
    const card = page.getByTestId('partner-card').filter({ hasText: NAME });
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: NAME });
    await dialog.getByRole('tab', { name: 'Company Info' }).waitFor();
    await dialog.getByText('Open daily 7am-5pm').waitFor();
    await dialog.getByText(`${NAME} Holdings Ltd`).waitFor(); // the legal name saved by the edit
    await dialog.getByRole('img', { name: `${NAME} logo` }).waitFor();
    await shot(page, '05-details-company-info');

    await dialog.getByRole('tab', { name: 'QR Codes' }).click();
    const row = dialog.getByRole('row').filter({ hasText: 'Flat white' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/10% Off.*∞.*Active/);
    await shot(page, '06-details-qr-codes');

    await dialog.getByRole('tab', { name: 'Portal Users' }).click();
    await dialog.getByText('No portal users yet').waitFor();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('form', { name: 'Create Portal User' });
    await form.getByRole('button', { name: 'Create User' }).click();
    await form.getByText('Username is required').waitFor();
    await form.getByLabel('Username').fill(USERNAME);
    await form.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Copied').waitFor();
    const password = await form.getByLabel('Password', { exact: false }).first().inputValue();
    expect(password).toHaveLength(12);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await form.getByLabel('First Name').fill('Robin');
    await shot(page, '07-create-portal-user');
    await form.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'Portal User Created').waitFor();
    const user = dialog.getByTestId('portal-user').filter({ hasText: USERNAME });
    await user.getByText('Active', { exact: true }).waitFor();
    await shot(page, '08-portal-users');

    // The portal user signs in in another browser.
    staffContext = await browser.newContext({ viewport: DESKTOP });
    const staff = await staffContext.newPage();
    await signIn(staff, baseUrl, USERNAME.toUpperCase(), password);
    await staff.waitForURL(`${baseUrl}/company-dashboard`);
    await staff.getByText(NAME).first().waitFor();
    await shot(staff, '09-portal-user-signed-in');

    // Deactivated: the other browser's next call (the dashboard polls its stats) signs it out.
    await user.getByRole('button', { name: `Deactivate ${USERNAME}` }).click();
    await toast(page, 'User Status Updated').waitFor();
    await user.getByText('Inactive', { exact: true }).waitFor();
    await shot(page, '10-portal-user-deactivated');
    await staff.waitForURL(/\/login/, { timeout: 20_000 });
    await shot(staff, '11-portal-user-signed-out');
  });

  it('adds, views and removes a gallery photo', async () => {
    const dialog = page.getByRole('dialog', { name: NAME });
    await dialog.getByRole('tab', { name: 'Gallery' }).click();
    await dialog.getByText('No photos yet').waitFor();
    await shot(page, '12-gallery-empty');
    await dialog
      .getByLabel('Gallery photo file')
      .setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await image('#2e86c1', 640, 400) });
    await toast(page, 'Photo Uploaded').waitFor();
    const photo = dialog.getByRole('img', { name: 'Gallery photo 1' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await shot(page, '13-gallery-photo');
    await dialog.getByRole('button', { name: 'View photo 1' }).click();
    await page.getByRole('img', { name: 'Gallery photo, large' }).waitFor();
    await shot(page, '14-gallery-large');
    await page.getByRole('button', { name: 'Close photo' }).click();
    const url = await photo.getAttribute('src');
    await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
    await dialog.getByText('No photos yet').waitFor();
    // Its file is gone from the server.
    expect((await fetch(`${baseUrl}${url}`)).status).toBe(404);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the logo on the landing page', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const landing = await visitor.newPage();
    // The public list is shared for a few seconds (PUBLIC_CACHE_MS): read until the partner is in it.
    await expect
      .poll(
        async () => {
          await landing.goto(baseUrl);
          await landing.getByText('Loading partners...').waitFor({ state: 'detached' });
          // Other files' partners may come first: the list's search finds it on any page.
          const search = landing.getByTestId('partner-search');
          if (await search.count()) await search.fill(NAME);
          await landing.waitForLoadState('networkidle').catch(() => undefined);
          return landing.getByRole('img', { name: `${NAME} logo` }).count();
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toBeGreaterThan(0);
    const logo = landing.getByRole('img', { name: `${NAME} logo` }).first();
    await logo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => logo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
    await landing.waitForTimeout(400);
    await landing.screenshot({ path: `${SHOTS}15-landing-logo.png` });
    await visitor.close();
  });

  it('lists partners on a phone, with a full-screen details dialog', async () => {
    const phoneContext = await newPhoneContext(browser);
    const phone = await phoneContext.newPage();
    await signIn(phone, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await phone.waitForURL(`${baseUrl}/dashboard`);
    await phone.goto(`${baseUrl}/vendors`);
    await phone.getByLabel('Search partners').fill(NAME);
    const row = phone.getByTestId('partner-row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await phone.getByTestId('partner-card').count()).toBe(0);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(phone, '16-phone-list');
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = phone.getByRole('dialog', { name: NAME });
    await dialog.getByText('Open daily 7am-5pm').waitFor();
    const box = await phone.locator('.MuiDialog-paper').boundingBox();
    expect(box?.width).toBe(390);
    await shot(phone, '17-phone-details');
    await dialog.getByRole('tab', { name: 'Portal Users' }).click();
    await dialog.getByTestId('portal-user').first().waitFor();
    await shot(phone, '18-phone-portal-users');
    await phoneContext.close();
  });

  it('deletes the partner after the confirmation; its voucher and redemptions stay', async () => {
    expect((await api(baseUrl, `/api/redeem/${codeId}`, { method: 'POST' })).status).toBe(200);
    await page.getByLabel('Search partners').fill(NAME);
    const card = page.getByTestId('partner-card').filter({ hasText: NAME });
    await card.getByRole('button', { name: `Delete ${NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this partner?' });
    await confirm.getByText('Its vouchers and their redemptions are kept.').waitFor();
    await shot(page, '19-delete-confirmation');
    await confirm.getByRole('button', { name: 'Delete Partner' }).click();
    await toast(page, 'Partner Deleted').waitFor();
    await page.getByText('No partners match').waitFor();
    await shot(page, '20-deleted');
    const voucher = await api(baseUrl, `/api/qr-codes/${codeId}`);
    expect(voucher.status).toBe(200);
    expect(voucher.body.usageCount).toBe(1);
  });
});

describe('the landing page counts its partners (issue 44)', () => {
  // 26 partners of this run, none with an offer yet: a search finds them all, the first page shows 24.
  const group = `Orchard ${tag}`;
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 26; i++) {
      const id = (
        await api(baseUrl, '/api/vendors', {
          method: 'POST',
          token: adminToken,
          json: { name: `${group} Stall ${String(i).padStart(2, '0')}` },
        })
      ).body.id as string;
      ids.push(id);
    }
  });
  afterAll(async () => {
    // Other files read the landing page's list: this run's partners go again.
    for (const id of ids) await api(baseUrl, `/api/vendors/${id}`, { method: 'DELETE', token: adminToken });
  });

  for (const device of ['desktop', 'phone'] as const) {
    it(`on a ${device}, "Show more" says how many of how many are shown; a partner without offers says "Offers coming"`, async () => {
      const visitor =
        device === 'phone' ? await newPhoneContext(browser) : await browser.newContext({ viewport: DESKTOP });
      const landing = await visitor.newPage();
      await landing.goto(baseUrl);
      await landing.getByText('Loading partners...').waitFor({ state: 'detached' });
      await landing.getByTestId('partner-search').fill(group);
      await landing.getByText(`26 partners matching "${group}"`).waitFor({ timeout: 20_000 });
      const shown = landing.getByTestId('partners-shown');
      await expect(shown.innerText()).resolves.toBe('Showing 24 of 26 partners');
      const card = landing.getByTestId('partner').filter({ hasText: `${group} Stall 00` });
      await expect(card.getByTestId('offers-coming').innerText()).resolves.toBe('Offers coming');
      await expect(card.getByText('0 Active').count()).resolves.toBe(0);
      expect(await seriousAxeViolations(landing)).toEqual([]);
      await shown.scrollIntoViewIfNeeded();
      await landing.waitForTimeout(400);
      await landing.screenshot({ path: `${SHOTS}21-landing-count-${device}.png` });

      await landing.getByTestId('partners-show-more').click();
      await landing
        .getByTestId('partner')
        .filter({ hasText: `${group} Stall 25` })
        .waitFor();
      // Everything is shown: no button and no count under it.
      await expect(landing.getByTestId('partners-show-more').count()).resolves.toBe(0);
      await expect(shown.count()).resolves.toBe(0);
      await visitor.close();
    });
  }
});
