/// <reference lib="dom" />
import { networkInterfaces } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { generateVoucher } from './support/vouchers';

// A member's phone on the club's Wi-Fi: the LAN address over plain http, a slow network, one tap too many.
const baseUrl = inject('baseUrl');
// The goal is 100 KB, and the budget: the page draws with plain CSS, without MUI or Emotion
// (decision 304), at about 80 KB brotli (React DOM about 50 KB, TanStack Query, its own code), so MUI
// leaking back (about 40 KB) fails here (zod and the contracts barrel are kept off it too; the gateway
// sends the voucher in the HTML, so it is visible before any of this arrives)
// (docs/decisions/0045-the-voucher-page-arrives-with-the-voucher-in-its-html-its.md).
const JS_BUDGET_BYTES = 100 * 1024;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

/** This machine's own non-loopback IPv4 address (what a phone on the same network would type). */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

const generate = (fields: Record<string, unknown> = {}) => generateVoucher(baseUrl, adminToken, fields);

/** The tab's title is set just after the screen renders: wait for it, then say what it was. */
async function expectTitle(title: string) {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => undefined);
  await expect(page.title()).resolves.toBe(title);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await newPhoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

describe('the voucher page over the club network', () => {
  it('opens over plain http on the LAN address and shows the voucher', async () => {
    const address = lanAddress();
    expect(address, 'this machine has no non-loopback IPv4 address').not.toBeNull();
    const lanBase = baseUrl.replace('127.0.0.1', address!);
    const code = await generate();

    const res = await fetch(`${lanBase}/voucher/${code.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');

    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto(`${lanBase}/voucher/${code.id}`);
    await page.getByTestId('voucher-card').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('voucher-title').innerText()).resolves.toBe('Harbor Physio Recovery');
    expect(failed).toEqual([]);
    // Nothing was asked for over https.
    expect(page.url().startsWith('http://')).toBe(true);
  });

  it('loads only its own code, brotli-compressed, within the JavaScript budget', async () => {
    const code = await generate();
    const scripts: { url: string; encoding: string | undefined; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      void (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        scripts.push({
          url: request.url(),
          encoding: (await response?.allHeaders())?.['content-encoding'],
          bytes: sizes.responseBodySize,
        });
      })();
    });
    await page.goto(`${baseUrl}/voucher/${code.id}`);
    await page.getByTestId('voucher-card').waitFor();
    await page.waitForLoadState('networkidle');

    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    // Files under 1 KB are not worth compressing (the build skips them).
    expect(scripts.filter((s) => s.bytes > 1024).every((s) => s.encoding === 'br')).toBe(true);
    const names = scripts.map((s) => s.url.split('/').pop()).join(', ');
    expect(names).not.toMatch(/dashboard|generate|bulk|company|settings|login|landing|router/);
    console.log(`voucher page JavaScript: ${total} bytes in ${scripts.length} files`);
    expect(total, `${total} bytes: ${names}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it('sends hashed assets precompressed and cached for a year, index.html revalidated', async () => {
    const home = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const html = await home.text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();

    const plain = await fetch(`${baseUrl}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    const plainLength = Number(plain.headers.get('content-length'));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');

    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${baseUrl}${entry}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plainLength);
      await res.arrayBuffer();
    }
    // An app route (the SPA fallback) is revalidated too.
    const route = await fetch(`${baseUrl}/voucher/3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f`);
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('redeem asks once', () => {
  it('Redeem asks for a confirmation; cancelling uses nothing, confirming uses one', async () => {
    const code = await generate({ usageLimit: '3' });
    const presses: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/redeem/'))
        presses.push(request.headers()['idempotency-key']);
    });
    await page.goto(`${baseUrl}/voucher/${code.id}`);
    await page.getByTestId('redeem-button').click();
    const confirm = page.getByTestId('redeem-confirm');
    await expect(confirm.innerText()).resolves.toMatch(/Redeem now\?\s+This uses 1 of 3\./);
    await screenshot(page, 'voucher-phone-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('redeem-button').waitFor();
    expect(presses).toEqual([]);
    expect((await api(baseUrl, `/api/qr-codes/${code.id}`)).body.usageCount).toBe(0);

    await page.getByTestId('redeem-button').click();
    await page.getByTestId('redeem-confirm-button').click();
    await page.getByTestId('redeem-confirmation').waitFor();
    await page.getByTestId('voucher-usage').getByText('1 / 3').waitFor();
    await screenshot(page, 'voucher-phone-after-confirm');
    expect(presses).toHaveLength(1);
    expect(presses[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api(baseUrl, `/api/qr-codes/${code.id}`)).body.usageCount).toBe(1);
  });

  it('an unlimited voucher asks without a count', async () => {
    const code = await generate({ usageLimit: 'unlimited' });
    await page.goto(`${baseUrl}/voucher/${code.id}`);
    await page.getByTestId('redeem-button').click();
    await expect(page.getByTestId('redeem-confirm').innerText()).resolves.toMatch(
      /Redeem now\?\s+This counts as one use; this voucher has no limit\./,
    );
  });
});

describe('titles and the landing page', () => {
  it('each route names itself in the browser tab', async () => {
    const code = await generate({ customTitle: 'Lakeside Yoga Week' });
    await page.goto(`${baseUrl}/voucher/${code.id}`);
    await page.getByTestId('voucher-card').waitFor();
    await expectTitle('Voucher — Lakeside Yoga Week · AV Pass');

    await page.goto(`${baseUrl}/voucher/3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f`);
    await page.getByTestId('voucher-not-found').waitFor();
    await expectTitle('Voucher not found · AV Pass');

    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="password"]').waitFor();
    await expectTitle('Sign in · AV Pass');

    await page.goto(`${baseUrl}/no-such-page`);
    await expectTitle('Page not found · AV Pass');

    await context.close();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await expectTitle('Dashboard · AV Pass');
    await page.goto(`${baseUrl}/settings`);
    await expectTitle('Settings · AV Pass');
  });

  it("the landing page's sample pass is valid until a date after today", async () => {
    await page.goto(`${baseUrl}/`);
    const text = await page.getByTestId('sample-valid-until').innerText();
    const match = /VALID UNTIL (\d{2})\/(\d{2})\/(\d{4})/.exec(text);
    expect(match, text).not.toBeNull();
    const [, mm, dd, yyyy] = match!;
    const validUntil = new Date(Number(yyyy), Number(mm) - 1, Number(dd));
    expect(validUntil.getTime()).toBeGreaterThan(Date.now());
    await expectTitle('Discounts from our partner network · AV Pass');
  });
});
