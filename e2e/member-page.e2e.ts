/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { RpcClient } from '../libs/platform/src/messaging/rpc-client';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { MailSpool } from './support/mail';
import { addMember } from './support/members';
import { adminLogin, createPartnerWithStaff, staffLogin } from './support/partners';
import { generateVoucher } from './support/vouchers';

// Issue 41: a member signs in by the magic link the platform mailed (read from the e2e SMTP server's
// spool) and sees "My vouchers" on a phone: ready ones first, used ones with where and when; light like
// the voucher page (decision 331).
const baseUrl = inject('baseUrl');
const nats = inject('nats');
const mail = new MailSpool(inject('mailSpool'));
/** The voucher page's budget (decision 304): the member's screens load no more than it does. */
const JS_BUDGET_BYTES = 100 * 1024;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: string;
let rpc: RpcClient;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
  rpc = new RpcClient({
    natsUrl: nats.url,
    namespace: nats.namespace,
    name: 'e2e-members',
    timeoutMs: 10_000,
  });
  await rpc.connect();
});
afterAll(async () => {
  await rpc?.onApplicationShutdown();
  await browser?.close();
});
beforeEach(async () => {
  context = await newPhoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

/** This machine's own non-loopback IPv4 address (what a phone on the club's Wi-Fi would open). */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

function newMember(language: 'en' | 'es' = 'en', lastName = 'Martín') {
  return addMember(baseUrl, admin, { firstName: 'Lucía', lastName, language });
}

/** The member's own codes: one ready at a partner's till, one used there (so it says where and when). */
async function giveVouchers(memberId: string) {
  const staff = { username: `member-till-${randomUUID().slice(0, 6)}`, password: 'till-password-1' };
  const partnerId = await createPartnerWithStaff(baseUrl, admin, { name: 'Harbor Physio' }, staff);
  const me = await api(baseUrl, '/api/auth/user', { token: admin });
  const actor = { userId: me.body.id as string, role: 'super_admin' as const, companyId: null };
  const issue = async (fields: Record<string, unknown>) => {
    const source = await generateVoucher(baseUrl, admin, { partnerId, ...fields });
    const answer = await rpc.call(
      RPC_ISSUE,
      { source: { qrCodeId: source.id }, holders: [{ memberId, firstName: 'Lucía', lastName: 'Martín' }] },
      { requestId: randomUUID(), actor },
    );
    return answer.issued[0]!.qrCodeId;
  };
  const ready = await issue({ customTitle: 'Recovery Massage' });
  const used = await issue({ customTitle: 'Physio Assessment', usageLimit: '1', discountValue: 15 });
  const till = await staffLogin(baseUrl, staff);
  const redeemed = await fetch(`${baseUrl}/api/till/redeem`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${till}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ code: used }),
  });
  expect(redeemed.status, await redeemed.clone().text()).toBeLessThan(300);
  return { ready, used };
}
const RPC_ISSUE = 'vouchers.members.issue.v1' as const;

async function linkFromMail(email: string): Promise<string> {
  const found = await mail.waitForMail((m) => m.recipients.includes(email), { timeoutMs: 20_000 });
  const link = /(http:\/\/\S+\/me\/sign-in#token=[A-Za-z0-9_-]+)/.exec(found.text)?.[1];
  expect(link, found.text).toBeDefined();
  return link!;
}

describe('a member’s own page', () => {
  it('signs in by the mailed link and shows My vouchers on a phone, ready first, used with where and when', async () => {
    const member = await newMember();
    const codes = await giveVouchers(member.id);

    await page.goto(`${baseUrl}/me`);
    await page.getByLabel('E-mail').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/me/sign-in');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-sign-in');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByTestId('member-check-mail').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-sign-in-check-mail');

    const link = await linkFromMail(member.email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'My vouchers' }).waitFor({ timeout: 20_000 });
    // The secret left the address at once: not in the bar, not in the history.
    expect(page.url()).toBe(`${baseUrl}/me`);
    const rows = page.getByTestId('member-voucher');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual([
      'active',
      'used',
    ]);
    await expect(rows.nth(0).getAttribute('href')).resolves.toBe(`/voucher/${codes.ready}`);
    // Where and when, as the vouchers service's answer tells it (the till's partner, the moment).
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('avpassMemberSession')!).token);
    const held = await api(baseUrl, '/api/me/vouchers', { token });
    const used = held.body.items.find((v: { id: string }) => v.id === codes.used);
    expect(used.lastRedemption).toMatchObject({ channel: 'till', partnerName: 'Harbor Physio' });
    await expect(rows.nth(1).innerText()).resolves.toMatch(/\nUsed at Harbor Physio on [^\n]+$/);
    await expect(page.getByText('Hello, Lucía')).toBeDefined();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-my-vouchers');

    // A reload keeps the member signed in (sessionStorage); the voucher opens its own page.
    await page.reload();
    await rows.first().waitFor({ timeout: 20_000 });
    await rows.first().click();
    await page.getByTestId('voucher-card').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(`/voucher/${codes.ready}`);

    // The link works once.
    const again = await browser.newContext();
    const second = await again.newPage();
    await second.goto(link);
    await second
      .getByText('This sign-in link no longer works.', { exact: false })
      .waitFor({ timeout: 20_000 });
    await again.close();
  });

  it('speaks the member’s language', async () => {
    const member = await newMember('es');
    await api(baseUrl, '/api/member-auth/link', { method: 'POST', json: { email: member.email } });
    await page.goto(await linkFromMail(member.email));
    await page.getByRole('heading', { name: 'Mis cupones' }).waitFor({ timeout: 20_000 });
    await page.getByText('Todavía no tiene cupones.').waitFor();
  });

  it('opens over plain http on the LAN address within the voucher page’s JavaScript budget', async () => {
    const address = lanAddress();
    expect(address, 'this machine has no non-loopback IPv4 address').not.toBeNull();
    const lanBase = baseUrl.replace('127.0.0.1', address!);
    const scripts: { url: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      void request
        .sizes()
        .then((sizes) => scripts.push({ url: request.url(), bytes: sizes.responseBodySize }));
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto(`${lanBase}/me/sign-in`);
    await page.getByLabel('E-mail').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const names = scripts.map((s) => s.url.split('/').pop()).join(', ');
    expect(names).not.toMatch(
      /dashboard|generate|bulk|company|settings|login|landing|router|screens|schemas/,
    );
    console.log(`member sign-in JavaScript: ${total} bytes in ${scripts.length} files (${names})`);
    expect(total, `${total} bytes: ${names}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
});

/** Issue 41's screenshots of the member's credits (decision 336), kept with the docs. */
const ISSUE_SHOTS = new URL('../docs/screenshots/issue-41/', import.meta.url).pathname;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a member’s athlete credits', () => {
  it('a credit made for the member shows on their detail and as their balance on /me', async () => {
    const lastName = `Cred${randomUUID().slice(0, 6)}`;
    const member = await newMember('en', lastName);

    // The administrator makes the credit, picking the member in the dialog.
    const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const adminPage = await desk.newPage();
    await signIn(adminPage, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await adminPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await adminPage.goto(`${baseUrl}/admin-credits`);
    await adminPage.getByRole('button', { name: 'New Credit Allocation' }).click({ timeout: 20_000 });
    const dialog = adminPage.getByRole('dialog', { name: 'New Credit Allocation' });
    await dialog.getByLabel('Member (optional)').fill(lastName);
    await adminPage.getByRole('option', { name: new RegExp(lastName) }).click({ timeout: 20_000 });
    expect(await dialog.getByLabel('Athlete name').inputValue()).toBe(`Lucía ${lastName}`);
    await dialog.getByLabel('Total amount ($)').fill('250.75');
    await dialog.getByLabel('Start date').fill(inDays(-1));
    await dialog.getByLabel('End date').fill(inDays(300));
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await adminPage.screenshot({ path: `${ISSUE_SHOTS}credit-member-picker-1366.png` });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const credits = await api(baseUrl, `/api/members/${member.id}/credits`, { token: admin });
    expect(credits.body).toMatchObject({ balanceCents: 25_075, total: 1 });

    // The member's detail: the section, its balance and the credit.
    await adminPage.goto(`${baseUrl}/members/${member.id}`);
    const section = adminPage.getByTestId('member-credits');
    await section.waitFor({ timeout: 20_000 });
    await expect(adminPage.getByTestId('member-credit-balance').innerText()).resolves.toBe('Balance $250.75');
    await expect(section.getByTestId('member-credit').innerText()).resolves.toContain(
      '$250.75 left of $250.75',
    );
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await adminPage.screenshot({ path: `${ISSUE_SHOTS}member-detail-credits-1366.png`, fullPage: true });
    await desk.close();

    // The member's own page on a phone.
    await api(baseUrl, '/api/member-auth/link', { method: 'POST', json: { email: member.email } });
    await page.goto(await linkFromMail(member.email));
    const balance = page.getByTestId('member-credit');
    await balance.waitFor({ timeout: 20_000 });
    await expect(balance.innerText()).resolves.toMatch(/^Athlete credit balance\s*\$250\.75$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ISSUE_SHOTS}member-credit-balance-390.png`, fullPage: true });
    await screenshot(page, 'member-credit-balance');
  });
});
