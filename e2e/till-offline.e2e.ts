/// <reference lib="dom" />
import { memberLimitMessage, RPC } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, PHONE } from './support/browser';
import { adminLogin, createPartner, createPartnerWithStaff, staffLogin } from './support/partners';
import { openTill, signInStaff, tillPhone } from './support/till';
import { writeQrY4m } from './support/y4m';

// Issue 25, offline at the till: /till installs its service worker on a first visit, then opens
// without a network; a scan kept offline (IndexedDB, with its Idempotency-Key, scan time and sale)
// survives a reload and is sent exactly once when the connection is back; one used up meanwhile is
// listed as refused with the reason. A phone (390x844), screenshots with axe.
const baseUrl = inject('baseUrl');
const nats = inject('nats');
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const run = Date.now().toString(36);
const shop = { name: `Offline Till Shop ${run}`, email: `offline-till-${run}@till.test` };
const staff = { username: `offline-staff-${run}`, password: 'offline-staff-password' };

let adminToken: string;
let staffToken: string;
let shopId: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let rpc: RpcClient | undefined;

async function generate(title: string, usageLimit: string, partnerId: string | null = shopId) {
  const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      ...(partnerId ? { partnerId } : { clinic: `AV Club ${run}` }),
      discountType: 'percentage',
      discountValue: 20,
      service: 'Wheel truing',
      expirationDate,
      usageLimit,
      customTitle: title,
      deploymentUrl: baseUrl,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function usageCount(id: string): Promise<number> {
  const res = await api(baseUrl, `/api/qr-codes/${id}`);
  expect(res.status).toBe(200);
  return res.body.usageCount as number;
}

/** The code's redemptions at this till today (GET /api/till/recent as the staff member). */
async function tillRedemptions(id: string) {
  const res = await api(baseUrl, '/api/till/recent?limit=100', { token: staffToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (
    res.body.items as Array<{
      qrCodeId: string;
      scannedAt: string | null;
      redeemedAt: string;
      status: string;
    }>
  ).filter((item) => item.qrCodeId === id);
}

async function shotAndAxe(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}till-offline-${name}-phone.png`, fullPage: true });
  expect(await seriousAxeViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

/** Types a code by hand; offline the till cannot check it and offers to keep the redemption. */
async function keepOffline(code: string, sale?: string) {
  await page.getByTestId('manual-code').fill(code);
  await page.getByTestId('manual-check').click();
  await page.getByTestId('till-offline').waitFor({ timeout: 15_000 });
  if (sale) await page.getByTestId('till-offline-sale').fill(sale);
  await page.getByTestId('till-offline-save').click();
  await page.getByTestId('till-offline-saved').waitFor({ timeout: 10_000 });
}

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  shopId = await createPartnerWithStaff(baseUrl, adminToken, shop, staff);
  staffToken = await staffLogin(baseUrl, staff);
  // The phone has no camera: the till says so and the manual entry is used.
  browser = await launchBrowser();
  ({ phone: context, tab: page } = await tillPhone(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await rpc?.onApplicationShutdown();
});

/**
 * A code of this shop limited per member, issued to a new member Ana García (as the members service's
 * send does, vouchers.members.issue.v1), used `usedOnline` times on the voucher page already.
 */
async function heldCode(
  title: string,
  perMemberLimit: { count: number; period: string },
  usedOnline: number,
) {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerId: shopId,
      discountType: 'percentage',
      discountValue: 15,
      service: 'Wheel truing',
      expirationDate: '2099-12-31',
      usageLimit: '10',
      customTitle: title,
      deploymentUrl: baseUrl,
      perMemberLimit,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (!rpc) {
    rpc = new RpcClient({ natsUrl: nats.url, namespace: nats.namespace, timeoutMs: 15_000, name: 'e2e' });
    await rpc.connect();
  }
  const issued = await rpc.call(
    RPC.vouchers.issueToMembers,
    {
      source: { qrCodeId: res.body.id as string },
      holders: [{ memberId: randomUUID(), firstName: 'Ana', lastName: 'García' }],
    },
    { requestId: randomUUID() },
  );
  const id = issued.issued[0]!.qrCodeId;
  for (let i = 0; i < usedOnline; i++) {
    const used = await api(baseUrl, `/api/redeem/${id}`, {
      method: 'POST',
      json: {},
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(used.status, JSON.stringify(used.body)).toBeLessThan(300);
  }
  return id;
}

describe('the till offline (issue 25)', () => {
  it('opens offline once visited, keeps scans through a reload, sends each once when back online', async () => {
    const typed = await generate(`Typed offline ${run}`, '3');
    const last = await generate(`Last use ${run}`, '1');

    // Online: the staff member opens the till; its service worker installs and takes control.
    await openTill(page, baseUrl, staff);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const manifest = await page.evaluate(() =>
      document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    );
    expect(manifest).toBe('/till.webmanifest');
    await expect(page.getByTestId('offline-badge').count()).resolves.toBe(0);

    // Offline, a reload: the till still opens (the worker serves the app).
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Till', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByTestId('manual-code').waitFor();

    // Typed by hand (the 8 characters), with a sale: it cannot be checked, so it is kept.
    await keepOffline(typed.id.slice(0, 8).toUpperCase(), '45.50');
    await expect(page.getByTestId('till-offline-saved').innerText()).resolves.toContain(
      'Saved, will be sent when online',
    );
    await page.getByTestId('offline-badge').and(page.locator('[data-count="1"]')).waitFor();
    await shotAndAxe('saved');

    // A reload while offline loses nothing.
    await page.reload();
    await page.getByRole('heading', { name: 'Till', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByTestId('offline-badge').and(page.locator('[data-count="1"]')).waitFor();

    // The last use of another code, kept offline; meanwhile the member uses it up on the voucher page.
    await keepOffline(last.id);
    await page.getByTestId('offline-badge').and(page.locator('[data-count="2"]')).waitFor();
    const usedUp = await api(baseUrl, `/api/redeem/${last.id}`, { method: 'POST', json: {} });
    expect(usedUp.status, JSON.stringify(usedUp.body)).toBeLessThan(300);
    await page.getByRole('button', { name: 'Scan next voucher' }).click();
    await expect(page.getByTestId('offline-pending').count()).resolves.toBe(2);
    // "Today at this till" says it is offline (no red error) and lists what the till did offline today.
    const today = page.getByTestId('till-today');
    await today.getByTestId('till-today-offline').waitFor();
    await expect(today.innerText()).resolves.not.toContain('could not be loaded');
    await expect(today.locator('.MuiAlert-standardError').count()).resolves.toBe(0);
    await expect(today.innerText()).resolves.toContain('Offline');
    await expect(today.innerText()).resolves.toContain('Redeemed offline today');
    const offlineRows = today.getByTestId('till-today-offline-row');
    await expect(offlineRows.count()).resolves.toBe(2);
    await expect(offlineRows.and(page.locator('[data-state="waiting"]')).count()).resolves.toBe(2);
    await expect(offlineRows.nth(1).innerText()).resolves.toMatch(
      /Sale \$45\.50 · Saved offline, waiting to be sent/,
    );
    await shotAndAxe('waiting');
    expect(await usageCount(typed.id)).toBe(0);

    // Back online: each is sent once; one accepted, the used-up one refused with the reason.
    await context.setOffline(false);
    await page.getByTestId('offline-result').nth(1).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('offline-badge').count()).resolves.toBe(0);
    const accepted = page.getByTestId('offline-result').and(page.locator('[data-outcome="accepted"]'));
    const refused = page.getByTestId('offline-result').and(page.locator('[data-outcome="refused"]'));
    await expect(accepted.innerText()).resolves.toContain(`Typed offline ${run}`);
    await expect(refused.innerText()).resolves.toMatch(/Refused[\s\S]*(used up|maximum number of times)/i);
    await shotAndAxe('synced');

    // Exactly once, even after another reload and sync; the scan time is kept before the arrival.
    await page.reload();
    await page.getByTestId('offline-results').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(await usageCount(typed.id)).toBe(1);
    expect(await usageCount(last.id)).toBe(1);
    const rows = await tillRedemptions(typed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', transactionAmount: 4550 });
    expect(rows[0]?.scannedAt).not.toBeNull();
    expect(Date.parse(rows[0]?.scannedAt ?? '')).toBeLessThan(Date.parse(rows[0]?.redeemedAt ?? ''));
  });

  it('a redeem whose answer is lost is kept with the key it was sent with and counted once', async () => {
    const lost = await generate(`Answer lost ${run}`, '3');
    await page.goto(`${baseUrl}/till`);
    await page.getByTestId('manual-code').fill(lost.id);
    await page.getByTestId('manual-check').click();
    await page
      .getByTestId('till-verdict')
      .and(page.locator('[data-redeemable="true"]'))
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('till-sale-amount').fill('20');
    await page.getByTestId('till-amount-due').filter({ hasText: '$16.00' }).waitFor({ timeout: 10_000 });
    // The connection drops as Redeem is tapped: no answer, so it is kept (the sale too).
    await context.setOffline(true);
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-offline-saved').waitFor({ timeout: 15_000 });
    await page.getByTestId('offline-badge').and(page.locator('[data-count="1"]')).waitFor();
    expect(await usageCount(lost.id)).toBe(0);

    await context.setOffline(false);
    await page
      .getByTestId('offline-result')
      .and(page.locator('[data-outcome="accepted"]'))
      .filter({ hasText: `Answer lost ${run}` })
      .waitFor({ timeout: 30_000 });
    expect(await usageCount(lost.id)).toBe(1);
    const rows = await tillRedemptions(lost.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transactionAmount: 2000 });
  });

  it('the voucher page and the login register no service worker and link no manifest', async () => {
    const other = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true });
    try {
      const phone = await other.newPage();
      const code = await generate(`Member page ${run}`, '3');
      for (const path of [`/voucher/${code.id}`, '/login']) {
        const requests: string[] = [];
        phone.on('request', (request) => requests.push(new URL(request.url()).pathname));
        await phone.goto(`${baseUrl}${path}`);
        await phone.waitForLoadState('networkidle');
        const state = await phone.evaluate(async () => ({
          registrations: (await navigator.serviceWorker.getRegistrations()).length,
          manifest: document.querySelector('link[rel="manifest"]') !== null,
        }));
        expect({ path, ...state }).toEqual({ path, registrations: 0, manifest: false });
        expect(requests.filter((p) => /sw\.js|webmanifest|workbox/.test(p))).toEqual([]);
        phone.removeAllListeners('request');
      }
    } finally {
      await other.close();
    }
  });

  it('serves the worker and the manifest with their types, the worker never cached', async () => {
    const sw = await fetch(`${baseUrl}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const text = await (await fetch(`${baseUrl}/sw.js`)).text();
    expect(text).toContain('zxing_reader-');
    expect(text).toContain('index.html');
    expect(text).not.toMatch(/\/api\/[a-z]/); // no API answer is cached (only the denylist names /api)
    const manifest = await fetch(`${baseUrl}/till.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      name: 'AV Pass Till',
      start_url: '/till',
      scope: '/',
      display: 'standalone',
    });
    const icon = await fetch(`${baseUrl}/icons/till-512.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });
});

// Issue 37: the till keeps a copy of the codes its partner may honour and, with the network cut,
// answers from it as the server would: another shop's code refused, its own uses counted against
// "uses left", a sync refusal listed under "Needs attention" by the voucher's title and the sale.
describe("the till's offline copy (issue 37)", () => {
  /** A fresh phone (its own IndexedDB), signed in as the staff member, on the till with its copy read. */
  async function tillWithCopy(extraArgs: readonly string[] = [], grantCamera = false) {
    const phoneBrowser = extraArgs.length ? await launchBrowser(extraArgs) : browser;
    const { phone, tab } = await tillPhone(phoneBrowser, baseUrl, grantCamera);
    await signInStaff(tab, baseUrl, staff);
    await tab.goto(`${baseUrl}/till`);
    await tab.getByTestId('till-copy-status').waitFor({ timeout: 30_000 });
    return { phoneBrowser, phone, tab };
  }

  async function shot(tab: Page, name: string) {
    await tab.evaluate(() => window.scrollTo(0, 0));
    await tab.waitForTimeout(300);
    await tab.screenshot({ path: `${SHOTS}till-offline-${name}-phone.png`, fullPage: true });
    expect(await seriousAxeViolations(tab), name).toEqual([]);
    const width = await tab.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  }

  async function typeCode(tab: Page, code: string) {
    await tab.getByTestId('manual-code').fill(code);
    await tab.getByTestId('manual-check').click();
    await tab
      .getByTestId('till-offline')
      .or(tab.getByTestId('till-offline-refused'))
      .waitFor({ timeout: 15_000 });
  }

  it("refuses another shop's code and counts its own uses with the network cut; a sync refusal needs attention", async () => {
    const elsewhere = await createPartner(baseUrl, adminToken, { name: `Hilltop Cafe ${run}` });
    const theirs = await generate(`Hilltop coffee ${run}`, '5', elsewhere);
    const twoUses = await generate(`Two uses ${run}`, '2');
    const lastOne = await generate(`Last one ${run}`, '1');
    const clubWide = await generate(`Club-wide ${run}`, '3', null);
    const { phone, tab } = await tillWithCopy();
    try {
      await expect(tab.getByTestId('till-copy-status').innerText()).resolves.toMatch(
        /^Offline list: [\d,]+ vouchers?, from \d{1,2}:\d{2} [AP]M$/,
      );
      await phone.setOffline(true);

      // Another shop's code, typed as its 8 characters: refused, as the server would.
      await typeCode(tab, theirs.id.slice(0, 8).toUpperCase());
      const refused = tab.getByTestId('till-offline-refused');
      await expect(refused.getAttribute('data-refusal')).resolves.toBe('not_found');
      await expect(refused.innerText()).resolves.toContain(`This voucher is not valid at ${shop.name}`);
      await expect(tab.getByTestId('till-offline-list-from').innerText()).resolves.toMatch(
        /^Checked offline, list from \d{1,2}:\d{2} [AP]M$/,
      );
      await shot(tab, 'copy-refused');
      await tab.getByRole('button', { name: 'Scan another voucher' }).click();

      // A club-wide code is in the copy: valid here.
      await typeCode(tab, clubWide.id.slice(0, 8));
      await expect(tab.getByTestId('till-offline-voucher').innerText()).resolves.toContain(
        `Club-wide ${run}`,
      );
      await tab.getByRole('button', { name: 'Cancel' }).click();

      // Its own code with two uses: valid twice, the queued uses counted, then used up.
      for (const left of ['2 uses left', '1 use left']) {
        await typeCode(tab, twoUses.id.slice(0, 8));
        await expect(tab.getByTestId('till-offline-uses-left').innerText()).resolves.toBe(left);
        await expect(tab.getByTestId('till-offline-voucher').innerText()).resolves.toContain(
          `Two uses ${run}`,
        );
        if (left === '2 uses left') await shot(tab, 'copy-valid');
        await tab.getByTestId('till-offline-save').click();
        await tab.getByTestId('till-offline-saved').waitFor();
        await tab.getByRole('button', { name: 'Scan next voucher' }).click();
      }
      await typeCode(tab, twoUses.id);
      await expect(tab.getByTestId('till-offline-refused').getAttribute('data-refusal')).resolves.toBe(
        'used_up',
      );
      await expect(tab.getByTestId('till-offline-refused').innerText()).resolves.toContain(
        'This voucher has already been used the maximum number of times.',
      );
      await tab.getByRole('button', { name: 'Scan another voucher' }).click();

      // The last use of a code, kept with a sale; the member uses it up on the voucher page meanwhile.
      await typeCode(tab, lastOne.id);
      await tab.getByTestId('till-offline-sale').fill('45.50');
      await tab.getByTestId('till-offline-save').click();
      await tab.getByTestId('till-offline-saved').waitFor();
      await tab.getByRole('button', { name: 'Scan next voucher' }).click();
      const usedUp = await api(baseUrl, `/api/redeem/${lastOne.id}`, { method: 'POST', json: {} });
      expect(usedUp.status, JSON.stringify(usedUp.body)).toBeLessThan(300);
      expect(await usageCount(twoUses.id)).toBe(0);
      await expect(tab.getByTestId('offline-pending').count()).resolves.toBe(3);

      // Back online: the two uses are counted, the last one lands in "Needs attention" by title and sale.
      await phone.setOffline(false);
      const attention = tab.getByTestId('offline-needs-attention');
      await attention.waitFor({ timeout: 30_000 });
      await tab.getByTestId('offline-pending').first().waitFor({ state: 'detached', timeout: 30_000 });
      const text = await attention.innerText();
      expect(text).toContain(`Last one ${run}`);
      expect(text).toContain('Sale $45.50');
      expect(text).not.toContain(lastOne.id);
      await shot(tab, 'needs-attention');
      expect(await usageCount(twoUses.id)).toBe(2);
      expect(await usageCount(lastOne.id)).toBe(1);
      expect(await usageCount(theirs.id)).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it('honours a club-wide code scanned with the camera at a partner’s till, recorded there', async () => {
    const clubWide = await generate(`Club-wide camera ${run}`, '3', null);
    const tmp = mkdtempSync(join(tmpdir(), 'avpass-till-copy-'));
    const video = join(tmp, 'club-wide.y4m');
    writeQrY4m(video, `${baseUrl}/voucher/${clubWide.id}`);
    const { phoneBrowser, phone, tab } = await tillWithCopy(
      [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
      true,
    );
    try {
      // Online, the camera reads it: valid here, at a shop that neither owns it nor is assigned it.
      const noCard = tab.getByTestId('till-problem').or(tab.getByTestId('camera-problem'));
      await tab.getByTestId('till-verdict').or(noCard).waitFor({ timeout: 30_000 });
      if (await noCard.isVisible()) throw new Error(`no voucher card: ${await noCard.innerText()}`);
      await expect(tab.getByTestId('till-verdict').getAttribute('data-redeemable')).resolves.toBe('true');
      await tab.getByTestId('till-redeem').click();
      await tab.getByTestId('till-success').waitFor({ timeout: 15_000 });
      expect(await usageCount(clubWide.id)).toBe(1);
      // Recorded at this partner: its own "Today at this till" lists it.
      await tab
        .getByTestId('till-recent-row')
        .filter({ hasText: `Club-wide camera ${run}` })
        .waitFor({ timeout: 15_000 });
    } finally {
      await phone.close();
      await phoneBrowser.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('refuses a held code at its per-member limit with the network cut, counting its own queued use (issue 41)', async () => {
    const onceEach = await heldCode(`One per member ${run}`, { count: 1, period: 'ever' }, 1);
    const twoAMonth = await heldCode(`Two a month ${run}`, { count: 2, period: 'month' }, 1);
    const { phone, tab } = await tillWithCopy();
    try {
      await phone.setOffline(true);

      // Used once already, one per member: refused offline, in the online till's words.
      await typeCode(tab, onceEach.slice(0, 8));
      const refused = tab.getByTestId('till-offline-refused');
      await expect(refused.getAttribute('data-refusal')).resolves.toBe('member_limit');
      await expect(refused.innerText()).resolves.toContain('Not accepted: Limit per member reached');
      await expect(refused.innerText()).resolves.toContain(memberLimitMessage(1, 'ever'));
      await expect(tab.getByTestId('till-offline-holder').innerText()).resolves.toContain('Ana G.');
      await shot(tab, 'member-limit-refused');
      await tab.getByRole('button', { name: 'Scan another voucher' }).click();

      // 1 of 2 this month: valid, whose it is shown; kept, its use counts toward the limit.
      await typeCode(tab, twoAMonth);
      await expect(tab.getByTestId('till-offline-holder').innerText()).resolves.toBe(
        'Ana G. · 1 of 2 this month',
      );
      await shot(tab, 'member-uses');
      await tab.getByTestId('till-offline-save').click();
      await tab.getByTestId('till-offline-saved').waitFor();
      await tab.getByRole('button', { name: 'Scan next voucher' }).click();
      await typeCode(tab, twoAMonth);
      await expect(tab.getByTestId('till-offline-refused').getAttribute('data-refusal')).resolves.toBe(
        'member_limit',
      );
      await expect(tab.getByTestId('till-offline-refused').innerText()).resolves.toContain(
        memberLimitMessage(2, 'month'),
      );
      await expect(tab.getByTestId('till-offline-holder').innerText()).resolves.toBe('Ana G.');
      await tab.getByRole('button', { name: 'Scan another voucher' }).click();

      // Back online: the kept use is counted; nothing went over the limit.
      await phone.setOffline(false);
      await tab.getByTestId('offline-pending').first().waitFor({ state: 'detached', timeout: 30_000 });
      expect(await usageCount(twoAMonth)).toBe(2);
      expect(await usageCount(onceEach)).toBe(1);
    } finally {
      await phone.close();
    }
  });
});
