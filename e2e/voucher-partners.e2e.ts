/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDateTime } from '../libs/domain/src/date-format';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, ARTIFACTS, launchBrowser, newPhoneContext, screenshot } from './support/browser';

// Issue 24, what the member sees: on the phone at the till, where a voucher is honoured (map, call,
// website) and, once redeemed, where and when, still there after a reload; on the landing page, every
// active partner findable (search and "Show more"), long names wrapped, the figures from the server.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
const tag = Math.random().toString(36).slice(2, 7);
const SHOP = {
  name: `Valley Sports Shop ${tag}`,
  address: '44801 Valley Central Way, Lancaster, CA 93536',
  phone: '+1 (661) 555-0142',
  website: 'https://www.valleysports.example/',
};
const CAFE = {
  name: `Poppy Cafe ${tag}`,
  address: '1020 W Avenue J, Lancaster, CA 93534',
  phone: '661-555-0177',
};
/** The newest partner on the landing page, after more than a page of others; its name is long. */
const NEWEST = `The Antelope Valley Family Sports Medicine and Physical Rehabilitation Center ${tag}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let shopId: string;
let cafeId: string;
const created: string[] = [];

async function createPartner(json: Record<string, unknown>): Promise<string> {
  const res = await api(baseUrl, '/api/vendors', { method: 'POST', token: adminToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  created.push(res.body.id);
  return res.body.id as string;
}

async function generate(fields: Record<string, unknown>): Promise<string> {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      discountType: 'percentage',
      discountValue: 15,
      service: 'Running Shoes',
      expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      usageLimit: '1',
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function expectNoSeriousAxeViolations(p: Page) {
  const violations = await seriousAxeViolations(p);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** The zone the browser shows instants in (the page formats them in the viewer's zone). */
const browserZone = (p: Page) => p.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  shopId = await createPartner(SHOP);
  cafeId = await createPartner(CAFE);
});
afterAll(async () => {
  // The landing partners go again, so later files see the directory as they expect it.
  for (const id of created)
    await api(baseUrl, `/api/vendors/${id}`, { method: 'DELETE', token: adminToken }).catch(() => undefined);
  await browser?.close();
});
afterEach(async () => context?.close());

describe('on the phone: where to use a voucher, and the proof once used', () => {
  it('a voucher made for a shop says where (map, call, website); redeemed, it says where and when after a reload', async () => {
    const id = await generate({ partnerId: shopId, customTitle: 'Spring Running Deal' });
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await page.goto(`${baseUrl}/voucher/${id}`);

    const where = page.getByTestId('voucher-where');
    await where.waitFor();
    await expect(page.getByTestId('voucher-where-heading').innerText()).resolves.toBe(`Use at ${SHOP.name}`);
    const map = where.getByTestId('voucher-place-map');
    await expect(map.innerText()).resolves.toBe(SHOP.address);
    await expect(map.getAttribute('href')).resolves.toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(SHOP.address)}`,
    );
    await expect(where.getByTestId('voucher-place-phone').getAttribute('href')).resolves.toBe(
      'tel:+16615550142',
    );
    await expect(where.getByRole('link', { name: `Call ${SHOP.name}: ${SHOP.phone}` }).count()).resolves.toBe(
      1,
    );
    await expect(where.getByTestId('voucher-place-website').getAttribute('href')).resolves.toBe(SHOP.website);
    await expect(page.getByTestId('voucher-last-redemption').count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'voucher-partners-phone');

    await page.getByTestId('redeem-button').click();
    await page.getByTestId('redeem-confirm-button').click();
    const confirmation = page.getByTestId('redeem-confirmation');
    await confirmation.waitFor();
    const record = (await api(baseUrl, `/api/qr-codes/${id}`)).body;
    expect(record.lastRedemption).toMatchObject({ partnerName: SHOP.name, channel: 'self' });
    // Redeemed on the member's own phone: it proves when, and which shop the code is for, not where.
    const proof = `Redeemed on ${formatDateTime(record.lastRedemption.redeemedAt, await browserZone(page))}, for use at ${SHOP.name}`;
    await expect(confirmation.getByTestId('voucher-redeemed-at').innerText()).resolves.toBe(proof);
    await screenshot(page, 'voucher-partners-phone-just-redeemed');

    // A reload (or the member opening the link again later) still shows where and when.
    await page.reload();
    const last = page.getByTestId('voucher-last-redemption');
    await last.waitFor();
    await expect(last.innerText()).resolves.toBe(`${proof}.`);
    await expect(page.getByTestId('voucher-where-heading').innerText()).resolves.toBe(`Use at ${SHOP.name}`);
    await expect(page.getByTestId('redeem-unavailable').innerText()).resolves.toContain('Fully redeemed');
    await expect(
      page.getByTestId('redeem-unavailable').getByTestId('voucher-last-redemption').count(),
    ).resolves.toBe(1);
    await expect(page.getByTestId('voucher-till-code').count()).resolves.toBe(0);
    await expect(page.getByTestId('redeem-button').count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'voucher-partners-phone-redeemed');
  });

  it('before any script runs, the page already says where to use the voucher', async () => {
    const id = await generate({ partnerId: shopId });
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${baseUrl}/voucher/${id}`);
    const snapshot = page.locator('[data-voucher-snapshot]');
    await expect(snapshot.innerText()).resolves.toContain(`Use at ${SHOP.name}`);
    await expect(snapshot.innerText()).resolves.toContain(SHOP.address);
    await screenshot(page, 'voucher-partners-first-paint');
  });
});

describe('on a desktop: several partners, and a club-wide voucher', () => {
  it('a voucher for two shops lists both; redeemed, it says when (no single shop to name)', async () => {
    const id = await generate({ partnerId: shopId, usageLimit: '2' });
    const assigned = await api(baseUrl, `/api/qr-codes/${id}/assign-partners`, {
      method: 'POST',
      token: adminToken,
      json: { partnerIds: [shopId, cafeId] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await api(baseUrl, `/api/redeem/${id}`, { method: 'POST' })).status).toBe(200);

    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await page.goto(`${baseUrl}/voucher/${id}`);
    await expect
      .poll(() => page.getByTestId('voucher-where-heading').innerText())
      .toBe('Use at one of these 2 partners');
    const places = page.getByTestId('voucher-place');
    await expect(places.count()).resolves.toBe(2);
    await expect(places.nth(0).innerText()).resolves.toContain(SHOP.name);
    await expect(places.nth(1).innerText()).resolves.toContain(CAFE.name);
    await expect(places.nth(1).getByTestId('voucher-place-phone').getAttribute('href')).resolves.toBe(
      'tel:6615550177',
    );
    const record = (await api(baseUrl, `/api/qr-codes/${id}`)).body;
    expect(record.lastRedemption.partnerName).toBeNull();
    await expect(page.getByTestId('voucher-last-redemption').innerText()).resolves.toBe(
      `Redeemed on ${formatDateTime(record.lastRedemption.redeemedAt, await browserZone(page))}`,
    );
    // Still usable once more: the Redeem button stays.
    await page.getByTestId('redeem-button').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'voucher-partners-desktop-two-shops');
  });

  it('a club-wide voucher says every partner honours it', async () => {
    const id = await generate({ clinic: 'AV Pass Club' });
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await page.goto(`${baseUrl}/voucher/${id}`);
    await expect(page.getByTestId('voucher-where-heading').innerText()).resolves.toBe(
      'Valid at every AV Pass partner',
    );
    await expect(page.getByTestId('voucher-place').count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'voucher-partners-desktop-club-wide');
  });
});

describe('the landing page finds every active partner', () => {
  let newestId: string;

  beforeAll(async () => {
    // More than a page (27) of partners, then the newest, with a long name and two codes of its own.
    for (let i = 1; i <= 30; i++)
      await createPartner({ name: `Landing ${tag} Partner ${String(i).padStart(2, '0')}` });
    newestId = await createPartner({ name: NEWEST, contactInfo: 'Sports medicine for the whole family.' });
    await generate({ partnerId: newestId, usageLimit: '5' });
    await generate({ partnerId: newestId, usageLimit: '5' });
    // The public list is shared for a few seconds (PUBLIC_CACHE_MS): read until the newest is in it,
    // with its two codes counted (expect.poll is for tests only, so a plain loop).
    const searched = `/api/public/partners?search=${encodeURIComponent(NEWEST)}`;
    let newest: { id?: string; activeOffers?: number; totalQrCodes?: number } | undefined;
    for (let tries = 0; tries < 40 && newest?.totalQrCodes !== 2; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 500));
      newest = (await api(baseUrl, searched)).body?.items?.[0];
    }
    expect(newest).toMatchObject({ id: newestId, activeOffers: 2, totalQrCodes: 2 });
  });

  /** The newest partner's card, its name wrapped over several lines, never cut. */
  async function expectWrappedCard(p: Page) {
    const card = p.getByTestId('partner').filter({ hasText: NEWEST });
    await expect(card.count()).resolves.toBe(1);
    await expect(card.innerText()).resolves.toMatch(/2 Active[\s\S]*2\s+Total Vouchers Generated/);
    const name = card.getByRole('heading', { name: NEWEST });
    const box = await name.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        cut: el.scrollWidth > el.clientWidth || style.textOverflow === 'ellipsis',
        lines: el.getBoundingClientRect().height / parseFloat(style.lineHeight),
      };
    });
    expect(box.cut).toBe(false);
    expect(box.lines).toBeGreaterThanOrEqual(2);
    await card.scrollIntoViewIfNeeded();
  }

  it('on a desktop, "Show more" reaches the newest partner', async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('featured-partner').first().waitFor();
    await expect(page.getByTestId('featured-partner').count()).resolves.toBe(3);
    await page.getByTestId('all-partners').waitFor();
    // Not on the first page: the list is in the order partners joined.
    await expect(page.getByText(NEWEST).count()).resolves.toBe(0);
    for (let pages = 0; (await page.getByText(NEWEST).count()) === 0; pages++) {
      expect(pages, 'the newest partner after every page').toBeLessThan(20);
      const cards = await page.getByTestId('partner').count();
      await page.getByTestId('partners-show-more').click();
      await expect.poll(() => page.getByTestId('partner').count()).toBeGreaterThan(cards);
    }
    await expectWrappedCard(page);
    await expectNoSeriousAxeViolations(page);
    // What the visitor sees: the newest partner's card in the viewport (the full page is saved too).
    await page.screenshot({ path: `${ARTIFACTS}e2e-landing-partners-desktop.png` });
    await screenshot(page, 'landing-partners-desktop-full');
  });

  it('on a phone, a search finds the newest partner at once', async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('all-partners').waitFor();
    await page.getByTestId('partner-search').fill(`Rehabilitation Center ${tag}`);
    await page.getByText('1 partner matching').waitFor();
    await expect(page.getByTestId('all-partners').getByTestId('partner').count()).resolves.toBe(1);
    await expectWrappedCard(page);
    await expectNoSeriousAxeViolations(page);
    // The viewport as the visitor sees it: the search box under the sticky header, the card below.
    await page
      .getByRole('heading', { name: 'All Partners' })
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
    await page.screenshot({ path: `${ARTIFACTS}e2e-landing-partners-phone-search.png` });

    await page.getByTestId('partner-search').fill(`nobody ${tag}`);
    await page.getByText(`No partner matches "nobody ${tag}".`).waitFor();
  });
});
