/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDate } from '../libs/domain/src/date-format';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, signIn } from './support/browser';

// Issue 27, Forms: a failed submit shows its first error (focused, in view), /generate refuses an
// empty "Custom number", /trainer-qr ends a batch with its codes, ZIP and CSV and keeps the title a
// {name} template, /trainer-analytics never moves From when To changes and says when a range is empty.
const baseUrl = inject('baseUrl');
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

async function open(viewport: { width: number; height: number } = LAPTOP) {
  await context?.close();
  context = await browser.newContext({ viewport, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
}
/** What the user sees now (the viewport, not the whole page). */
async function shot(name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}forms-${name}.png` });
}
async function expectToast(title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 20_000 });
}
const codeCount = async () => (await api(baseUrl, '/api/admin/stats', { token })).body.totalQrCodes as number;

/**
 * The focused element, when it is a field in error wholly in view below the sticky header and the
 * first such field of its form or dialog; else why not.
 */
function focusedFirstError() {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, why: 'nothing focused' };
    const scope = el.closest('form, [role="dialog"]') ?? document;
    const first = scope.querySelector('[aria-invalid="true"]:not([aria-hidden="true"])');
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const box = el.getBoundingClientRect();
    const label = el.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ?? '';
    return {
      ok: el.getAttribute('aria-invalid') === 'true' && first === el,
      inView: box.top >= header && box.bottom <= window.innerHeight,
      label,
      name: el.getAttribute('name'),
    };
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
});
afterAll(async () => browser?.close());
afterEach(async () => context?.close());

describe('a submit that fails validation', () => {
  it('on /bulk at 1366x768 focuses the first field in error and brings it into view', async () => {
    await open();
    await page.goto(`${baseUrl}/bulk`);
    const form = page.getByRole('form', { name: 'Bulk QR codes' });
    await form.waitFor();
    await form.locator('input[name="batchName"]').fill('');
    const submit = page.getByRole('button', { name: 'Generate Bulk QR Codes' });
    await submit.scrollIntoViewIfNeeded();
    await shot('bulk-before-submit');
    await submit.click();
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.getAttribute('aria-invalid') === 'true',
    );
    // The smooth scroll has ended once the field stops moving.
    await page.waitForTimeout(800);
    const focused = await focusedFirstError();
    expect(focused).toMatchObject({ ok: true, inView: true, name: 'batchName' });
    await page.getByText('Batch name is required').waitFor();
    await shot('bulk-first-error-focused');
  });

  it('on /generate with an empty "Custom number" refuses it with a message and saves nothing', async () => {
    await open();
    await page.goto(`${baseUrl}/generate`);
    const form = page.getByRole('form', { name: 'Discount details' });
    await form.waitFor();
    await form.locator('input[name="clinic"]').fill('Summit Sports Clinic');
    await form.getByLabel('Service / Product').fill('Sports massage');
    await form.getByRole('combobox', { name: 'Usage Limit' }).click();
    await page.getByRole('option', { name: 'Custom number' }).click();
    await form.locator('input[name="usageCustom"]').waitFor();
    // No label of the form is cut short ("Number of u…").
    const cut = await form.evaluate((el) =>
      [...el.querySelectorAll('label')]
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
    const before = await codeCount();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await form.getByText('Usage limit is required: enter the number of uses').waitFor();
    await page.waitForTimeout(800);
    expect(await focusedFirstError()).toMatchObject({ ok: true, inView: true, name: 'usageCustom' });
    await shot('generate-custom-number-refused');
    expect(await codeCount()).toBe(before);

    await form.locator('input[name="usageCustom"]').fill('4');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await expectToast('QR Code Generated');
    const qr = page.getByTestId('qr-preview').getByRole('img').first();
    await qr.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(900);
    // The new QR is wholly below the sticky header, not half hidden under it.
    const place = await qr.evaluate((img) => ({
      top: img.getBoundingClientRect().top,
      bottom: img.getBoundingClientRect().bottom,
      header: document.querySelector('header')!.getBoundingClientRect().bottom,
      height: window.innerHeight,
    }));
    expect(place.top).toBeGreaterThanOrEqual(place.header);
    expect(place.bottom).toBeLessThanOrEqual(place.height);
    await page.getByTestId('qr-preview').getByText('Used 0 / 4', { exact: false }).first().waitFor();
    await shot('generate-new-qr-in-view');
    expect(await codeCount()).toBe(before + 1);
  });
});

describe('/generate preview with a start date', () => {
  for (const [device, viewport] of [
    ['desktop', LAPTOP],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`says "Valid from {date}" beside "Valid until" (${device})`, async () => {
      await open(viewport);
      await page.goto(`${baseUrl}/generate`);
      const form = page.getByRole('form', { name: 'Discount details' });
      await form.waitFor();
      const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      await form.locator('input[name="clinic"]').fill('Summit Sports Clinic');
      await form.getByLabel('Service / Product').fill('Sports massage');
      await form.getByTestId('start-date').fill(start);
      await page.getByRole('button', { name: 'Generate QR Code' }).click();
      await expectToast('QR Code Generated');
      const from = page.getByTestId('qr-preview-valid-from');
      await from.waitFor({ timeout: 20_000 });
      // The calendar date as the voucher page prints it ("Mar 8, 2026"), whatever the zone.
      await expect(from.innerText()).resolves.toBe(`Valid from ${formatDate(start, 'UTC')}`);
      await expect(page.getByTestId('qr-preview-validity').innerText()).resolves.toMatch(
        /^Valid from .+ · Valid until .+ · Used 0 \/ 1$/,
      );
      await page.getByTestId('qr-preview').scrollIntoViewIfNeeded();
      await shot(`generate-valid-from-${device}`);
      const violations = await seriousAxeViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    });
  }
});

describe('/trainer-qr', () => {
  it('ends a batch with the list of its codes, a ZIP and a CSV, each with its own {name} title', async () => {
    await open();
    await page.goto(`${baseUrl}/trainer-qr`);
    await page.getByRole('form', { name: 'Trainer QR details' }).waitFor();
    const generate = page.getByTestId('trainer-generate');
    await expect(generate.innerText()).resolves.toBe('Generate QR Code');
    await page.getByRole('button', { name: 'Batch' }).click();
    await expect(generate.innerText()).resolves.toBe('Generate QR Codes');
    await page.getByTestId('trainer-trainerNames').fill('Ann Lee');
    await expect(generate.innerText()).resolves.toBe('Generate QR Code');
    await page.getByTestId('trainer-trainerNames').fill('Ann Lee, Bo Diaz\nCy Park');
    await expect(generate.innerText()).resolves.toBe('Generate 3 QR Codes');

    // No partner name and no coupon title: both said, the first of them focused and in view.
    await generate.click();
    await page.getByText('Coupon title is required').waitFor();
    await page.waitForTimeout(800);
    expect(await focusedFirstError()).toMatchObject({
      ok: true,
      inView: true,
      label: expect.stringMatching(/^Partner name/),
    });

    await page.getByTestId('trainer-partnerName').fill('Peak Physio');
    await page.getByTestId('trainer-couponTitle').fill('Summer Special');
    await page.getByText('The same title on every code: put {name} where').waitFor();
    await page.getByTestId('trainer-couponTitle').fill("{name}'s Training Perk");
    await generate.click();
    await expectToast('Batch Generation Complete!');
    const result = page.getByTestId('trainer-batch-result');
    await result.waitFor();
    const items = result.getByTestId('trainer-batch-codes').locator('li');
    await expect(items.count()).resolves.toBe(3);
    for (const name of ['Ann Lee', 'Bo Diaz', 'Cy Park'])
      await items.filter({ hasText: `${name}'s Training Perk` }).waitFor();
    await expect(result.getByRole('link').count()).resolves.toBe(3);
    await page.waitForTimeout(800);
    await shot('trainer-batch-result');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      result.getByTestId('trainer-batch-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^trainer-codes-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Trainer,Role,Coupon Title,Partner,Discount (%),Usage Limit,Expires,Code ID,Voucher URL',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^Bo Diaz,Personal Trainer,Bo Diaz's Training Perk,Peak Physio,10,Unlimited uses,/,
    );
    expect(lines[2]).toMatch(/,[0-9a-f-]{36},https?:\/\/[^,]+\/voucher\/[0-9a-f-]{36}$/);

    const [zip] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      result.getByRole('button', { name: 'PNG ZIP' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = readFileSync((await zip.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it("saves a configuration's title as a {name} template, not one trainer's title", async () => {
    await open();
    await page.goto(`${baseUrl}/trainer-qr`);
    await page.getByRole('form', { name: 'Trainer QR details' }).waitFor();
    await page.getByTestId('trainer-trainerName').fill('Dana Cruz');
    await page.getByTestId('trainer-partnerName').fill('Peak Physio');
    await page.getByTestId('trainer-couponTitle').fill("Dana Cruz's Perk");
    await page.getByTestId('save-config').click();
    await page.getByTestId('toast').filter({ hasText: `the title as "{name}'s Perk"` }).waitFor();
    const saved = await api(baseUrl, '/api/trainer-config', { token });
    expect(saved.body.config.couponTitle).toBe("{name}'s Perk");

    await page.getByTestId('trainer-couponTitle').fill('');
    await page.getByTestId('apply-config').click();
    await expect(page.getByTestId('trainer-couponTitle').inputValue()).resolves.toBe("{name}'s Perk");
    await page.getByTestId('trainer-trainerName').fill('Eli Moss');
    await page.getByTestId('trainer-generate').click();
    await expectToast('QR Code Generated!');
    const list = await api(baseUrl, '/api/qr-codes/trainers?search=Eli%20Moss', { token });
    expect(list.body.items.map((c: { couponTitle: string }) => c.couponTitle)).toEqual(["Eli Moss's Perk"]);
  });
});

describe('/trainer-analytics date range', () => {
  it('never moves From when To changes, refuses a To before From, and says when a range is empty', async () => {
    await open();
    await page.goto(`${baseUrl}/trainer-analytics`);
    const from = page.getByTestId('filter-start');
    const to = page.getByTestId('filter-end');
    await from.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="filter-start"]') as HTMLInputElement).value !== '',
    );
    const start = await from.inputValue();
    const end = await to.inputValue();
    const dayBefore = (day: string, n: number) =>
      new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

    await to.fill(dayBefore(end, 3));
    await page.waitForTimeout(500);
    await expect(from.inputValue()).resolves.toBe(start);
    await expect(to.inputValue()).resolves.toBe(dayBefore(end, 3));
    await page.getByText('Last day counted; From stays as it is').waitFor();

    // A To before From is refused, with the reason under it; From stays.
    await to.fill(dayBefore(start, 1));
    await page.getByText("To can't be before From").waitFor();
    await expect(from.inputValue()).resolves.toBe(start);
    await shot('analytics-to-before-from');

    // One day with no redemptions: a clear empty state, not an empty chart.
    await to.fill(start);
    await page.getByTestId('analytics-empty').waitFor();
    await page.getByText('No redemptions in this range').waitFor();
    await expect(from.inputValue()).resolves.toBe(start);
    await expect(
      page.getByTestId('analytics-chart').locator('svg.MuiChartsSurface-root').count(),
    ).resolves.toBe(0);
    await shot('analytics-empty-range');
  });
});
