/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './support/browser';
import { seriousAxeViolations } from './support/axe';
import { adminLogin, createPartner } from './support/partners';
import { eventually, useTableBrowser } from './support/tables';

// Issue 27, "Tables", on more lists: the Trainer/Athlete QR tab sorts by its headers, filters by the
// chip's status and by partner on the server, and the Batches tab sorts by name and size; both keep
// search, sort and filters in the URL, so a reload or a shared link shows the same view. Screenshots at 1366 × 768 go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const TAG = `Tm${randomUUID().slice(0, 5)}`;

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
const { shot, settle, signInAdmin } = ui;
let adminToken: string;
let partnerId: string;
let partnerName: string;
const made: string[] = [];

async function trainers(names: string[], extra: Record<string, unknown> = {}): Promise<void> {
  const res = await api(baseUrl, '/api/generate-trainer-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerName: `${TAG} Physio`,
      couponTitle: 'Athlete Perk',
      trainerNames: names.join('\n'),
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.push(...(res.body.qrCodes as { id: string }[]).map((code) => code.id));
}

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  partnerName = `${TAG} Sports Clinic`;
  partnerId = await createPartner(baseUrl, adminToken, { name: partnerName });
  // Names out of creation order; one pair assigned to the partner.
  await trainers(['Mara Coach', 'Ava Runner', 'Zed Lifter']);
  await trainers(['Quinn Partnered', 'Bo Partnered'], { partnerId });
  // Batches: names out of creation order, sizes varied.
  for (const [name, quantity] of [
    ['Maple flyers', 2],
    ['aspen cards', 4],
    ['Cedar tickets', 1],
  ] as const) {
    const res = await api(baseUrl, '/api/bulk-generate', {
      method: 'POST',
      token: adminToken,
      json: {
        batchName: `${TAG} ${name}`,
        facility: `${TAG} Gym`,
        quantity,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Day pass',
        expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(async () => {
  // Other files count the trainer tab's rows: the codes made here go again.
  for (const id of made)
    await api(baseUrl, `/api/qr-codes/${id}`, { method: 'DELETE', token: adminToken }).catch(() => undefined);
  await api(baseUrl, `/api/vendors/${partnerId}`, { method: 'DELETE', token: adminToken }).catch(
    () => undefined,
  );
});

/** The trainer names of the tab's rows, top to bottom. */
const names = () => page.locator('[data-testid="trainer-row"] td:nth-child(2)').allInnerTexts();

describe('the trainer codes table keeps its view in the URL', () => {
  it('searches, sorts by a header, filters by status, and a reload or a shared link shows the same view', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=trainer`);
    await page.getByTestId('trainer-row').first().waitFor();
    await page.getByLabel('Search trainer QR codes').fill(TAG);
    await page.waitForURL(new RegExp(`q=${TAG}`));
    await eventually(async () => (await names()).length).toBe(5);
    // Name A–Z by the header (aria-sort says so), then Z–A.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await ui.sortsAscendingByHeader(nameHeader, 'sort-name', /sort=name/);
    await eventually(names).toEqual([
      'Ava Runner',
      'Bo Partnered',
      'Mara Coach',
      'Quinn Partnered',
      'Zed Lifter',
    ]);
    await page.getByTestId('sort-name').click();
    await page.waitForURL(/order=desc/);
    await eventually(names).toEqual([
      'Zed Lifter',
      'Quinn Partnered',
      'Mara Coach',
      'Bo Partnered',
      'Ava Runner',
    ]);

    // Status: Expired shows none of them, Active all.
    await ui.pickFilter('status-filter', 'Expired', /status=expired/);
    await eventually(() => page.getByText(`No trainer/athlete QR codes match "${TAG}".`).isVisible()).toBe(
      true,
    );
    await ui.pickFilter('status-filter', 'Active', /status=active/);
    await eventually(async () => (await names()).length).toBe(5);

    // A reload shows the same view: search, sort, direction and status.
    await ui.reloadShowing('trainer-row');
    await eventually(names).toEqual([
      'Zed Lifter',
      'Quinn Partnered',
      'Mara Coach',
      'Bo Partnered',
      'Ava Runner',
    ]);
    await expect(page.getByLabel('Search trainer QR codes').inputValue()).resolves.toBe(TAG);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('active');
    await expect(nameHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    await shot('tables-trainer-sorted');

    // A shared link in another signed-in session shows the same view.
    const shared = page.url();
    await ui.openShared(shared);
    await page.getByTestId('trainer-row').first().waitFor();
    await eventually(names).toEqual([
      'Zed Lifter',
      'Quinn Partnered',
      'Mara Coach',
      'Bo Partnered',
      'Ava Runner',
    ]);
  });

  it('filters by partner from a link, sorted by name as the link says', async () => {
    await signInAdmin();
    await page.goto(
      `${baseUrl}/dashboard?tab=trainer&partner=${partnerId}&pname=${encodeURIComponent(partnerName)}&sort=name`,
    );
    await page.getByTestId('trainer-row').first().waitFor();
    await eventually(names).toEqual(['Bo Partnered', 'Quinn Partnered']);
    await expect(page.getByTestId('partner-filter').inputValue()).resolves.toBe(partnerName);
    await expect(page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).resolves.toBe(
      'ascending',
    );
  });

  it('on a phone the tab is cards, sorted by the Sort field', async () => {
    await ui.newSession('phone');
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=trainer&q=${TAG}`);
    await page.getByTestId('trainer-row').first().waitFor();
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Name (A–Z)' }).click();
    await page.waitForURL(/sort=name/);
    const cards = () =>
      page
        .locator('[data-testid="trainer-row"] p')
        .filter({ hasText: /Runner|Partnered|Coach|Lifter/ })
        .allInnerTexts();
    await eventually(cards).toEqual([
      'Ava Runner',
      'Bo Partnered',
      'Mara Coach',
      'Quinn Partnered',
      'Zed Lifter',
    ]);
    await shot('tables-trainer-phone');
  });
});

/** The batch names of the Batches tab's rows, top to bottom (without the run's tag). */
const batchNames = async () =>
  (await page.locator('[data-testid="batch-row"] td:nth-child(1)').allInnerTexts()).map((n) =>
    n.replace(`${TAG} `, ''),
  );

describe('the Batches tab keeps its view in the URL', () => {
  it('searches, sorts by name and by size, and a reload shows the same view', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/dashboard?tab=batches`);
    await page.getByTestId('batch-row').first().waitFor();
    await page.getByLabel('Search batches').fill(TAG);
    await page.waitForURL(new RegExp(`q=${TAG}`));
    // Newest first by default.
    await eventually(batchNames).toEqual(['Cedar tickets', 'aspen cards', 'Maple flyers']);
    const nameHeader = page.getByRole('columnheader', { name: 'Batch Name' });
    await page.getByTestId('sort-name').click();
    await page.waitForURL(/sort=name/);
    await eventually(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(batchNames).toEqual(['aspen cards', 'Cedar tickets', 'Maple flyers']);
    await page.getByTestId('sort-count').click();
    await page.waitForURL(/sort=count/);
    await eventually(batchNames).toEqual(['aspen cards', 'Maple flyers', 'Cedar tickets']);
    await page.getByTestId('sort-count').click();
    await page.waitForURL(/order=asc/);
    await eventually(batchNames).toEqual(['Cedar tickets', 'Maple flyers', 'aspen cards']);
    await ui.reloadShowing('batch-row');
    await eventually(batchNames).toEqual(['Cedar tickets', 'Maple flyers', 'aspen cards']);
    await expect(page.getByLabel('Search batches').inputValue()).resolves.toBe(TAG);
    await expect(
      page.getByRole('columnheader', { name: 'Quantity' }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');
    await shot('tables-batches-sorted');
  });
});

describe('the exclusives keep their tab in the URL', () => {
  it('a filter tab is in the address, and a reload or a link opens on it', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/project-rooted-exclusives`);
    await page.getByTestId('tab-raffles').click();
    await page.waitForURL(/filter=raffles/);
    await page.reload();
    await eventually(() => page.getByTestId('tab-raffles').getAttribute('aria-selected')).toBe('true');
    await expect(page.getByTestId('tab-all').getAttribute('aria-selected')).resolves.toBe('false');
    await page.goto(`${baseUrl}/project-rooted-exclusives?filter=expired`);
    await eventually(() => page.getByTestId('tab-expired').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tab-all').click();
    await eventually(async () => new URL(page.url()).searchParams.get('filter')).toBe(null);
    // A value the tabs do not know opens on All.
    await page.goto(`${baseUrl}/project-rooted-exclusives?filter=bogus`);
    await eventually(() => page.getByTestId('tab-all').getAttribute('aria-selected')).toBe('true');
  });
});

describe('each dashboard tab keeps its own view (issue 44)', () => {
  for (const device of ['desktop', 'phone'] as const) {
    it(`on a ${device}, a tab left and re-entered gets its search and sort back; the other tab keeps its own`, async () => {
      if (device === 'phone') {
        await ui.newSession('phone');
      }
      // The Maple batch alone (a phone shows cards, a laptop a table).
      const mapleShown = async () =>
        (await page.getByTestId('batch-row').count()) === 1 &&
        (await page.getByTestId('batch-row').innerText()).includes('Maple flyers');
      await signInAdmin();
      await page.goto(`${baseUrl}/dashboard?tab=trainer`);
      await page.getByTestId('trainer-row').first().waitFor();
      await page.getByLabel('Search trainer QR codes').fill(TAG);
      await page.waitForURL(new RegExp(`q=${TAG}`));
      await page.goto(`${baseUrl}/dashboard?tab=trainer&q=${TAG}&sort=name&order=desc`);
      await page.getByTestId('trainer-row').first().waitFor();

      // To Batches: its own (empty) view, then a search of its own.
      await page.getByRole('tab', { name: 'Batches' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'batches');
      expect(new URL(page.url()).searchParams.get('q')).toBeNull();
      await page.getByLabel('Search batches').fill(`${TAG} Maple`);
      await page.waitForURL(/q=.*Maple/);
      await eventually(mapleShown).toBe(true);

      // Back to Trainer/Athlete QR: its search and sort come back, in the URL and on screen.
      await page.getByRole('tab', { name: 'Trainer/Athlete QR' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'trainer');
      const trainerParams = new URL(page.url()).searchParams;
      expect([trainerParams.get('q'), trainerParams.get('sort'), trainerParams.get('order')]).toEqual([
        TAG,
        'name',
        'desc',
      ]);
      await expect(page.getByLabel('Search trainer QR codes').inputValue()).resolves.toBe(TAG);
      if (device === 'desktop') {
        await eventually(names).toEqual([
          'Zed Lifter',
          'Quinn Partnered',
          'Mara Coach',
          'Bo Partnered',
          'Ava Runner',
        ]);
      } else {
        await eventually(async () => (await page.getByTestId('trainer-row').count()) === 5).toBe(true);
      }
      await settle();
      await shot(`tables-tab-state-trainer-${device}`);

      // And Batches again: its own search is still there.
      await page.getByRole('tab', { name: 'Batches' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'batches');
      expect(new URL(page.url()).searchParams.get('q')).toBe(`${TAG} Maple`);
      await eventually(mapleShown).toBe(true);
      const violations = await seriousAxeViolations(page);
      expect(violations).toEqual([]);
      await settle();
      await shot(`tables-tab-state-batches-${device}`);
    });
  }
});
