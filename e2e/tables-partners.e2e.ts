/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api } from './support/browser';
import { eventually, useTableBrowser } from './support/tables';

// Issue 27, "Tables", on the exclusives and the partners: /project-rooted-exclusives searches, sorts by
// its Title, Usage and Expires headers and filters by tab and partner on the server; /partners sorts its
// cards by name or creation and filters by category and status. Both keep the view in the URL, so a
// reload or a shared link shows the same view; on a phone both are cards with a Sort field.
// Screenshots at 1366 × 768 go to e2e/screenshots/.
const baseUrl = inject('baseUrl');
const TAG = `Tp${randomUUID().slice(0, 5)}`;

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
const { shot, signInAdmin } = ui;
let adminToken: string;
let vendorId: string;
let vendorName: string;
const exclusives: string[] = [];
const partners: string[] = [];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function exclusive(
  title: string,
  expirationDate: string,
  uses: number,
  extra: Record<string, unknown> = {},
) {
  const res = await api(baseUrl, '/api/project-rooted-exclusives', {
    method: 'POST',
    token: adminToken,
    json: {
      exclusiveType: 'training_session',
      expirationDate,
      usageLimit: '10',
      deploymentUrl: baseUrl,
      ...extra,
      exclusiveDetails: {
        title: `${TAG} ${title}`,
        description: 'A table row',
        value: '10 OFF',
        ...((extra.exclusiveDetails as object | undefined) ?? {}),
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  exclusives.push(res.body.id);
  for (let i = 0; i < uses; i++) {
    const redeemed = await api(baseUrl, `/api/redeem/${res.body.id}`, { method: 'POST' });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  }
}

async function partner(name: string, categories: string[], isActive = true) {
  const res = await api(baseUrl, '/api/vendors', {
    method: 'POST',
    token: adminToken,
    json: { name: `${TAG} ${name}`, categories },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  partners.push(res.body.id);
  if (!isActive) {
    const off = await api(baseUrl, `/api/vendors/${res.body.id}`, {
      method: 'PATCH',
      token: adminToken,
      json: { isActive: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  }
  return res.body.id as string;
}

beforeAll(async () => {
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  // Partners: names out of creation order, two categories, one inactive.
  await partner('Maple Physio', ['Sports Clinic']);
  vendorName = `${TAG} aspen Gym`;
  vendorId = await partner('aspen Gym', ['Fitness Center']);
  await partner('Cedar Cafe', ['Coffee Shop'], false);
  await partner('birch Clinic', ['Sports Clinic']);
  // Exclusives: titles out of creation order, expiries and usage varied, one a raffle made for a vendor.
  await exclusive('Mango session', inDays(40), 1);
  await exclusive('apple session', inDays(20), 0);
  await exclusive('Cherry raffle', inDays(60), 2, {
    exclusiveType: 'raffle_prize',
    exclusiveDetails: { vendorId },
  });
});
afterAll(async () => {
  // Other files count exclusives and partners: the ones made here go again.
  for (const id of exclusives)
    await api(baseUrl, `/api/qr-codes/${id}`, { method: 'DELETE', token: adminToken }).catch(() => undefined);
  for (const id of partners)
    await api(baseUrl, `/api/vendors/${id}`, { method: 'DELETE', token: adminToken }).catch(() => undefined);
});

/** The titles of the exclusives table's rows, top to bottom (without the run's tag). */
const titles = async () =>
  (await page.locator('[data-testid="exclusive-row"] td:nth-child(2) p:first-child').allInnerTexts()).map(
    (t) => t.replace(`${TAG} `, ''),
  );

describe('the exclusives table keeps its view in the URL', () => {
  it('searches, sorts by its headers, filters by tab, and a reload or a shared link shows the same view', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/project-rooted-exclusives`);
    await page.getByLabel('Search exclusives').fill(TAG);
    await page.waitForURL(new RegExp(`q=${TAG}`));
    // Newest first by default.
    await eventually(titles).toEqual(['Cherry raffle', 'apple session', 'Mango session']);
    await expect(page.getByTestId('tab-all').innerText()).resolves.toContain('(3)');

    // Title A–Z by the header (aria-sort says so), then Z–A.
    const titleHeader = page.getByRole('columnheader', { name: 'Title' });
    await ui.sortsAscendingByHeader(titleHeader, 'sort-title', /sort=title/);
    await eventually(titles).toEqual(['apple session', 'Cherry raffle', 'Mango session']);
    await page.getByTestId('sort-title').click();
    await page.waitForURL(/order=desc/);
    await eventually(titles).toEqual(['Mango session', 'Cherry raffle', 'apple session']);

    // Usage: most redeemed first, then least; expiry: soonest first.
    await page.getByTestId('sort-usageCount').click();
    await page.waitForURL(/sort=usageCount/);
    await eventually(titles).toEqual(['Cherry raffle', 'Mango session', 'apple session']);
    await page.getByTestId('sort-usageCount').click();
    await page.waitForURL(/order=asc/);
    await eventually(titles).toEqual(['apple session', 'Mango session', 'Cherry raffle']);
    await page.getByTestId('sort-expiresAt').click();
    await page.waitForURL(/sort=expiresAt/);
    await eventually(titles).toEqual(['apple session', 'Mango session', 'Cherry raffle']);
    await page.getByTestId('sort-expiresAt').click();
    await page.waitForURL(/order=desc/);
    await eventually(titles).toEqual(['Cherry raffle', 'Mango session', 'apple session']);

    // The tab is the status filter: Training Sessions leaves the raffle out.
    await page.getByTestId('tab-training').click();
    await page.waitForURL(/filter=training/);
    await eventually(titles).toEqual(['Mango session', 'apple session']);

    // A reload shows the same view: search, sort, direction and tab.
    await ui.reloadShowing('exclusive-row');
    await eventually(titles).toEqual(['Mango session', 'apple session']);
    await expect(page.getByLabel('Search exclusives').inputValue()).resolves.toBe(TAG);
    await expect(page.getByTestId('tab-training').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('columnheader', { name: 'Expires' }).getAttribute('aria-sort')).resolves.toBe(
      'descending',
    );
    await shot('tables-exclusives-sorted');

    // A shared link in another signed-in session shows the same view.
    const shared = page.url();
    await ui.openShared(shared);
    await page.getByTestId('exclusive-row').first().waitFor();
    await eventually(titles).toEqual(['Mango session', 'apple session']);
  });

  it('filters by partner from a link: the exclusive made for that vendor', async () => {
    await signInAdmin();
    await page.goto(
      `${baseUrl}/project-rooted-exclusives?partner=${vendorId}&pname=${encodeURIComponent(vendorName)}`,
    );
    await page.getByTestId('exclusive-row').first().waitFor();
    await eventually(titles).toEqual(['Cherry raffle']);
    await expect(page.getByTestId('partner-filter').inputValue()).resolves.toBe(vendorName);
    await expect(page.getByTestId('tab-all').innerText()).resolves.toContain('(1)');
  });

  it('on a phone the table is cards, sorted by the Sort field', async () => {
    await ui.newSession('phone');
    await signInAdmin();
    await page.goto(`${baseUrl}/project-rooted-exclusives?q=${TAG}`);
    await page.getByTestId('exclusive-card').first().waitFor();
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Title (A–Z)' }).click();
    await page.waitForURL(/sort=title/);
    const cards = async () =>
      (
        await page
          .locator('[data-testid="exclusive-card"] p')
          .filter({ hasText: new RegExp(`^${TAG} `) })
          .allInnerTexts()
      ).map((t) => t.replace(`${TAG} `, ''));
    await eventually(cards).toEqual(['apple session', 'Cherry raffle', 'Mango session']);
    await shot('tables-exclusives-phone');
  });
});

/** The names on the partners screen's cards, in order (without the run's tag). */
const partnerNames = async (testId = 'partner-card') =>
  (
    await page
      .locator(`[data-testid="${testId}"] ${testId === 'partner-card' ? 'h2' : 'p'}`)
      .filter({ hasText: TAG })
      .allInnerTexts()
  ).map((n) => n.replace(`${TAG} `, ''));

describe('the partners screen keeps its view in the URL', () => {
  it('searches, sorts by name or creation, filters by category and status, and a reload or a link shows the same view', async () => {
    await signInAdmin();
    await page.goto(`${baseUrl}/partners`);
    await page.getByLabel('Search partners').fill(TAG);
    await page.waitForURL(new RegExp(`q=${TAG}`));
    // Newest first by default.
    await eventually(partnerNames).toEqual(['birch Clinic', 'Cedar Cafe', 'aspen Gym', 'Maple Physio']);
    const sortBy = async (label: string) => {
      await page.getByTestId('sort-select').click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    await sortBy('Name (A–Z)');
    await page.waitForURL(/sort=name/);
    await eventually(partnerNames).toEqual(['aspen Gym', 'birch Clinic', 'Cedar Cafe', 'Maple Physio']);
    await sortBy('Name (Z–A)');
    await page.waitForURL(/order=desc/);
    await eventually(partnerNames).toEqual(['Maple Physio', 'Cedar Cafe', 'birch Clinic', 'aspen Gym']);
    await sortBy('Oldest first');
    await page.waitForURL(/order=asc/);
    await eventually(partnerNames).toEqual(['Maple Physio', 'aspen Gym', 'Cedar Cafe', 'birch Clinic']);

    // Status: Inactive is the café alone; Active the other three, with a category one pair.
    await ui.pickFilter('status-filter', 'Inactive', /status=inactive/);
    await eventually(partnerNames).toEqual(['Cedar Cafe']);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.waitForURL(/status=active/);
    await eventually(partnerNames).toEqual(['Maple Physio', 'aspen Gym', 'birch Clinic']);
    await sortBy('Name (A–Z)');
    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Sports Clinic' }).click();
    await page.waitForURL(/category=Sports/);
    await eventually(partnerNames).toEqual(['birch Clinic', 'Maple Physio']);

    // A reload shows the same view: search, sort, category and status.
    await ui.reloadShowing('partner-card');
    await eventually(partnerNames).toEqual(['birch Clinic', 'Maple Physio']);
    await expect(page.getByLabel('Search partners').inputValue()).resolves.toBe(TAG);
    await expect(page.getByTestId('status-filter').locator('input').inputValue()).resolves.toBe('active');
    await expect(page.getByTestId('sort-select').locator('input').inputValue()).resolves.toBe('name:asc');
    await shot('tables-partners-sorted');

    // A shared link in another signed-in session shows the same view.
    const shared = page.url();
    await ui.openShared(shared);
    await page.getByTestId('partner-card').first().waitFor();
    await eventually(partnerNames).toEqual(['birch Clinic', 'Maple Physio']);
  });

  it('on a phone the partners are cards, sorted by the Sort field', async () => {
    await ui.newSession('phone');
    await signInAdmin();
    await page.goto(`${baseUrl}/partners?q=${TAG}`);
    await page.getByTestId('partner-row').first().waitFor();
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Name (Z–A)' }).click();
    await page.waitForURL(/order=desc/);
    await eventually(() => partnerNames('partner-row')).toEqual([
      'Maple Physio',
      'Cedar Cafe',
      'birch Clinic',
      'aspen Gym',
    ]);
    // The status the filter reads is on the phone's rows too.
    await expect(
      page
        .getByTestId('partner-row')
        .filter({ hasText: `${TAG} Cedar Cafe` })
        .getByText('Inactive')
        .isVisible(),
    ).resolves.toBe(true);
    await shot('tables-partners-phone');
  });
});
