/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, screenshot, signIn } from './support/browser';
import { adminLogin } from './support/partners';

// Issue 41: the generator's and the bulk form's "Per member" field, sent as perMemberLimit, and the
// code's per-member limit shown beside its usage.
const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
});
afterEach(async () => context?.close());

async function choosePerMember(option: string) {
  await page.getByLabel('Per member').click();
  await page.getByRole('option', { name: option }).click();
}

describe('the per-member limit on the create forms', () => {
  it('the generator sends N per month, refuses 0 under the field and shows the limit by the usage', async () => {
    await page.goto(`${baseUrl}/generate`);
    await page.getByRole('form', { name: 'Discount details' }).waitFor();
    await page.getByLabel('Partner Name').fill('Per Member Physio');
    await page.getByLabel('Service / Product').fill('Member Massage');
    await choosePerMember('Per month');
    await page.getByLabel('Uses per member').fill('0');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('Per-member limit must be at least 1').waitFor();
    await page.getByLabel('Uses per member').fill('2');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const facts = page.getByTestId('code-member-facts');
    await facts.waitFor({ timeout: 20_000 });
    await expect(facts.innerText()).resolves.toBe('2 per member per month');
    const id = (await page.getByTestId('voucher-link').getAttribute('href'))!.split('/').pop()!;
    const code = await api(baseUrl, `/api/qr-codes/${id}`, { token: adminToken });
    expect(code.body.perMemberLimit).toEqual({ count: 2, period: 'month' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-generate-per-member');
  });

  it('the bulk form sends one per member, ever, for every code of the batch', async () => {
    await page.goto(`${baseUrl}/bulk`);
    await page.getByRole('form', { name: 'Bulk QR codes' }).waitFor();
    await page.getByLabel('Batch Name').fill(`Members only ${Date.now()}`);
    await page.getByLabel('Partner Name').fill('Per Member Physio');
    await page.getByLabel('Service / Product').fill('Member Stretch');
    await page.getByLabel('Quantity').fill('3');
    await choosePerMember('One per member, ever');
    await screenshot(page, 'admin-bulk-per-member');
    await page.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
    await page.getByTestId('batch-summary').waitFor({ timeout: 30_000 });
    const batchId = await page.getByTestId('batch-id').innerText();
    const batch = await api(baseUrl, `/api/admin/batches/${batchId}`, { token: adminToken });
    expect(batch.body.qrCodes).toHaveLength(3);
    // The batch's rows are slim: each code's own answer says its limit.
    for (const { id } of batch.body.qrCodes as { id: string }[]) {
      const code = await api(baseUrl, `/api/qr-codes/${id}`, { token: adminToken });
      expect(code.body.perMemberLimit).toEqual({ count: 1, period: 'ever' });
    }
  });
});
