/// <reference lib="dom" />
import { RPC } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, screenshot } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { signInStaff, tillPhone } from './support/till';

// Issue 41 at the till: a member's own code (issued by vouchers.members.issue.v1, as the members
// service's send does) shows the holder's first name and initial and "n of N this month"; over the
// per-member limit the till refuses it in words. Screenshots at 390x844 with axe.
const baseUrl = inject('baseUrl');
const nats = inject('nats');
const run = Date.now().toString(36);
const shop = { name: `Member Till Shop ${run}`, email: `member-till-${run}@till.test` };
const staff = { username: `member-till-${run}`, password: 'member-till-password' };

let adminToken: string;
let shopId: string;
let rpc: RpcClient;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  shopId = await createPartnerWithStaff(baseUrl, adminToken, shop, staff);
  rpc = new RpcClient({ natsUrl: nats.url, namespace: nats.namespace, timeoutMs: 15_000, name: 'e2e' });
  await rpc.connect();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await rpc?.onApplicationShutdown();
});

async function heldCode(perMemberLimit: { count: number; period: string }): Promise<string> {
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerId: shopId,
      discountType: 'percentage',
      discountValue: 15,
      service: 'Smoothie',
      expirationDate: '2099-12-31',
      usageLimit: '10',
      customTitle: `Member perk ${run}`,
      deploymentUrl: baseUrl,
      perMemberLimit,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const issued = await rpc.call(
    RPC.vouchers.issueToMembers,
    {
      source: { qrCodeId: res.body.id as string },
      holders: [{ memberId: randomUUID(), firstName: 'Ana', lastName: 'García' }],
    },
    { requestId: randomUUID() },
  );
  return issued.issued[0]!.qrCodeId;
}

async function check(code: string) {
  await page.goto(`${baseUrl}/till`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.getByTestId('manual-code').waitFor({ timeout: 15_000 });
  await page.getByTestId('manual-code').fill(code);
  await page.getByTestId('manual-check').click();
  const problem = page.getByTestId('till-problem');
  await page.getByTestId('till-voucher').or(problem).waitFor({ timeout: 15_000 });
  if (await problem.isVisible()) {
    await screenshot(page, 'till-member-problem');
    throw new Error(`no voucher card: ${await problem.innerText()}`);
  }
}

async function shotAndAxe(name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `till-member-${name}`);
  expect(await seriousAxeViolations(page), name).toEqual([]);
}

describe('a held code at the till (issue 41)', () => {
  it('shows the holder and their uses this month; over the limit, the refusal in words', async () => {
    const code = await heldCode({ count: 3, period: 'month' });
    const once = await heldCode({ count: 1, period: 'ever' });
    browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    ({ phone: context, tab: page } = await tillPhone(browser, baseUrl));
    await signInStaff(page, baseUrl, staff);

    await check(code);
    await expect(page.getByTestId('till-holder').innerText()).resolves.toBe('Ana G.');
    await expect(page.getByTestId('till-member-uses').innerText()).resolves.toBe('0 of 3 this month');
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    await check(code);
    await expect(page.getByTestId('till-member-uses').innerText()).resolves.toBe('1 of 3 this month');
    await shotAndAxe('month');

    await check(once);
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    await check(once);
    await expect(page.getByTestId('till-verdict').getAttribute('data-redeemable')).resolves.toBe('false');
    await expect(page.getByTestId('till-member-uses').innerText()).resolves.toBe(
      'Already used once — one per member',
    );
    await expect(page.getByTestId('till-voucher').innerText()).resolves.toContain('Limit per member reached');
    await shotAndAxe('one-per-member');
  });
});
