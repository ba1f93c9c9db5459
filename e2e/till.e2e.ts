/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDateTime } from '../libs/domain/src/date-format';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, PHONE, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { signInStaff as signInStaffOnPhone, tillPhone } from './support/till';
import { writeQrY4m } from './support/y4m';

// Issue 25, the till: a partner's staff member on a phone scans a member's QR with the rear camera
// (Chromium's fake camera playing a .y4m made here from a real voucher's QR), checks it with a sale
// amount, redeems, and undoes it with a reason; types the 8 characters instead; a code that is not
// ours is refused in words. Screenshots at 390x844 with axe.
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);
const shop = { name: `Till Bike Shop ${run}`, email: `till-${run}@till.test` };
const staff = { username: `till-staff-${run}`, password: 'till-staff-password' };
const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

let adminToken: string;
let shopId: string;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
const tmp = mkdtempSync(join(tmpdir(), 'avpass-till-'));

async function generate(fields: Record<string, unknown> = {}) {
  const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerId: shopId,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Bike tune-up',
      expirationDate,
      usageLimit: '3',
      customTitle: `Tune-up ${run}`,
      deploymentUrl: baseUrl,
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; qrUrl: string };
}

async function usageCount(id: string): Promise<number> {
  const res = await api(baseUrl, `/api/qr-codes/${id}`);
  expect(res.status).toBe(200);
  return res.body.usageCount as number;
}

/** A phone with the camera allowed (Chromium's fake camera answers getUserMedia). */
async function openPhone(launchArgs: string[], grantCamera = true) {
  browser = await launchBrowser(launchArgs);
  ({ phone: context, tab: page } = await tillPhone(browser, baseUrl, grantCamera));
}

const signInStaff = () => signInStaffOnPhone(page, baseUrl, staff);

/** A screenshot after things settle, and no serious or critical axe violation on the screen. */
async function shotAndAxe(name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `till-${name}`);
  expect(await seriousAxeViolations(page), name).toEqual([]);
  const { width, wide } = await page.evaluate((limit) => {
    const over = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { width: document.documentElement.scrollWidth, wide: over };
  }, PHONE.width);
  expect(width, `${name} scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
}

const announcement = () => page.getByTestId('till-announcement').innerText();

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  shopId = await createPartnerWithStaff(baseUrl, adminToken, shop, staff);
});
afterEach(async () => {
  await context?.close();
  await browser?.close();
  context = undefined;
  browser = undefined;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the till (issue 25)', () => {
  it('scans a real voucher with the rear camera, checks a sale, redeems and undoes it with a reason', async () => {
    const code = await generate();
    expect(code.qrUrl).toBe(`${baseUrl}/voucher/${code.id}`);
    const video = join(tmp, `voucher-${code.id}.y4m`);
    writeQrY4m(video, code.qrUrl);
    await openPhone([...FAKE_CAMERA, `--use-file-for-fake-video-capture=${video}`]);

    // Every request stays on our origin (the polyfill's wasm included: never jsDelivr).
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await signInStaff();

    // "Till" is the first link of the partner's navigation.
    await page.getByRole('button', { name: 'open navigation menu' }).click();
    const drawerLinks = page.locator('#app-nav-drawer a');
    await expect(drawerLinks.first().innerText()).resolves.toContain('Till');
    await drawerLinks.first().click();
    await page.waitForURL(`${baseUrl}/till`);

    // The camera reads the QR by itself: the voucher card, valid here.
    const noCard = page.getByTestId('till-problem').or(page.getByTestId('camera-problem'));
    await page.getByTestId('till-voucher').or(noCard).waitFor({ timeout: 30_000 });
    if (await noCard.isVisible()) throw new Error(`no voucher card: ${await noCard.innerText()}`);
    await expect(page.getByTestId('till-voucher-title').innerText()).resolves.toBe(`Tune-up ${run}`);
    await expect(page.getByTestId('till-verdict').getAttribute('data-redeemable')).resolves.toBe('true');
    await expect(page.getByTestId('till-uses-left').innerText()).resolves.toBe('3 of 3 left');
    await expect(announcement()).resolves.toContain('Valid here');
    await shotAndAxe('checked');

    // A sale of $45.00 at 20 %: $9.00 off, $36.00 to pay (the server's till discount).
    await page.getByTestId('till-sale-amount').fill('45');
    await page.getByTestId('till-amount-due').filter({ hasText: '$36.00' }).waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('till-discount').innerText()).resolves.toBe('−$9.00');
    await expect(announcement()).resolves.toContain('to pay $36.00');
    await shotAndAxe('sale-amount');
    expect(await usageCount(code.id)).toBe(0); // a check writes nothing

    // One tap redeems: a large check, the reference, the time.
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    const reference = await page.getByTestId('till-reference').innerText();
    expect(reference).toBe(reference.toUpperCase());
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByTestId('till-success-discount').innerText()).resolves.toBe('−$9.00');
    await expect(announcement()).resolves.toBe(`Redeemed. Reference ${reference}.`);
    expect(await usageCount(code.id)).toBe(1);
    // Today's list shows it, with Undo.
    const row = page.getByTestId('till-recent-row').filter({ hasText: reference });
    await row.waitFor();
    // The entry is ready at once beside the success (nothing to press first): the camera scans again,
    // passing over the code just redeemed that it still sees; the success heading has the focus.
    await expect(page.getByTestId('till-scan-next').count()).resolves.toBe(0);
    await page
      .getByTestId('till-entry')
      .getByTestId('camera-scanner')
      .and(page.locator('[data-state="scanning"]'))
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('till-success').count()).resolves.toBe(1);
    await expect(page.getByTestId('till-voucher').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('till-success-title');
    expect(await usageCount(code.id)).toBe(1);
    await shotAndAxe('success');

    // Undo asks for a reason (required) and gives the use back.
    await page.getByTestId('till-success').getByTestId('till-undo').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.getByTestId('till-undo-confirm').click();
    await dialog.getByText('Please give a reason (1-500 characters)').waitFor();
    await page.getByTestId('till-undo-reason').fill('Rang up the wrong voucher');
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'till-undo-dialog');
    expect(await seriousAxeViolations(page), 'undo dialog').toEqual([]);
    await page.getByTestId('till-undo-confirm').click();
    await page.getByTestId('till-undone').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('till-undone-reason').innerText()).resolves.toBe(
      'Rang up the wrong voucher',
    );
    expect(await usageCount(code.id)).toBe(0);
    await row.and(page.locator('[data-status="cancelled"]')).waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('till-recent-cancelled').innerText()).resolves.toContain(
      'Rang up the wrong voucher',
    );
    await expect(row.getByTestId('till-undo').count()).resolves.toBe(0);
    await shotAndAxe('undone');

    const hasNativeDetector = await page.evaluate(() => 'BarcodeDetector' in window);
    console.log(
      `till QR reader: ${hasNativeDetector ? "the browser's BarcodeDetector" : 'zxing-wasm polyfill'}`,
    );
    if (!hasNativeDetector) {
      // The polyfill read the QR, with the wasm from our own build.
      expect(requests.some((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);
    }
    const foreign = requests.filter((url) => /^https?:/.test(url) && !url.startsWith(`${baseUrl}/`));
    expect(foreign).toEqual([]);
  });

  it('takes the 8 characters typed by hand, and refuses a code that is not ours in words', async () => {
    const code = await generate({ customTitle: `Typed ${run}`, usageLimit: '1' });
    // The fake camera without a file shows a test pattern: no QR, the scanner keeps looking.
    await openPhone(FAKE_CAMERA);
    await signInStaff();
    await page.goto(`${baseUrl}/till`);
    await page.getByTestId('camera-scanner').and(page.locator('[data-state="scanning"]')).waitFor({
      timeout: 30_000,
    });
    await shotAndAxe('scanning');

    const shortCode = code.id.slice(0, 8).toUpperCase();
    await page.getByTestId('manual-code').fill(shortCode);
    await page.getByTestId('manual-check').click();
    await page.getByTestId('till-voucher').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('till-voucher-title').innerText()).resolves.toBe(`Typed ${run}`);
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    expect(await usageCount(code.id)).toBe(1);

    // The code box is ready at once beside the success, with the focus: the next code is typed
    // straight away. The same code again: used up, said in words, no Redeem.
    await expect(page.getByTestId('till-scan-next').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'manual-code',
    );
    await shotAndAxe('success-typed');
    await page.keyboard.type(shortCode);
    await page.keyboard.press('Enter');
    await page.getByTestId('till-verdict').and(page.locator('[data-redeemable="false"]')).waitFor();
    await expect(page.getByTestId('till-verdict').innerText()).resolves.toContain('Used up');
    await expect(page.getByTestId('till-redeem').count()).resolves.toBe(0);
    await shotAndAxe('used-up');

    // The member's page says it is used up, where and when: a till recorded it, so its shop is named.
    const record = (await api(baseUrl, `/api/qr-codes/${code.id}`)).body;
    expect(record.lastRedemption).toMatchObject({ channel: 'till', partnerName: shop.name });
    const member = await context!.newPage();
    await member.goto(`${baseUrl}/voucher/${code.id}`);
    const last = member.getByTestId('redeem-unavailable').getByTestId('voucher-last-redemption');
    await last.waitFor({ timeout: 15_000 });
    const zone = await member.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(last.innerText()).resolves.toBe(
      `Redeemed at ${shop.name} on ${formatDateTime(record.lastRedemption.redeemedAt, zone)}.`,
    );
    await expect(member.getByTestId('voucher-till-code').count()).resolves.toBe(0);
    expect(await seriousAxeViolations(member), 'voucher page used up at the till').toEqual([]);
    await screenshot(member, 'till-voucher-page-used-up');
    await member.close();

    // A link that is not one of ours.
    await page.getByTestId('till-scan-next').click();
    await page
      .getByTestId('manual-code')
      .fill('https://example.com/voucher/3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f');
    await page.getByTestId('manual-check').click();
    const problem = page.getByTestId('till-problem');
    await problem.waitFor({ timeout: 15_000 });
    await expect(problem.innerText()).resolves.toContain('This is not an AV Pass voucher');
    await expect(announcement()).resolves.toBe('This is not an AV Pass voucher');
    await shotAndAxe('foreign');
  });

  it('the administrator reaches the till from the navigation and may check any code by its id', async () => {
    const code = await generate({ customTitle: `Admin typed ${run}` });
    await openPhone(FAKE_CAMERA);
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'open navigation menu' }).click();
    await page.locator('#app-nav-drawer a', { hasText: 'Till' }).click();
    await page.waitForURL(`${baseUrl}/till`);
    await page.getByRole('heading', { name: 'Today at every till' }).waitFor();
    await page.getByTestId('manual-code').fill(code.id);
    await page.getByTestId('manual-check').click();
    await page.getByTestId('till-voucher').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('till-voucher-title').innerText()).resolves.toBe(`Admin typed ${run}`);
    await expect(page.getByTestId('till-verdict').getAttribute('data-redeemable')).resolves.toBe('true');
  });

  it('says so when the camera is refused, and the manual entry still works', async () => {
    // No fake UI and no permission: getUserMedia is refused.
    await openPhone(['--use-fake-device-for-media-stream'], false);
    await signInStaff();
    await page.goto(`${baseUrl}/till`);
    const problem = page.getByTestId('camera-problem');
    await problem.waitFor({ timeout: 20_000 });
    await expect(problem.innerText()).resolves.toContain('Camera access was refused');
    await page.getByTestId('manual-code').waitFor();
    await shotAndAxe('camera-refused');
  });

  it('at a desktop till (1366x768): the next code is typed right after a redemption; offline, Today says so', async () => {
    const code = await generate({ customTitle: `Desk ${run}`, usageLimit: '2' });
    const shortCode = code.id.slice(0, 8).toUpperCase();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
    await signInStaff();
    await page.goto(`${baseUrl}/till`);
    await page.getByTestId('manual-code').fill(shortCode);
    await page.getByTestId('manual-check').click();
    await page.getByTestId('till-voucher').waitFor({ timeout: 15_000 });
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    await expect(announcement()).resolves.toMatch(/^Redeemed\. Reference [0-9A-F]{8}\.$/);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'manual-code',
    );
    await page.getByTestId('till-recent-row').first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await screenshot(page, 'till-desktop-success');
    expect(await seriousAxeViolations(page), 'desktop success').toEqual([]);

    // Offline: the next code is kept; "Today at this till" says it is offline and lists it, no error.
    await context.setOffline(true);
    await page.keyboard.type(shortCode);
    await page.keyboard.press('Enter');
    await page.getByTestId('till-offline').waitFor({ timeout: 15_000 });
    await page.getByTestId('till-offline-save').click();
    await page.getByTestId('till-offline-saved').waitFor({ timeout: 10_000 });
    const today = page.getByTestId('till-today');
    await today.getByTestId('till-today-offline').waitFor({ timeout: 10_000 });
    await expect(today.innerText()).resolves.not.toContain('could not be loaded');
    await expect(today.innerText()).resolves.toContain(
      'Offline: this list updates when the connection is back.',
    );
    await expect(today.getByTestId('till-today-loaded-at').innerText()).resolves.toMatch(/^As loaded at /);
    await expect(
      today.getByTestId('till-today-offline-row').and(page.locator('[data-state="waiting"]')).count(),
    ).resolves.toBe(1);
    // The list as last loaded stays below it.
    await expect(today.getByTestId('till-recent-row').count()).resolves.toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await screenshot(page, 'till-desktop-offline-today');
    expect(await seriousAxeViolations(page), 'desktop offline').toEqual([]);
    await context.setOffline(false);
  });
});
