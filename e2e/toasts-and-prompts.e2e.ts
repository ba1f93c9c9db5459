/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, PHONE, signIn } from './support/browser';
import { addStaff, adminLogin, createPartner } from './support/partners';

// Issue 27, "Forms": the rough edges a user hits (print sheet, toasts, the admin-only 404).
const baseUrl = inject('baseUrl');
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const PARTNER = 'Rough Edges Supply';
const staff = { username: 'e2e-rough-edges-staff', password: 'rough-edges-password' };
const BATCH = 'Rough Edges Print Run';
const RIVAL = 'Rough Edges Rival';
/** Athletes with a surname no other test uses, so a type-ahead search sees only these. */
const RILEY = 'Riley Quillfeather';
const RINA = 'Rina Quillon';
const RICO = 'Rico Quillby'; // the rival's
const RITA = 'Rita Quillard'; // spent to zero
let adminToken: string;
let itemId: string;

let browser: Browser;
const contexts: BrowserContext[] = [];
/** Browser dialogs (alert, confirm, prompt) that opened: never the app's way to ask. */
const nativeDialogs: string[] = [];

async function open(user: { username: string; password: string }, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone
      ? { viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true }
      : { viewport: LAPTOP, acceptDownloads: true },
  );
  contexts.push(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    nativeDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signIn(page, baseUrl, user.username, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}toasts-and-prompts-${name}.png` });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The buttons of `scope` a user could press that the toast covers, by name (an empty list when it
 * covers none). A button scrolled under the sticky navigation bar cannot be pressed there anyway.
 */
async function buttonsUnder(toast: Locator, scope: Locator): Promise<string[]> {
  const page = scope.page();
  const toastBox = (await toast.boundingBox())!;
  const header = await page.locator('header').first().boundingBox();
  const top = header && header.y <= 0 ? header.y + header.height : 0;
  const covered: string[] = [];
  for (const button of await scope.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    if (!box || box.width === 0 || box.y < top) continue;
    if (overlaps(toastBox, box))
      covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminLogin(baseUrl);
  adminToken = admin;
  const ownPartner = await createPartner(baseUrl, admin, { name: PARTNER });
  const rivalId = await createPartner(baseUrl, admin, { name: RIVAL });
  const credit = async (athleteName: string, totalAmount: number, partnerId: string | null) => {
    const made = await api(baseUrl, '/api/athlete-credits', {
      method: 'POST',
      token: admin,
      json: {
        athleteName,
        athleteRole: 'athlete',
        totalAmount,
        duration: 12,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        partnerId,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id as string;
  };
  await credit(RILEY, 30_000, ownPartner);
  await credit(RINA, 5_000, null);
  await credit(RICO, 7_000, rivalId);
  const spent = await credit(RITA, 1_000, ownPartner);
  const charged = await api(baseUrl, `/api/credit-transactions`, {
    method: 'POST',
    token: admin,
    json: { creditId: spent, amount: 1_000, description: 'All of it', category: 'equipment' },
  });
  expect(charged.status, JSON.stringify(charged.body)).toBe(201);
  // A merch item (multipart, as the item dialog sends it), so the inventory tabs have an item to show.
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name: 'Rough Edges Tee',
    sku: `RE-TEE-${Date.now().toString(36).toUpperCase()}`,
    category: 'shirts',
    price: '19.99',
    sizes: 'M,L',
  }))
    form.append(field, value);
  const item = await fetch(`${baseUrl}/api/merch-items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(item.status, await item.clone().text()).toBe(201);
  itemId = ((await item.json()) as { id: string }).id;
  await addStaff(baseUrl, admin, ownPartner, staff);
  // Enough codes that the batch dialog fills the screen: its Close button sits in the bottom corner.
  const batch = await api(baseUrl, '/api/bulk-generate', {
    method: 'POST',
    token: admin,
    json: {
      batchName: BATCH,
      facility: 'Rough Edges Gym',
      quantity: 12,
      service: 'Day pass',
      discountValue: 10,
      expirationDate: '2099-12-31',
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
});
afterEach(async (ctx) => {
  expect(nativeDialogs.splice(0), "the browser's own dialogs").toEqual([]);
  if (ctx.task.result?.state === 'fail') {
    let n = 0;
    for (const c of contexts)
      for (const p of c.pages())
        await p.screenshot({
          path: `${SHOTS}toasts-and-prompts-failed-${ctx.task.name.slice(0, 24)}-${n++}.png`,
        });
  }
  for (const c of contexts.splice(0)) await c.close();
});
afterAll(async () => browser?.close());

/** Opens the batch's codes dialog from /dashboard?tab=batches. */
async function openBatchDialog(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl}/dashboard?tab=batches`);
  const row = page.getByTestId('batch-row').filter({ hasText: BATCH }).first();
  await row.getByRole('button', { name: 'View Codes' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`${BATCH}: 12 codes`) });
  await dialog.getByText('Loading codes...').waitFor({ state: 'detached', timeout: 20_000 });
  return dialog;
}

/** Presses "A4 print sheet" and returns the file the browser saved. */
async function downloadSheet(page: Page, dialog: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    dialog.getByRole('button', { name: 'A4 print sheet' }).click(),
  ]);
  return { name: download.suggestedFilename(), data: readFileSync((await download.path())!) };
}

describe('toasts, prompts and the administrator-only 404', () => {
  it('the A4 print sheet downloads as one PDF; its toast covers no dialog button nor row action at 1366 × 768', async () => {
    const page = await open(E2E_ADMIN);
    const dialog = await openBatchDialog(page);
    const file = await downloadSheet(page, dialog);
    expect(file.name).toMatch(/^qr-cards-sheet-a4-\d{8}-\d{6}\.pdf$/);
    expect(file.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const toast = page.getByTestId('toast').filter({ hasText: 'Download Complete' });
    await toast.waitFor();
    await expect.poll(() => toast.innerText()).toContain('Your print sheet PDF has been downloaded.');
    await page.waitForTimeout(400); // the slide-in
    // The dialog's bottom corner (Close) is in view and the toast is not over it.
    const close = dialog.getByRole('button', { name: 'Close' });
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.y + closeBox.height).toBeGreaterThan(LAPTOP.height - 120);
    expect(await buttonsUnder(toast, dialog)).toEqual([]);
    await shot(page, 'toast-over-dialog-1366');

    // Behind the dialog, the table's row actions stay free too.
    await close.click();
    await toast.waitFor();
    expect(await buttonsUnder(toast, page.locator('main'))).toEqual([]);
    await shot(page, 'toast-over-table-1366');
  }, 180_000);

  it('on a 390 × 844 phone the toast covers no button of the full-screen dialog nor of the cards', async () => {
    const page = await open(E2E_ADMIN, true);
    const dialog = await openBatchDialog(page);
    const file = await downloadSheet(page, dialog);
    expect(file.name).toMatch(/\.pdf$/);
    const toast = page.getByTestId('toast').filter({ hasText: 'Download Complete' });
    await toast.waitFor();
    await page.waitForTimeout(400);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await buttonsUnder(toast, dialog)).toEqual([]);
    await shot(page, 'toast-over-dialog-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor();
    // The card's actions (View Codes, Assign batch) stay free; the toast keeps to the top band.
    expect(await buttonsUnder(toast, page.getByTestId('batch-row'))).toEqual([]);
    expect((await toast.boundingBox())!.y).toBeLessThan(20);
    await shot(page, 'toast-over-cards-phone');
  }, 180_000);

  it('/admin-inventory shows a partner the 404 page and stays there; the administrator sees the inventory', async () => {
    const partner = await open(staff);
    await partner.goto(`${baseUrl}/admin-inventory`);
    await partner.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await partner.waitForTimeout(1_200); // the old denial went to the dashboard after 500 ms
    expect(new URL(partner.url()).pathname).toBe('/admin-inventory');
    await expect(partner.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await expect(partner.getByText('Access Denied').count()).resolves.toBe(0);
    await expect(partner.getByRole('heading', { name: 'Inventory' }).count()).resolves.toBe(0);
    await shot(partner, 'admin-inventory-partner-404');

    const admin = await open(E2E_ADMIN);
    await admin.goto(`${baseUrl}/admin-inventory`);
    await admin.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await expect(admin.getByRole('heading', { name: 'Page Not Found' }).count()).resolves.toBe(0);
  });

  it("the partner's Athlete name offers its athletes with a balance as it is typed; picking one records", async () => {
    const page = await open(staff);
    await page.goto(`${baseUrl}/partner-credits`);
    await page.getByRole('button', { name: 'Record Transaction' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record Transaction' });
    await dialog.getByLabel('Athlete name').fill('Quill');
    const list = page.getByTestId('athlete-suggestions');
    await list.waitFor();
    // Its own and the unassigned athlete, A-Z; not the rival's, not the one spent to zero.
    await expect
      .poll(() => list.getByRole('option').allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining(RILEY), expect.stringContaining(RINA)]);
    await expect(list.getByRole('option').first().innerText()).resolves.toContain('$300.00');
    await shot(page, 'athlete-type-ahead');
    await list.getByRole('option', { name: new RegExp(RILEY) }).click();
    await expect(dialog.getByLabel('Athlete name').inputValue()).resolves.toBe(RILEY);
    await expect(dialog.getByTestId('picked-balance').innerText()).resolves.toContain('$300.00');
    await dialog.getByLabel('Description').fill('Water bottle');
    await dialog.getByLabel('Amount ($)').fill('25');
    await dialog.getByRole('button', { name: 'Record Transaction' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Transaction recorded successfully' }).waitFor();
    await expect(page.getByTestId('toast').innerText()).resolves.toContain(`${RILEY}: balance now $275.00`);
  }, 120_000);

  it('the administrator is asked before a second credit for the same athlete name, in the app’s dialog', async () => {
    const count = async () =>
      (
        (await api(baseUrl, `/api/athlete-credits?search=${encodeURIComponent(RINA)}`, { token: adminToken }))
          .body.items as { athleteName: string }[]
      ).filter((c) => c.athleteName.toLowerCase() === RINA.toLowerCase()).length;
    expect(await count()).toBe(1);
    const page = await open(E2E_ADMIN);
    await page.goto(`${baseUrl}/admin-credits`);
    await page.getByRole('button', { name: 'New Credit Allocation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Credit Allocation' });
    await dialog.getByLabel('Athlete name').fill(`  ${RINA.toLowerCase()} `);
    await dialog.getByLabel('Total amount ($)').fill('40');
    await dialog.getByLabel('Duration (months)').fill('4');
    await dialog.getByLabel('Start date').fill('2026-01-01');
    await dialog.getByLabel('End date').fill('2099-12-31');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const ask = page.getByRole('dialog', { name: /already has a credit/ });
    await ask.waitFor();
    await expect(ask.innerText()).resolves.toContain('$50.00 left of $50.00');
    await expect(ask.getByRole('heading').innerText()).resolves.toBe(`${RINA} already has a credit`);
    await page.waitForTimeout(400); // the dialog's fade-in
    await shot(page, 'second-credit-warning');
    await ask.getByRole('button', { name: 'Go back' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    expect(await count()).toBe(1);

    await dialog.getByRole('button', { name: 'Create' }).click();
    await ask.getByRole('button', { name: 'Create another' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Athlete credit created successfully' }).waitFor();
    expect(await count()).toBe(2);
    // A new name goes straight through.
    await page.getByRole('button', { name: 'New Credit Allocation' }).click();
    await dialog.getByLabel('Athlete name').fill('Quinn Quillgrove');
    await dialog.getByLabel('Total amount ($)').fill('10');
    await dialog.getByLabel('Duration (months)').fill('1');
    await dialog.getByLabel('Start date').fill('2026-01-01');
    await dialog.getByLabel('End date').fill('2099-12-31');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Athlete credit created successfully' })
      .nth(0)
      .waitFor();
    await expect(page.getByRole('dialog', { name: /already has a credit/ }).count()).resolves.toBe(0);

    // Delete asks in the app's dialog (a browser confirm() would fail the afterEach check).
    const row = page.getByTestId('credit-row').filter({ hasText: 'Quinn Quillgrove' }).first();
    await row.getByRole('button', { name: 'Delete credit of Quinn Quillgrove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the credit of Quinn Quillgrove?' });
    await confirm.waitFor();
    await shot(page, 'delete-credit-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Credit deleted successfully' }).waitFor();
  }, 120_000);

  it('inventory: selects show labels, buttons keep to one line at 1366 px, an empty search says nothing matches', async () => {
    const page = await open(E2E_ADMIN);
    await page.goto(`${baseUrl}/admin-inventory`);
    await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    // The category filter lists labels, and shows the chosen one as its label.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await expect(page.getByRole('listbox').getByRole('option').allInnerTexts()).resolves.toEqual([
      'All categories',
      'Hoodies',
      'Shirts',
      'Pants',
      'Shorts',
      'Accessories',
      'Shoes',
      'Equipment',
    ]);
    await page.getByRole('option', { name: 'Hoodies' }).click();
    // The choice goes through the URL (the tab's view), so the field shows it a render later.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Category' }).innerText(), { timeout: 10_000 })
      .toBe('Hoodies');

    await page.getByLabel('Search by name, SKU or brand').fill('no-such-item-zz');
    await page.getByText('No items match "no-such-item-zz" in Hoodies.').waitFor();
    await expect(page.getByText('Add your first item').count()).resolves.toBe(0);
    await shot(page, 'inventory-no-match');

    // Every button of every tab is one line of text at 1366 px (with an item chosen, as in use).
    await page.goto(`${baseUrl}/admin-inventory?tab=inventory&item=${itemId}`);
    await page.getByRole('combobox', { name: 'Item' }).filter({ hasText: 'Rough Edges Tee' }).waitFor();
    for (const tab of ['Merch Items', 'Inventory', 'Allocations', 'Transactions']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(400);
      const wrapped = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll('button')]
          .filter((b) => b.offsetParent !== null)
          .filter((b) => {
            // A text node laid out on two lines has rectangles at two heights.
            const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) return true;
            }
            return false;
          })
          .map((b) => b.innerText.trim()),
      );
      expect(wrapped, `${tab}: buttons on two lines`).toEqual([]);
      await shot(page, `inventory-tab-${tab.toLowerCase().replace(' ', '-')}-1366`);
    }
  }, 120_000);
});
