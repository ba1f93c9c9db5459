/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, ARTIFACTS, launchBrowser, newPhoneContext, PHONE, screenshot, signIn } from './support/browser';
import { adminLogin, createPartner } from './support/partners';

// Project Rooted exclusives (issue 14): /project-rooted-exclusives and the voucher page's exclusive
// variant, in Chromium against the real platform.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? null;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let downloads: string;

async function shot(name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, `exclusives-${name}`);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(`${ARTIFACTS}e2e-exclusives-${name}.png`, join(SHOTS, `${name}.png`));
  }
}

async function expectToast(title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
}

async function choose(testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the create dialog and submits it. */
async function createExclusive(fields: {
  type: string;
  title: string;
  description: string;
  value?: string;
  eventName?: string;
  eventDate?: string;
  trainerName?: string;
  sessionDuration?: string;
  instructions?: string;
  vendor?: string;
  usage?: string;
  preview?: string;
}) {
  await page.getByRole('button', { name: 'Create Exclusive' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Project Rooted Exclusive' });
  await dialog.waitFor();
  await choose('exclusive-type', fields.type);
  await page.getByTestId('exclusive-title').fill(fields.title);
  await page.getByTestId('exclusive-description').fill(fields.description);
  if (fields.value) await page.getByTestId('exclusive-value').fill(fields.value);
  if (fields.preview) {
    await expect(page.getByTestId('discount-preview').innerText()).resolves.toContain(fields.preview);
  }
  if (fields.eventName) await page.getByTestId('exclusive-eventName').fill(fields.eventName);
  if (fields.eventDate) await page.getByTestId('exclusive-eventDate').fill(fields.eventDate);
  if (fields.trainerName) await page.getByTestId('exclusive-trainerName').fill(fields.trainerName);
  if (fields.sessionDuration)
    await page.getByTestId('exclusive-sessionDuration').fill(fields.sessionDuration);
  if (fields.instructions) await page.getByTestId('exclusive-specialInstructions').fill(fields.instructions);
  if (fields.vendor) await choose('exclusive-vendor', fields.vendor);
  if (fields.usage) await choose('exclusive-usage', fields.usage);
  return dialog;
}

async function submit(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: 'Create Exclusive' }).click();
  await expectToast('Exclusive Created');
  await dialog.waitFor({ state: 'hidden' });
}

const rows = () => page.getByTestId('exclusive-row');
async function listed() {
  return (await api(baseUrl, '/api/project-rooted-exclusives?limit=50', { token: adminToken })).body as {
    items: { id: string; qrUrl: string; exclusiveType: string; service: string; customTitle: string }[];
    counts: Record<string, number>;
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'avpass-e2e-exclusives-'));
  adminToken = await adminLogin(baseUrl);
  await createPartner(baseUrl, adminToken, { name: 'Summit Smoothies' });
  // Earlier suites may have left exclusives: start from none.
  for (const e of (await listed()).items) {
    await api(baseUrl, `/api/qr-codes/${e.id}`, { method: 'DELETE', token: adminToken });
  }
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('Project Rooted exclusives', () => {
  it('creates one exclusive of each type, filters by every tab, downloads a QR, previews, redeems and deletes', async () => {
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Project Rooted QR Exclusives' }).first().click();
    await page.waitForURL(`${baseUrl}/project-rooted-exclusives`);
    await page.getByText('No exclusives yet.').waitFor();
    await expect(page.getByTestId('tab-all').innerText()).resolves.toBe('All (0)');
    await shot('empty-desktop');

    // The form refuses what §5 refuses, with its messages.
    let dialog = await createExclusive({ type: 'Training Session', title: ' ', description: '' });
    await dialog.getByRole('button', { name: 'Create Exclusive' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await shot('create-errors-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await createExclusive({
      type: 'Training Session',
      title: 'FREE Coach Session',
      description: 'One hour with a Rooted coach',
      value: 'FREE session',
      preview: 'Free Service',
      eventDate: '2099-06-01T09:30',
      trainerName: 'Coach Rivera',
      sessionDuration: '60 minutes',
      instructions: 'Book at the front desk. Bring water.',
      usage: '5 uses',
    });
    await shot('create-training-desktop');
    await submit(dialog);
    await submit(
      await createExclusive({ type: 'Raffle Prize', title: 'Signed Jersey', description: 'Monthly draw' }),
    );
    await submit(
      await createExclusive({
        type: 'Special Event',
        title: 'Spring Gala Seat',
        description: 'A seat at the club gala',
        value: '$15 OFF',
        preview: '$15 Off',
        eventName: 'Spring Gala',
        eventDate: '2099-04-20T19:00',
      }),
    );
    dialog = await createExclusive({
      type: 'Exclusive Discount',
      title: 'FREE Smoothie Upgrade',
      description: 'Any size, members only',
      value: '20% off',
      preview: '20% Off',
      vendor: 'Summit Smoothies',
    });
    await expect(page.getByTestId('discount-preview').innerText()).resolves.toContain(
      'Summit Smoothies EXCLUSIVE',
    );
    await submit(dialog);
    await submit(await createExclusive({ type: 'Custom', title: 'Mystery Box', description: 'Surprise' }));

    await rows().nth(4).waitFor();
    await expect(rows().count()).resolves.toBe(5);
    await expect(page.getByTestId('tab-all').innerText()).resolves.toBe('All (5)');
    await shot('list-desktop');

    const tabs: [string, string, number, string[]][] = [
      ['active', 'Active (5)', 5, []],
      ['upcoming', 'Upcoming (2)', 2, ['training_session', 'special_event']],
      ['expired', 'Expired (0)', 0, []],
      ['training', 'Training (1)', 1, ['training_session']],
      ['raffles', 'Raffles (1)', 1, ['raffle_prize']],
      ['events', 'Events (1)', 1, ['special_event']],
      ['discounts', 'Discounts (1)', 1, ['exclusive_discount']],
      ['all', 'All (5)', 5, []],
    ];
    for (const [tab, label, count, types] of tabs) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`).innerText()).resolves.toBe(label);
      if (count === 0) await page.getByText('No expired exclusives.').waitFor();
      else await expect.poll(() => rows().count()).toBe(count);
      for (const type of types)
        await page.locator(`[data-testid="exclusive-row"][data-type="${type}"]`).waitFor();
      if (tab === 'upcoming') await shot('tab-upcoming-desktop');
    }

    const { items } = await listed();
    const training = items.find((e) => e.exclusiveType === 'training_session')!;
    const discount = items.find((e) => e.exclusiveType === 'exclusive_discount')!;
    expect(discount.customTitle).toBe('Summit Smoothies EXCLUSIVE');
    expect(discount.service).toBe('Smoothie Upgrade');

    // The QR image downloads as project-rooted-{first 8 of the id}.png and decodes to the voucher URL.
    const row = page.locator(`[data-testid="exclusive-row"][data-id="${training.id}"]`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download QR ${training.id.slice(0, 8)}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`project-rooted-${training.id.slice(0, 8)}.png`);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const decoded = execFileSync('zbarimg', ['--raw', '-q', file]).toString().trim();
    expect(decoded).toBe(training.qrUrl);
    expect(decoded.endsWith(`/voucher/${training.id}`)).toBe(true);

    // The preview link opens the voucher page: the exclusive variant, redeemed with Project Rooted.
    const [voucherPage] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: `Preview voucher ${training.id.slice(0, 8)}` }).click(),
    ]);
    await voucherPage.waitForURL(`**/voucher/${training.id}`);
    await voucherPage.getByTestId('voucher-instructions').waitFor();
    await expect(voucherPage.getByTestId('voucher-instructions').innerText()).resolves.toContain(
      'Book at the front desk. Bring water.',
    );
    await expect(voucherPage.getByTestId('voucher-partner-type').innerText()).resolves.toBe(
      'Project Rooted Exclusive',
    );
    await expect(voucherPage.getByText('REDEMPTION INSTRUCTIONS').count()).resolves.toBe(1);
    const redeem = voucherPage.getByTestId('redeem-button');
    await expect(redeem.innerText()).resolves.toBe('Redeem Voucher with Project Rooted');
    await redeem.click();
    await voucherPage.getByTestId('redeem-confirm-button').click();
    const toast = voucherPage.getByTestId('toast').first();
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toContain(
      'This voucher has been successfully redeemed with Project Rooted.',
    );
    await voucherPage.getByTestId('voucher-usage').getByText('1 / 5').waitFor();
    await voucherPage.close();
    await page.bringToFront();
    await page.reload();
    await expect.poll(async () => page.locator(`[data-id="${training.id}"]`).innerText()).toContain('1 / 5');

    // Delete with the confirmation.
    const custom = items.find((e) => e.exclusiveType === 'custom')!;
    await page
      .locator(`[data-testid="exclusive-row"][data-id="${custom.id}"]`)
      .getByRole('button', { name: `Delete exclusive ${custom.id.slice(0, 8)}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this exclusive?' });
    await confirm.getByText('This action cannot be undone').waitFor();
    await shot('delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast('Exclusive Deleted');
    await expect.poll(() => rows().count()).toBe(4);
    await expect(page.getByTestId('tab-all').innerText()).resolves.toBe('All (4)');
    await context.close();
  }, 360_000);

  it("shows every type's voucher page in the exclusive variant", async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    const { items } = await listed();
    expect(new Set(items.map((e) => e.exclusiveType))).toEqual(
      new Set(['training_session', 'raffle_prize', 'special_event', 'exclusive_discount']),
    );
    const expected: Record<string, { title: string; discount: string }> = {
      training_session: { title: 'FREE Coach Session', discount: 'Free Service' },
      raffle_prize: { title: 'Signed Jersey', discount: 'Free Service' },
      special_event: { title: 'Spring Gala Seat', discount: '$15 Off' },
      exclusive_discount: { title: 'Summit Smoothies EXCLUSIVE', discount: '20% Off' },
    };
    for (const e of items) {
      await page.goto(`${baseUrl}/voucher/${e.id}`);
      await page.getByTestId('redeem-button').or(page.getByTestId('voucher-usage')).first().waitFor();
      await expect(page.getByTestId('voucher-partner-type').innerText()).resolves.toBe(
        'Project Rooted Exclusive',
      );
      await expect(page.getByTestId('voucher-discount').innerText()).resolves.toBe(
        expected[e.exclusiveType]!.discount,
      );
      await expect(page.getByTestId('voucher-title').innerText()).resolves.toContain(
        expected[e.exclusiveType]!.title,
      );
      if (e.exclusiveType !== 'training_session') {
        await expect(page.getByTestId('redeem-button').innerText()).resolves.toBe(
          'Redeem Voucher with Project Rooted',
        );
      }
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(`voucher-${e.exclusiveType}-phone`);
    }
    await context.close();
  }, 120_000);

  it('lays the screen out for a phone: cards, scrollable tabs, a full-screen dialog', async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/project-rooted-exclusives`);
    await page.getByTestId('exclusive-card').nth(3).waitFor();
    await expect(page.getByTestId('exclusive-row').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot('list-phone');
    await page.getByTestId('tab-discounts').click();
    await expect.poll(() => page.getByTestId('exclusive-card').count()).toBe(1);
    await shot('tab-discounts-phone');
    const dialog = await createExclusive({
      type: 'Special Event',
      title: 'Phone Event',
      description: 'Made on a phone',
      value: '10 OFF',
      preview: '$10 Off',
      eventName: 'Club Night',
    });
    await shot('create-phone');
    await submit(dialog);
    await page.getByTestId('tab-events').click();
    await expect.poll(() => page.getByTestId('exclusive-card').count()).toBe(2);
    await context.close();
  }, 120_000);
});
