/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, signIn } from './support/browser';
import { adminLogin, createPartner } from './support/partners';

// Issue 25 (screens): Cancel with a reason in the admin's Recent Redemptions (the Cancelled badge, the
// stats down by one), a staff-only code's public page (the QR to show at the till, no Redeem), the
// "Who redeems" control on /generate, and the club-wide default in Settings starting that control.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const run = Date.now().toString(36);
const shop = { name: `Cancel Test Bikes ${run}`, email: `bikes-${run}@cancel.test` };
const STAFF_ONLY = 'Show this code at the till';

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let adminToken: string;
let shopId: string;

async function open(viewport: { width: number; height: number }) {
  await context?.close();
  context =
    viewport.width < 600
      ? await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
      : await browser.newContext({ viewport });
  page = await context.newPage();
}

async function signInAdmin() {
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}

async function expectToast(title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
}

/** A screenshot (e2e/screenshots) once things settle, and no serious or critical axe violation. */
async function shotAndAxe(name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}redemption-cancel-${name}.png`, fullPage: true });
  expect(await seriousAxeViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function generate(fields: Record<string, unknown> = {}) {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      clinic: shop.name,
      partnerId: shopId,
      discountType: 'percentage',
      discountValue: 15,
      service: `Tune-up ${run}`,
      expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      usageLimit: '3',
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; redemptionMode?: string };
}

/** A member's own redeem on the public page's route: one self-service redemption at the shop. */
async function redeemAsMember(id: string): Promise<string> {
  const res = await api(baseUrl, `/api/redeem/${id}`, { method: 'POST' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.redemptionId as string;
}

async function adminStats(): Promise<{ totalRedemptions: number; todayRedemptions: number }> {
  const res = await api(baseUrl, '/api/admin/stats', { token: adminToken });
  expect(res.status).toBe(200);
  return res.body;
}

async function setDefaultMode(mode: 'self' | 'staff') {
  const res = await api(baseUrl, '/api/settings/vouchers', {
    method: 'PUT',
    token: adminToken,
    json: { defaultRedemptionMode: mode },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  shopId = await createPartner(baseUrl, adminToken, shop);
});
afterAll(async () => {
  // Other files create codes without a mode: leave the club default as the spec has it.
  if (adminToken) await setDefaultMode('self').catch(() => undefined);
  await context?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const redemptionRow = (id: string) =>
  page.locator(`[data-testid="redemption-row"][data-redemption-id="${id}"]`);

describe('cancelling a redemption and staff-only codes (issue 25)', () => {
  it('the administrator cancels a redemption with a reason: Cancelled badge, stats down by one', async () => {
    const code = await generate();
    const redemptionId = await redeemAsMember(code.id);
    const before = await adminStats();

    await open(DESKTOP);
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=redemptions`);
    const row = redemptionRow(redemptionId);
    await row.waitFor({ timeout: 20_000 });
    // Where and by whom: the code's partner, the member on their own phone.
    const text = await row.innerText();
    expect(text).toContain(shop.name);
    expect(text).toContain('Member (self-service)');
    expect(text).toContain('Self');
    await expect
      .poll(() => page.getByTestId('stat-totalRedemptions').innerText(), { timeout: 20_000 })
      .toContain(before.totalRedemptions.toLocaleString('en-US'));
    await shotAndAxe('admin-redemptions-desktop');

    await row.getByTestId('cancel-redemption').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this redemption?' });
    await dialog.waitFor();
    // The reason is required.
    await dialog.getByTestId('cancel-redemption-confirm').click();
    await dialog.getByText('Please give a reason (1-500 characters)').waitFor();
    await dialog.getByTestId('cancel-reason').fill('Tapped Redeem at home by mistake');
    await shotAndAxe('cancel-dialog-desktop');
    await dialog.getByTestId('cancel-redemption-confirm').click();
    await expectToast('Redemption cancelled');
    await dialog.waitFor({ state: 'detached' });

    await row.getByTestId('cancelled-badge').waitFor({ timeout: 20_000 });
    const cancelled = await row.innerText();
    expect(cancelled).toContain('Tapped Redeem at home by mistake');
    expect(cancelled).toMatch(/By .+/);
    await expect(row.getByTestId('cancel-redemption').count()).resolves.toBe(0);

    const after = await adminStats();
    expect(after.totalRedemptions).toBe(before.totalRedemptions - 1);
    expect(after.todayRedemptions).toBe(before.todayRedemptions - 1);
    await expect
      .poll(() => page.getByTestId('stat-totalRedemptions').innerText(), { timeout: 20_000 })
      .toContain(after.totalRedemptions.toLocaleString('en-US'));
    await shotAndAxe('admin-redemptions-cancelled-desktop');

    // The use went back to the code.
    const voucher = await api(baseUrl, `/api/qr-codes/${code.id}`);
    expect(voucher.body.usageCount).toBe(0);
  });

  it('on a phone the card says Cancelled with the reason, and a cancel made meanwhile is refused in words', async () => {
    const code = await generate();
    const first = await redeemAsMember(code.id);
    const second = await redeemAsMember(code.id);
    const cancelFirst = await api(baseUrl, `/api/redemptions/${first}/cancel`, {
      method: 'POST',
      token: adminToken,
      json: { reason: 'Wrong voucher scanned' },
    });
    expect(cancelFirst.status, JSON.stringify(cancelFirst.body)).toBe(200);

    await open(PHONE);
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=redemptions`);
    const cancelledCard = redemptionRow(first);
    await cancelledCard.getByTestId('cancelled-badge').waitFor({ timeout: 20_000 });
    // Readable without hovering: the reason is on the card.
    await expect(cancelledCard.getByTestId('cancelled-detail').innerText()).resolves.toContain(
      'Wrong voucher scanned',
    );

    const card = redemptionRow(second);
    await card.getByTestId('cancel-redemption').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this redemption?' });
    await dialog.getByTestId('cancel-reason').fill('Customer changed their mind');
    await shotAndAxe('cancel-dialog-phone');
    // Someone else cancels it first: the second cancel is refused (409) and the dialog says why.
    const meanwhile = await api(baseUrl, `/api/redemptions/${second}/cancel`, {
      method: 'POST',
      token: adminToken,
      json: { reason: 'Cancelled at the desk' },
    });
    expect(meanwhile.status).toBe(200);
    await dialog.getByTestId('cancel-redemption-confirm').click();
    await expect(dialog.getByTestId('cancel-redemption-error').innerText()).resolves.toContain(
      'already been cancelled',
    );
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await card.getByTestId('cancelled-badge').waitFor({ timeout: 20_000 });
    await shotAndAxe('admin-redemptions-phone');
  });

  it("a staff-only code's page shows the QR to show at the till and no Redeem button", async () => {
    const code = await generate({ redemptionMode: 'staff', customTitle: `Staff-only tune-up ${run}` });
    expect(code.redemptionMode).toBe('staff');
    // The public route refuses it with the same words.
    const refused = await api(baseUrl, `/api/redeem/${code.id}`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STAFF_ONLY);

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      await open(viewport);
      await page.goto(`${baseUrl}/voucher/${code.id}`);
      // The script's page (voucher-card), not the first HTML it replaces while this test measures.
      await page.getByTestId('voucher-card').waitFor({ timeout: 20_000 });
      await page.getByTestId('staff-only-notice').waitFor({ timeout: 20_000 });
      await expect(page.getByTestId('staff-only-notice').innerText()).resolves.toBe(STAFF_ONLY);
      await expect(page.getByTestId('redeem-button').count()).resolves.toBe(0);
      // Drawn at once for a staff-only code (the encoder's chunk loads with the page).
      await page.getByTestId('voucher-qr').waitFor({ timeout: 10_000 });
      await expect(page.getByTestId('voucher-short-code').innerText()).resolves.toBe(
        code.id.slice(0, 8).toUpperCase(),
      );
      // Large: most of the phone's width.
      const box = await page.getByTestId('voucher-qr').boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(viewport === PHONE ? 260 : 280);
      // What a till scans off the screen is the voucher's own link (zbar reads the drawn symbol).
      const qrFile = `${SHOTS}redemption-cancel-qr-${name}.png`;
      await page.getByTestId('voucher-qr').screenshot({ path: qrFile });
      const decoded = execFileSync('zbarimg', ['--raw', '-q', qrFile]).toString().trim();
      expect(decoded).toBe((await api(baseUrl, `/api/qr-codes/${code.id}`)).body.qrUrl);
      expect(decoded).toContain(`/voucher/${code.id}`);
      await shotAndAxe(`staff-only-voucher-${name}`);
    }

    // A self-service code keeps Redeem and shows its 8 characters and its QR.
    const self = await generate();
    await open(PHONE);
    await page.goto(`${baseUrl}/voucher/${self.id}`);
    await page.getByTestId('redeem-button').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('voucher-short-code').innerText()).resolves.toBe(
      self.id.slice(0, 8).toUpperCase(),
    );
    await expect(page.getByTestId('staff-only-notice').count()).resolves.toBe(0);
    // Its QR came drawn in the page's first HTML (issue 40): shown at once, no button, no encoder loaded.
    await expect(page.getByTestId('show-qr').count()).resolves.toBe(0);
    await page.getByTestId('voucher-qr').waitFor();
    const selfQr = `${SHOTS}redemption-cancel-qr-self-phone.png`;
    await page.getByTestId('voucher-qr').screenshot({ path: selfQr });
    expect(execFileSync('zbarimg', ['--raw', '-q', selfQr]).toString().trim()).toContain(
      `/voucher/${self.id}`,
    );
    await shotAndAxe('self-voucher-phone');
  });

  it('"Who redeems" on /generate makes a staff-only code', async () => {
    await setDefaultMode('self');
    await open(DESKTOP);
    await signInAdmin();
    await page.goto(`${baseUrl}/generate`);
    await page.getByRole('form', { name: 'Discount details' }).waitFor();
    const modes = page.getByRole('radiogroup', { name: 'Who redeems' });
    // The club default (self) once the settings have loaded.
    await expect
      .poll(() => modes.getByLabel('Member taps Redeem on their phone').isChecked(), { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Partner Name').fill(shop.name);
    await page.getByLabel('Service / Product').fill(`Form staff code ${run}`);
    await modes.getByLabel('Staff only, at the till').check();
    // Who pays for the discount (issue 39): the club default (the partner shop) until one is picked.
    const funding = page.getByRole('radiogroup', { name: 'Who pays for the discount' });
    await expect.poll(() => funding.getByLabel('The partner shop', { exact: true }).isChecked()).toBe(true);
    await funding.getByLabel('The club', { exact: true }).check();
    await shotAndAxe('generate-mode-desktop');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await expectToast('QR Code Generated');
    const href = await page.getByTestId('voucher-link').getAttribute('href');
    const id = href!.split('/').pop()!;
    const created = await api(baseUrl, `/api/qr-codes/${id}`);
    expect(created.body.redemptionMode).toBe('staff');
    const listed = await api(
      baseUrl,
      `/api/admin/qr-codes?search=${encodeURIComponent(`Form staff code ${run}`)}`,
      {
        token: adminToken,
      },
    );
    expect(listed.body.items.find((c: { id: string }) => c.id === id)).toMatchObject({ fundedBy: 'club' });

    await page.goto(`${baseUrl}/voucher/${id}`);
    await page.getByTestId('staff-only-notice').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('redeem-button').count()).resolves.toBe(0);
  });

  it('the club default in Settings starts the form at Staff only', async () => {
    await setDefaultMode('self');
    await open(DESKTOP);
    await signInAdmin();
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Voucher defaults' }).click();
    const modes = page.getByRole('radiogroup', { name: 'Who redeems new vouchers' });
    await expect
      .poll(() => modes.getByLabel('Member taps Redeem on their phone').isChecked(), { timeout: 10_000 })
      .toBe(true);
    await modes.getByLabel('Staff only, at the till').check();
    const funding = page.getByRole('radiogroup', { name: 'Who pays for the discount of new vouchers' });
    await expect.poll(() => funding.getByLabel('The partner shop', { exact: true }).isChecked()).toBe(true);
    await shotAndAxe('settings-voucher-defaults-desktop');
    await page.getByTestId('save-voucher-defaults').click();
    await expectToast('Voucher Defaults Saved');
    const saved = await api(baseUrl, '/api/settings/vouchers', { token: adminToken });
    expect(saved.body).toMatchObject({ defaultRedemptionMode: 'staff' });

    await page.goto(`${baseUrl}/generate`);
    const form = page.getByRole('radiogroup', { name: 'Who redeems' });
    await expect
      .poll(() => form.getByLabel('Staff only, at the till').isChecked(), { timeout: 10_000 })
      .toBe(true);

    await open(PHONE);
    await signInAdmin();
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Voucher defaults' }).click();
    await page.getByRole('radiogroup', { name: 'Who redeems new vouchers' }).waitFor();
    await shotAndAxe('settings-voucher-defaults-phone');
    await setDefaultMode('self');
  });
});
