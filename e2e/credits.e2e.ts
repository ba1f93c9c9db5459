/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// Athlete credits: the administrator allocates, a partner's till charges, the administrator voids.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = '/tmp/shots/i15';
const PARTNER = 'Summit Outfitters';
const staff = { username: 'e2e-credits-staff', password: 'credits-password' };
const ATHLETE = 'Mia Torres';
let browser: Browser;
const contexts: BrowserContext[] = [];

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function open(viewport: 'desktop' | 'phone', user: { username: string; password: string }) {
  const context =
    viewport === 'phone'
      ? await newPhoneContext(browser)
      : await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, baseUrl, user.username, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, `credits-${name}`);
}

/** Polls until it holds; generous, because the e2e machine may be shared and slow. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000, interval: 250 });

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  await createPartnerWithStaff(baseUrl, await adminLogin(baseUrl), { name: PARTNER }, staff);
});
afterEach(async (ctx) => {
  // A failure leaves a picture of every open page behind.
  if (ctx.task.result?.state === 'fail') {
    let n = 0;
    for (const c of contexts)
      for (const p of c.pages())
        await p.screenshot({ path: `${SHOTS}/failed-${ctx.task.name.slice(0, 20)}-${n++}.png` });
  }
  for (const c of contexts.splice(0)) await c.close();
});
afterAll(async () => browser?.close());

describe('athlete credits', () => {
  it('admin creates a credit, the partner charges it, the admin voids it; balances follow on both screens', async () => {
    // --- The administrator allocates a credit --------------------------------------------------
    const admin = await open('desktop', E2E_ADMIN);
    await admin.goto(`${baseUrl}/admin-credits`);
    await expect
      .poll(() => admin.getByRole('heading', { name: 'Athlete Credits Management' }).isVisible())
      .toBe(true);
    // The suite shares one platform: another file may have made credits first. Then a search that
    // matches nothing shows the other empty state, with the search in it.
    const empty = admin.getByText('No credit allocations yet. Create the first one.');
    const rows = admin.locator('[data-testid="credit-row"]');
    await expect.poll(async () => (await empty.isVisible()) || (await rows.count()) > 0).toBe(true);
    if (!(await empty.isVisible())) {
      await admin.getByLabel('Search credits').fill('nobody-has-this-name');
      await expect
        .poll(() => admin.getByText('No credits match "nobody-has-this-name".').isVisible())
        .toBe(true);
      await admin.getByLabel('Search credits').fill('');
    }
    await shot(admin, 'admin-empty');
    expect(await admin.getByRole('link', { name: 'Back to Admin' }).getAttribute('href')).toBe('/admin');

    await admin.getByRole('button', { name: 'New Credit Allocation' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Credit Allocation' });
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Athlete name').fill(ATHLETE);
    await dialog.getByLabel('Total amount ($)').fill('500');
    await dialog.getByLabel('Duration (months)').fill('10');
    expect(await dialog.getByTestId('monthly-amount').textContent()).toContain('$50.00');
    await dialog.getByLabel('Start date').fill(inDays(-30));
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('End date').fill(inDays(300));
    await dialog.getByLabel('Partner (optional)').click();
    await admin.getByRole('option', { name: PARTNER }).click();
    expect(await create.isDisabled()).toBe(false);
    await shot(admin, 'admin-new-credit-dialog');
    await create.click();
    await poll(() => toast(admin, 'Athlete credit created successfully').isVisible()).toBe(true);
    const creditRow = admin.locator('[data-testid="credit-row"]').filter({ hasText: ATHLETE });
    await poll(() => creditRow.getByTestId('credit-balance').textContent()).toBe('$500.00');
    await shot(admin, 'admin-allocations');

    // --- The partner's till: an unknown athlete, then a purchase ---------------------------------
    const till = await open('desktop', staff);
    await till.getByRole('link', { name: 'Credits' }).first().click();
    await till.waitForURL(`${baseUrl}/partner-credits`);
    const athleteRow = till.locator('[data-testid="athlete-row"]').filter({ hasText: ATHLETE });
    await poll(() => athleteRow.getByTestId('athlete-balance').textContent()).toBe('$500.00');
    // Its own and the unassigned credits other files of the suite made: at least this one.
    await poll(async () =>
      Number((await till.getByTestId('card-active-athletes').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThanOrEqual(1);
    await shot(till, 'partner-athletes');

    await till.getByRole('button', { name: 'Record Transaction' }).click();
    let recordDialog = till.getByRole('dialog', { name: 'Record Transaction' });
    await recordDialog.getByRole('button', { name: 'Record Transaction' }).click();
    await poll(() => recordDialog.getByText('Athlete name is required').isVisible()).toBe(true);
    await poll(() => recordDialog.getByText('Description is required').isVisible()).toBe(true);
    await poll(() => recordDialog.getByText('Amount is required').isVisible()).toBe(true);
    await recordDialog.getByLabel('Athlete name').fill('Nobody Here');
    await recordDialog.getByLabel('Description').fill('Socks');
    await recordDialog.getByLabel('Amount ($)').fill('5');
    await recordDialog.getByRole('button', { name: 'Record Transaction' }).click();
    await expect
      .poll(() => recordDialog.getByText('Athlete not found or has no active credits').first().isVisible())
      .toBe(true);
    await shot(till, 'partner-unknown-athlete');
    await recordDialog.getByRole('button', { name: 'Cancel' }).click();

    await athleteRow.getByRole('button', { name: 'Process' }).click();
    recordDialog = till.getByRole('dialog', { name: 'Record Transaction' });
    expect(await recordDialog.getByLabel('Athlete name').inputValue()).toBe(ATHLETE);
    await recordDialog.getByLabel('Description').fill('Trail running shoes');
    await recordDialog.getByLabel('Amount ($)').fill('120.50');
    await shot(till, 'partner-record-dialog');
    await recordDialog.getByRole('button', { name: 'Record Transaction' }).click();
    await poll(() => toast(till, 'Transaction recorded successfully').isVisible()).toBe(true);
    await poll(() => athleteRow.getByTestId('athlete-balance').textContent()).toBe('$379.50');
    await poll(() => till.getByTestId('card-sales').textContent()).toContain('$120.50');
    await poll(() => till.getByTestId('card-today').textContent()).toContain('1');
    await till.getByRole('tab', { name: 'Transaction History' }).click();
    const historyRow = till.locator('[data-testid="history-row"]').filter({ hasText: 'Trail running shoes' });
    await poll(() => historyRow.textContent()).toContain('Completed');
    await shot(till, 'partner-history');

    // --- The administrator sees it, voids it -------------------------------------------------------
    await admin.reload();
    await poll(() => creditRow.getByTestId('credit-balance').textContent()).toBe('$379.50');
    await admin.getByRole('tab', { name: 'Transaction Ledger' }).click();
    const ledgerRow = admin.locator('[data-testid="ledger-row"]').filter({ hasText: 'Trail running shoes' });
    await poll(() => ledgerRow.textContent()).toContain(PARTNER);
    expect(await ledgerRow.textContent()).toContain('$120.50');
    await shot(admin, 'admin-ledger');

    // Cancel, and Void with no reason, change nothing.
    await ledgerRow.getByRole('button', { name: 'Void' }).click();
    const voidDialog = admin.getByRole('dialog', { name: 'Void this transaction?' });
    await voidDialog.getByRole('button', { name: 'Cancel' }).click();
    await ledgerRow.getByRole('button', { name: 'Void' }).click();
    await voidDialog.getByRole('button', { name: 'Void' }).click();
    await poll(() => voidDialog.isVisible()).toBe(false);
    expect(await ledgerRow.getAttribute('data-voided')).toBe('false');

    await ledgerRow.getByRole('button', { name: 'Void' }).click();
    await voidDialog.getByLabel('Reason for voiding').fill('Returned unworn');
    await shot(admin, 'admin-void-prompt');
    await voidDialog.getByRole('button', { name: 'Void' }).click();
    await poll(() => toast(admin, 'Transaction voided successfully').isVisible()).toBe(true);
    await poll(() => ledgerRow.getAttribute('data-voided')).toBe('true');
    expect(await ledgerRow.getByRole('button', { name: 'Void' }).count()).toBe(0);
    // Dimmed: struck through in the secondary text colour, still 4.5:1 (the page's axe checks hold it).
    const cell = ledgerRow.locator('td').first();
    expect(await cell.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(Number(await ledgerRow.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
    expect(await ledgerRow.textContent()).toContain('Voided');
    await shot(admin, 'admin-ledger-voided');

    // The ledger CSV for the accountant.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Date (UTC),Transaction ID,Credit ID,Athlete');
    expect(csv).toContain(
      `${ATHLETE},${PARTNER},purchase,equipment,Trail running shoes,,120.50,379.50,Voided`,
    );

    await admin.getByRole('tab', { name: 'Credit Allocations' }).click();
    await poll(() => creditRow.getByTestId('credit-balance').textContent()).toBe('$500.00');
    await till.reload();
    await poll(() => historyRow.textContent()).toContain('Voided');
    await till.getByRole('tab', { name: 'Athletes with Credits' }).click();
    await poll(() => athleteRow.getByTestId('athlete-balance').textContent()).toBe('$500.00');
  }, 420_000);

  it('phone layout: cards instead of tables, the dialog fits, nothing scrolls sideways', async () => {
    const till = await open('phone', staff);
    await till.goto(`${baseUrl}/partner-credits`);
    const card = till.locator('[data-testid="athlete-row"]').filter({ hasText: ATHLETE });
    await poll(() => card.isVisible()).toBe(true);
    expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(till, 'phone-partner');
    await card.getByRole('button', { name: 'Process' }).click();
    await poll(() => till.getByRole('dialog', { name: 'Record Transaction' }).isVisible()).toBe(true);
    await shot(till, 'phone-partner-dialog');
    await till.getByRole('button', { name: 'Cancel' }).click();
    await till.getByRole('tab', { name: 'Transaction History' }).click();
    await poll(() => till.locator('[data-testid="history-row"]').first().isVisible()).toBe(true);
    await shot(till, 'phone-partner-history');

    const admin = await open('phone', E2E_ADMIN);
    await admin.goto(`${baseUrl}/admin-credits`);
    await poll(() => admin.locator('[data-testid="credit-row"]').first().isVisible()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(admin, 'phone-admin');
    await admin.getByRole('tab', { name: 'Transaction Ledger' }).click();
    await poll(() => admin.locator('[data-testid="ledger-row"]').first().isVisible()).toBe(true);
    await shot(admin, 'phone-admin-ledger');
  }, 300_000);

  it('a partner user is refused the administrator screen', async () => {
    const till = await open('desktop', staff);
    await till.goto(`${baseUrl}/admin-credits`);
    await expect
      .poll(() => till.getByText('Only administrators can access athlete credits').first().isVisible())
      .toBe(true);
    await till.waitForURL((url) => url.pathname !== '/admin-credits');
  }, 180_000);
});
