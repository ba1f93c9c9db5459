/// <reference lib="dom" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../libs/platform/src/testing/test-database';
import {
  startGoogleWalletStandIn,
  type GoogleWalletStandIn,
} from '@avpass/wallet-service/test/support/stand-ins';
import {
  makeTestAppleCertificates,
  verifyPkpassSignature,
} from '@avpass/wallet-service/test/support/test-certificates';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, PHONE, screenshot } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { generateVoucher } from './support/vouchers';

// Issue 29 on the member's voucher page: the wallet badges only where the deployment is configured
// for them (the shared platform has no wallet; a second platform here has both), and Share.
const baseUrl = inject('baseUrl');

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const GOOGLE_SERVICE_ACCOUNT_EMAIL = 'wallet@test.iam.gserviceaccount.com';
const GOOGLE_SAVE_PAGE = /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

/** A phone's page (390 × 844), optionally with another user agent and a script run before the app. */
async function phonePage(options: { userAgent?: string; initScript?: () => void } = {}): Promise<Page> {
  const context = options.userAgent
    ? await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: options.userAgent,
      })
    : await newPhoneContext(browser);
  contexts.push(context);
  if (options.initScript) await context.addInitScript(options.initScript);
  return context.newPage();
}

/** Opens the voucher and waits until the page has its answer to GET /api/wallet (badges or none). */
async function openVoucher(page: Page, base: string, id: string) {
  const availability = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/wallet');
  await page.goto(`${base}/voucher/${id}`);
  await page.getByTestId('voucher-card').waitFor({ timeout: 20_000 });
  await availability;
}

/** The accessible names of the wallet badges, in the order the page shows them. */
const badgeNames = (page: Page) =>
  page
    .getByTestId('wallet-badges')
    .locator('a, button')
    .evaluateAll((elements) => elements.map((el) => el.getAttribute('aria-label')));

describe('on a deployment without a wallet configured', () => {
  let token: string;
  beforeAll(async () => {
    token = (await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  });

  it('the voucher page shows Share and no wallet badge', async () => {
    expect((await api(baseUrl, '/api/wallet')).body).toEqual({ apple: false, google: false });
    const code = await generateVoucher(baseUrl, token);
    const page = await phonePage();
    await openVoucher(page, baseUrl, code.id);
    await page.getByTestId('share-button').waitFor();
    expect(await page.getByTestId('wallet-badges').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add to Apple Wallet' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save to Google Wallet' }).count()).toBe(0);
    await screenshot(page, 'wallet-none-390');

    // The pass's own address says what to configure.
    const pass = await page.request.get(`${baseUrl}/api/qr-codes/${code.id}/pass.pkpass`);
    expect(pass.status()).toBe(404);
    expect(((await pass.json()) as { message: string }).message).toMatch(/APPLE_/);
  });

  it("Share hands the voucher's title, words and link to the phone's share sheet", async () => {
    const code = await generateVoucher(baseUrl, token);
    // The OS share sheet is outside the browser: a stand-in records what the page hands it.
    const page = await phonePage({
      initScript: () => {
        const shared: unknown[] = [];
        Object.assign(window, { sharedLinks: shared });
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: unknown) => void shared.push(data),
        });
      },
    });
    await openVoucher(page, baseUrl, code.id);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(
      () => (window as unknown as { sharedLinks: unknown[] }).sharedLinks.length > 0,
    );
    const shared = await page.evaluate(() => (window as unknown as { sharedLinks: unknown[] }).sharedLinks);
    expect(shared).toEqual([
      {
        title: 'Harbor Physio Recovery',
        text: 'Harbor Physio Recovery: 20% Off (Sports Massage)',
        url: code.qrUrl,
      },
    ]);
    // Shared, not copied: no toast.
    expect(await page.getByTestId('toast').count()).toBe(0);
  });

  it('a member who closes the share sheet sees no error and nothing is copied', async () => {
    const code = await generateVoucher(baseUrl, token);
    const page = await phonePage({
      initScript: () => {
        Object.assign(window, { shareCalls: 0 });
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async () => {
            (window as unknown as { shareCalls: number }).shareCalls += 1;
            throw new DOMException('Share canceled', 'AbortError');
          },
        });
      },
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await openVoucher(page, baseUrl, code.id);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(() => (window as unknown as { shareCalls: number }).shareCalls === 1);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByTestId('share-link-field').count()).toBe(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  });

  it('without a share sheet, Share copies the link and says Link copied', async () => {
    const code = await generateVoucher(baseUrl, token);
    const page = await phonePage({
      initScript: () => {
        delete (Navigator.prototype as { share?: unknown }).share;
        delete (Navigator.prototype as { canShare?: unknown }).canShare;
      },
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await openVoucher(page, baseUrl, code.id);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    await page.getByRole('button', { name: 'Share' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toMatch(/^Link copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.qrUrl);
    await screenshot(page, 'wallet-share-copied-390');
  });

  it('when the clipboard is refused too, the link is shown selected to copy by hand', async () => {
    const code = await generateVoucher(baseUrl, token);
    const page = await phonePage({
      initScript: () => {
        delete (Navigator.prototype as { share?: unknown }).share;
        Object.defineProperty(navigator.clipboard, 'writeText', {
          configurable: true,
          value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        });
      },
    });
    await openVoucher(page, baseUrl, code.id);
    await page.getByRole('button', { name: 'Share' }).click();
    const field = page.getByRole('textbox', { name: 'Voucher link' });
    await field.waitFor();
    expect(await field.inputValue()).toBe(code.qrUrl);
    expect(
      await field.evaluate((input: HTMLInputElement) => [
        input.readOnly,
        input.selectionStart,
        input.selectionEnd,
      ]),
    ).toEqual([true, 0, code.qrUrl.length]);
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});

describe('on a deployment with Apple Wallet and Google Wallet configured', () => {
  const certificates = makeTestAppleCertificates();
  let database: TestDatabase;
  let google: GoogleWalletStandIn;
  let platform: { url: string; stop(): Promise<void> };
  let base: string;
  let token: string;

  beforeAll(async () => {
    // @ts-expect-error tools/platform.mjs is plain JavaScript
    const { startPlatform } = await import('../tools/platform.mjs');
    database = await createTestDatabase();
    // Google's API is outside our infrastructure: its stand-in answers the offer upserts a long link needs.
    google = await startGoogleWalletStandIn();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const port = String(3950 + Math.floor(Math.random() * 50));
    platform = await startPlatform({
      env: {
        DATABASE_URL: database.url,
        NATS_NAMESPACE: `e2e_wallet_${randomBytes(4).toString('hex')}`,
        PORT: port,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        DATA_DIR: `/tmp/avpass-e2e-wallet-${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        APPLE_PASS_TYPE_ID: certificates.passTypeIdentifier,
        APPLE_TEAM_ID: certificates.teamIdentifier,
        APPLE_SIGNER_CERT: certificates.signerCertPem,
        APPLE_SIGNER_KEY: certificates.signerKeyPem,
        APPLE_WWDR_CERT: certificates.wwdrPem,
        // Nothing registers a device here; were a push sent, it would reach nothing outside.
        APPLE_APNS_URL: 'http://127.0.0.1:9',
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
          client_email: GOOGLE_SERVICE_ACCOUNT_EMAIL,
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        }),
        GOOGLE_WALLET_API_URL: google.apiUrl,
        GOOGLE_WALLET_TOKEN_URL: google.tokenUrl,
      },
      onLine: (text: string) => {
        if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
      },
    });
    base = `http://127.0.0.1:${port}`;
    token = (await api(base, '/api/auth/login', { method: 'POST', json: E2E_ADMIN })).body.token;
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
    await google?.close();
    await database?.drop();
  });

  // This platform is a new deployment: before its first partner, the landing page says so.
  it('a new deployment’s landing page says there are no partners yet', async () => {
    const page = await phonePage();
    await page.goto(`${base}/`);
    const empty = page.getByTestId('partners-empty');
    await empty.waitFor({ timeout: 20_000 });
    expect(await empty.textContent()).toContain('No partners yet');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await empty.scrollIntoViewIfNeeded();
    await screenshot(page, 'landing-no-partners-390');
  });

  it('the voucher page shows both badges, the phone’s own wallet first', async () => {
    expect((await api(base, '/api/wallet')).body).toEqual({ apple: true, google: true });
    const code = await generateVoucher(base, token);

    const iphone = await phonePage({ userAgent: IPHONE_UA });
    await openVoucher(iphone, base, code.id);
    await iphone.getByTestId('wallet-badges').waitFor();
    expect(await badgeNames(iphone)).toEqual(['Add to Apple Wallet', 'Save to Google Wallet']);

    const android = await phonePage({ userAgent: ANDROID_UA });
    await openVoucher(android, base, code.id);
    await android.getByTestId('wallet-badges').waitFor();
    expect(await badgeNames(android)).toEqual(['Save to Google Wallet', 'Add to Apple Wallet']);

    // Each badge is at least the 44 px touch target, Apple's artwork 40 px tall and Google's 48.
    for (const [name, artHeight] of [
      ['Add to Apple Wallet', 40],
      ['Save to Google Wallet', 48],
    ] as const) {
      const badge = android.getByLabel(name);
      const box = await badge.boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
      expect((await badge.locator('svg').boundingBox())!.height, name).toBeCloseTo(artHeight, 0);
    }
    // Both on one row at 390 px, inside the page.
    const [apple, googleBadge] = await Promise.all([
      android.getByLabel('Add to Apple Wallet').boundingBox(),
      android.getByLabel('Save to Google Wallet').boundingBox(),
    ]);
    expect(Math.abs(apple!.y + apple!.height / 2 - (googleBadge!.y + googleBadge!.height / 2))).toBeLessThan(
      2,
    );
    expect(Math.max(apple!.x + apple!.width, googleBadge!.x + googleBadge!.width)).toBeLessThanOrEqual(
      PHONE.width,
    );

    expect(await seriousAxeViolations(iphone)).toEqual([]);
    await screenshot(iphone, 'wallet-badges-390');
  });

  it('Add to Apple Wallet is a link to the signed pass, which the browser downloads', async () => {
    const code = await generateVoucher(base, token);
    const page = await phonePage({ userAgent: IPHONE_UA });
    await openVoucher(page, base, code.id);
    const badge = page.getByRole('link', { name: 'Add to Apple Wallet' });
    const href = await badge.getAttribute('href');
    expect(href).toBe(`/api/qr-codes/${code.id}/pass.pkpass`);

    const res = await page.request.get(new URL(href!, page.url()).href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    const body = await res.body();
    expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
    const check = verifyPkpassSignature(body, certificates.caPem);
    expect(check.signatureOk, check.opensslOutput).toBe(true);
    const pass = JSON.parse(check.files['pass.json']!.toString('utf8')) as {
      serialNumber: string;
      barcodes: { message: string }[];
    };
    expect(pass.barcodes[0]!.message).toBe(code.qrUrl);

    // Tapped: Chromium, which has no Wallet, saves the file (Safari on an iPhone opens it in Wallet).
    const [download] = await Promise.all([page.waitForEvent('download'), badge.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pkpass$/);
  });

  it('Save to Google Wallet goes to Google’s save page with the signed offer', async () => {
    const code = await generateVoucher(base, token);
    const page = await phonePage({ userAgent: ANDROID_UA });
    // pay.google.com is Google's site, not ours: a stand-in page answers the navigation.
    const visited: string[] = [];
    await page.route('https://pay.google.com/**', async (route) => {
      visited.push(route.request().url());
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Google Wallet (stand-in)</title><h1>Save to Google Wallet</h1>',
      });
    });
    await openVoucher(page, base, code.id);
    await page.getByRole('button', { name: 'Save to Google Wallet' }).click();
    await page.waitForURL(GOOGLE_SAVE_PAGE);
    expect(visited).toHaveLength(1);
    expect(visited[0]).toMatch(GOOGLE_SAVE_PAGE);
    const jwt = visited[0]!.split('/').pop()!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as {
      iss: string;
      typ: string;
    };
    expect(claims).toMatchObject({ iss: GOOGLE_SERVICE_ACCOUNT_EMAIL, typ: 'savetowallet' });
  });

  it('a voucher gone since the page opened: Save to Google Wallet says why, and the page stays', async () => {
    const code = await generateVoucher(base, token);
    const page = await phonePage({ userAgent: ANDROID_UA });
    const left: string[] = [];
    await page.route('https://pay.google.com/**', async (route) => {
      left.push(route.request().url());
      await route.abort();
    });
    await openVoucher(page, base, code.id);
    await page.getByTestId('wallet-badges').waitFor();
    const deleted = await api(base, `/api/admin/qr-codes/${code.id}`, { method: 'DELETE', token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);

    await page.getByRole('button', { name: 'Save to Google Wallet' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.getAttribute('data-kind')).toBe('destructive');
    expect(await toast.innerText()).toMatch(/Google Wallet is not available/);
    expect(left).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`/voucher/${code.id}`);
  });

  it('a used-up voucher offers no badge, only Share', async () => {
    const code = await generateVoucher(base, token, { usageLimit: '1' });
    expect((await api(base, `/api/redeem/${code.id}`, { method: 'POST' })).status).toBe(200);
    const page = await phonePage({ userAgent: IPHONE_UA });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wallet') asked.push(request.url());
    });
    await page.goto(`${base}/voucher/${code.id}`);
    await page.getByTestId('redeem-unavailable').waitFor({ timeout: 20_000 });
    await page.getByTestId('share-button').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('wallet-badges').count()).toBe(0);
    // The page does not even ask which wallets there are.
    expect(asked).toEqual([]);
  });
});
