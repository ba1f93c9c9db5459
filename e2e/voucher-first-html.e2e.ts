/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, ARTIFACTS, launchBrowser, PHONE, screenshot } from './support/browser';
import { generateVoucher } from './support/vouchers';

// Issue 40, "the voucher page without waiting for JavaScript": the gateway's first HTML carries what a
// member needs at the counter (title, discount, status, where to use it, the code for the till and its
// QR) with scripts off, in the same words as the script's page, which then takes over (Redeem, Share)
// without moving what the member is reading.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
/** The gateway's business zone: a used-up voucher's "Redeemed on …" is written in it before the script. */
const ZONE = 'America/Los_Angeles';
const tag = Math.random().toString(36).slice(2, 7);
const SHOP = {
  name: `Counter Sports <Shop> ${tag}`,
  address: '44801 Valley Central Way, Lancaster, CA 93536',
  phone: '+1 (661) 555-0142',
  website: 'https://www.countersports.example/',
};

/** What the two pages must say alike: each test id's texts (whitespace folded), and the links. */
const FIELDS = [
  'voucher-title',
  'voucher-partner-type',
  'voucher-discount',
  'voucher-service',
  'voucher-valid-until',
  'voucher-usage',
  'voucher-where-heading',
  'voucher-place',
  'voucher-place-map',
  'voucher-place-phone',
  'voucher-place-website',
  'voucher-till-code',
  'voucher-short-code',
  'staff-only-notice',
  'redeem-unavailable',
  'voucher-not-found',
] as const;

let browser: Browser;
let context: BrowserContext | undefined;
let adminToken: string;
let shopId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  const shop = await api(baseUrl, '/api/vendors', { method: 'POST', token: adminToken, json: SHOP });
  expect(shop.status, JSON.stringify(shop.body)).toBe(201);
  shopId = shop.body.id;
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await api(baseUrl, `/api/vendors/${shopId}`, { method: 'DELETE', token: adminToken }).catch(
    () => undefined,
  );
  await browser?.close();
});

type Viewport = { width: number; height: number };

/** How the reader asks for a language (issue 42): a remembered choice (the cookie) or the browser's. */
type Language = { cookie: string } | { browser: string } | null;

async function open(
  viewport: Viewport,
  javaScriptEnabled: boolean,
  language: Language = null,
): Promise<Page> {
  context = await browser.newContext({
    viewport,
    javaScriptEnabled,
    timezoneId: ZONE,
    ...(language && 'browser' in language ? { locale: language.browser } : {}),
    ...(viewport === PHONE ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
  });
  if (language && 'cookie' in language)
    await context.addCookies([{ name: 'avpass_lang', value: language.cookie, url: baseUrl }]);
  return context.newPage();
}

/** Every field's texts and the links' targets, as the page shows them now. */
async function fieldsOf(page: Page): Promise<Record<string, string[]>> {
  const fields: Record<string, string[]> = {};
  for (const id of FIELDS) {
    const texts = await page.locator(`[data-testid="${id}"]`).allInnerTexts();
    if (texts.length) fields[id] = texts.map((text) => text.replace(/\s+/g, ' ').trim());
  }
  for (const id of ['voucher-place-map', 'voucher-place-phone', 'voucher-place-website']) {
    const links = page.locator(`[data-testid="${id}"]`);
    const hrefs: string[] = [];
    for (let i = 0; i < (await links.count()); i++)
      hrefs.push((await links.nth(i).getAttribute('href')) ?? '');
    if (hrefs.length) fields[`${id} href`] = hrefs;
  }
  return fields;
}

/** The link the QR on the page encodes, read off its pixels by zbar (as a till's scanner would). */
async function decodedQr(page: Page, name: string): Promise<string> {
  const file = `${ARTIFACTS}e2e-${name}-qr.png`;
  await page.getByTestId('voucher-qr').screenshot({ path: file });
  return execFileSync('zbarimg', ['--raw', '-q', file]).toString().trim();
}

/** Where the member's eyes are (the title, the discount, the short code or the not-found panel), now. */
async function positions(page: Page) {
  const at = async (id: string) => {
    const locator = page.getByTestId(id);
    if (!(await locator.count())) return null;
    const box = await locator.first().boundingBox();
    return box ? { x: Math.round(box.x), y: Math.round(box.y), h: Math.round(box.height) } : null;
  };
  return {
    title: await at('voucher-title'),
    discount: await at('voucher-discount'),
    shortCode: await at('voucher-short-code'),
    notFound: await at('voucher-not-found'),
  };
}

/**
 * One voucher page, with scripts off and then on: the first HTML alone says everything the script's
 * page says (FIELDS), and once the script has taken over nothing the member reads has moved much.
 */
async function firstHtmlThenScript(
  path: string,
  viewport: Viewport,
  name: string,
  status = 200,
  language: Language = null,
) {
  const off = await open(viewport, false, language);
  const response = await off.goto(`${baseUrl}${path}`);
  expect(response?.status()).toBe(status);
  await expect(off.locator('[data-voucher-snapshot]').count()).resolves.toBe(1);
  const withoutScript = await fieldsOf(off);
  await screenshot(off, `${name}-no-js`);
  const qr = (await off.getByTestId('voucher-qr').count()) ? await decodedQr(off, `${name}-no-js`) : null;
  await context?.close();

  // The same first HTML in a browser whose scripts run but never arrive: axe-core can look at it.
  const blocked = await open(viewport, true, language);
  await blocked.route('**/assets/**/*.js', (route) => route.abort());
  await blocked.goto(`${baseUrl}${path}`);
  await expect(blocked.locator('[data-voucher-snapshot]').count()).resolves.toBe(1);
  const before = await positions(blocked);
  const firstViolations = await seriousAxeViolations(blocked);
  expect(firstViolations, JSON.stringify(firstViolations, null, 2)).toEqual([]);
  await context?.close();

  const on = await open(viewport, true, language);
  await on.goto(`${baseUrl}${path}`);
  await expect.poll(() => on.locator('[data-voucher-snapshot]').count(), { timeout: 20_000 }).toBe(0);
  await on.getByTestId(withoutScript['voucher-not-found'] ? 'voucher-not-found' : 'voucher-card').waitFor();
  const withScript = await fieldsOf(on);
  const after = await positions(on);
  console.log(
    `[voucher-first-html] ${name}: before ${JSON.stringify(before)} after ${JSON.stringify(after)}`,
  );
  expect(withScript).toEqual(withoutScript);
  const violations = await seriousAxeViolations(on);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  // What the member reads stays where it was (a few pixels of font metrics at most).
  for (const key of ['title', 'discount', 'shortCode', 'notFound'] as const) {
    const [b, a] = [before[key], after[key]];
    expect(Boolean(a), `${key} on both pages`).toBe(Boolean(b));
    if (!a || !b) continue;
    expect(Math.abs(a.y - b.y), `${key} moved from y=${b.y} to y=${a.y}`).toBeLessThanOrEqual(8);
    expect(Math.abs(a.h - b.h), `${key} grew from ${b.h} to ${a.h} px`).toBeLessThanOrEqual(8);
  }
  await screenshot(on, `${name}-js`);
  return { withoutScript, qr, page: on };
}

describe('the voucher page before, and without, its script', () => {
  for (const [viewport, device] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    it(`on a ${device}: an active voucher shows its code and QR for the till with scripts off, then Redeem works`, async () => {
      const voucher = await generateVoucher(baseUrl, adminToken, {
        clinic: undefined,
        partnerId: shopId,
        customTitle: `<script>alert("x")</script> Spring ${tag}`,
      });
      const { withoutScript, qr, page } = await firstHtmlThenScript(
        `/voucher/${voucher.id}`,
        viewport,
        `voucher-first-html-${device}`,
      );
      expect(withoutScript['voucher-title']).toEqual([`<script>alert("x")</script> Spring ${tag}`]);
      expect(withoutScript['voucher-discount']).toEqual(['20% Off']);
      expect(withoutScript['voucher-usage']).toEqual(['USAGE 0 / 3 ACTIVE']);
      expect(withoutScript['voucher-where-heading']).toEqual([`Use at ${SHOP.name}`]);
      expect(withoutScript['voucher-place-map']).toEqual([SHOP.address]);
      expect(withoutScript['voucher-place-phone']).toEqual([SHOP.phone]);
      expect(withoutScript['voucher-place-phone href']).toEqual(['tel:+16615550142']);
      expect(withoutScript['voucher-short-code']).toEqual([voucher.id.slice(0, 8).toUpperCase()]);
      expect(qr).toBe(voucher.qrUrl);
      // The script's page took over: Redeem asks, and the QR is the server's, shown at once.
      await expect(page.getByTestId('show-qr').count()).resolves.toBe(0);
      await expect(page.getByTestId('share-button').count()).resolves.toBe(1);
      await page.getByTestId('redeem-button').click();
      await page.getByTestId('redeem-confirm').waitFor();
    });
  }

  it('a used-up voucher and an unknown id say what the script says, on a phone', async () => {
    const used = await generateVoucher(baseUrl, adminToken, {
      usageLimit: '1',
      partnerId: shopId,
      clinic: undefined,
    });
    const redeemed = await fetch(`${baseUrl}/api/redeem/${used.id}`, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(redeemed.status).toBe(200);
    const usedUp = await firstHtmlThenScript(`/voucher/${used.id}`, PHONE, 'voucher-first-html-used-up');
    expect(usedUp.withoutScript['redeem-unavailable']?.[0]).toMatch(/^Fully redeemed /);
    expect(usedUp.withoutScript['voucher-till-code']).toBeUndefined();
    expect(usedUp.qr).toBeNull();

    const unknown = await firstHtmlThenScript(
      `/voucher/${randomUUID()}`,
      PHONE,
      'voucher-first-html-unknown',
      404,
    );
    expect(unknown.withoutScript['voucher-not-found']).toEqual([
      'Voucher Not Found This discount voucher is invalid or has expired. Go to AV Pass',
    ]);
  });

  it('in Spanish, chosen on the switch (cookie) or by the browser, both pages say the same Spanish words', async () => {
    const voucher = await generateVoucher(baseUrl, adminToken, { clinic: undefined, partnerId: shopId });
    const chosen = await firstHtmlThenScript(`/voucher/${voucher.id}`, PHONE, 'voucher-first-html-es', 200, {
      cookie: 'es',
    });
    expect(chosen.withoutScript['voucher-discount']).toEqual(['20% de descuento']);
    expect(chosen.withoutScript['voucher-usage']).toEqual(['USOS 0 / 3 ACTIVO']);
    expect(chosen.withoutScript['voucher-where-heading']).toEqual([`Úselo en ${SHOP.name}`]);
    expect(await chosen.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await context?.close();
    const browserSays = await firstHtmlThenScript(
      `/voucher/${voucher.id}`,
      PHONE,
      'voucher-first-html-es-browser',
      200,
      { browser: 'es-US' },
    );
    expect(browserSays.withoutScript['voucher-discount']).toEqual(['20% de descuento']);
    const unknown = await firstHtmlThenScript(
      `/voucher/${randomUUID()}`,
      PHONE,
      'voucher-first-html-es-unknown',
      404,
      {
        cookie: 'es',
      },
    );
    expect(unknown.withoutScript['voucher-not-found']).toEqual([
      'Cupón no encontrado Este cupón de descuento no es válido o ya venció. Ir a AV Pass',
    ]);
  });

  it('a staff-only code shows its large QR with scripts off', async () => {
    const staff = await generateVoucher(baseUrl, adminToken, { redemptionMode: 'staff' });
    const { withoutScript, qr } = await firstHtmlThenScript(
      `/voucher/${staff.id}`,
      PHONE,
      'voucher-first-html-staff',
    );
    expect(withoutScript['staff-only-notice']).toEqual(['Show this code at the till']);
    expect(qr).toBe(staff.qrUrl);
  });
});
