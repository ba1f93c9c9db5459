/// <reference lib="dom" />
import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { MailSpool } from './support/mail';
import { adminLogin, createPartnerWithStaff } from './support/partners';
import { SmsInbox } from './support/sms';

// Issue 41, "Done when": the administrator imports a CSV, sends a batch to a tag; the member receives
// the e-mail (the platform's real SMTP server) and the SMS (the Twilio stand-in), opens "My vouchers"
// from a magic link, redeems at a till that shows their first name, and a second redemption over the
// per-member limit is refused. Every step through the real gateway, services and browser.
const baseUrl = inject('baseUrl');
const mail = new MailSpool(inject('mailSpool'));
const sms = new SmsInbox();
const run = randomUUID().slice(0, 6);
const TAG = `journey-${run}`;
const lucia = {
  firstName: 'Lucía',
  lastName: `Journey${run} Gómez`,
  email: `lucia-${run}@members.test`,
  phone: `+3461${String(randomInt(1_000_000, 9_999_999))}`,
};
const shop = { name: `Journey Juice Bar ${run}`, email: `journey-${run}@shop.test` };
const staff = { username: `journey-staff-${run}`, password: 'journey-staff-password' };
const BATCH = `Journey smoothies ${run}`;

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let adminToken: string;
let batchId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  const shopId = await createPartnerWithStaff(baseUrl, adminToken, shop, staff);
  // A batch of the shop's codes: five uses each, but one per member, ever.
  const batch = await api(baseUrl, '/api/bulk-generate', {
    method: 'POST',
    token: adminToken,
    json: {
      batchName: BATCH,
      facility: shop.name,
      partnerId: shopId,
      quantity: 3,
      service: 'Smoothie',
      discountValue: 20,
      expirationDate: '2099-12-31',
      usageLimit: '5',
      perMemberLimit: { count: '1', period: 'ever' },
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  batchId = batch.body.batchId as string;
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

async function desktop(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

describe("a member's voucher, from the club's CSV to the partner's till (issue 41)", () => {
  it('import, send to a tag by e-mail and SMS, My vouchers by magic link, the till shows the holder, the limit holds', async () => {
    // 1. The administrator imports the club's CSV: Lucía (both channels consented) and a row refused.
    page = await desktop();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/members`);
    await page.getByTestId('import-members').click();
    const importDialog = page.getByRole('dialog', { name: 'Import members from a CSV' });
    const csv = [
      'first_name,last_name,email,phone,tags,email_consent,sms_consent',
      `${lucia.firstName},${lucia.lastName},${lucia.email},${lucia.phone},${TAG};athlete,yes,yes`,
      `Nadie,Journey${run},not-an-email,,${TAG},yes,no`,
    ].join('\n');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'club.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-upload').click();
    await importDialog.getByTestId('import-report').waitFor({ timeout: 20_000 });
    await expect(importDialog.getByTestId('import-created').innerText()).resolves.toBe('1');
    await expect(importDialog.getByTestId('import-refused').innerText()).resolves.toBe('1');
    await expect(importDialog.getByTestId('refused-row').innerText()).resolves.toMatch(/row 3|3/i);
    await page.keyboard.press('Escape');

    // 2. The batch goes to the tag, by e-mail and SMS, from the batch's own dialog.
    await page.goto(`${baseUrl}/dashboard?tab=batches`);
    const batchRow = page.getByTestId('batch-row').filter({ hasText: BATCH });
    await batchRow.getByRole('button', { name: 'View Codes' }).click();
    await page.getByTestId('send-to-members').click();
    const send = page.getByRole('dialog', { name: /^Send .+ to members$/ });
    await send.getByLabel('Members with a tag').check();
    await page.getByTestId('send-tag').fill(TAG);
    await send.getByRole('checkbox', { name: 'E-mail' }).check();
    // SMS is configured on this platform (the Twilio stand-in): the box can be ticked.
    await expect(send.getByRole('checkbox', { name: 'SMS' }).isDisabled()).resolves.toBe(false);
    await send.getByRole('checkbox', { name: 'SMS' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('send-submit').click();
    await expect(send.getByTestId('send-queued').innerText()).resolves.toMatch(/^2 queued/); // her e-mail and her SMS
    await screenshot(page, 'member-journey-send');

    // 3. Lucía's own code arrives by e-mail (with one-click unsubscribe) and by SMS: the same link.
    const voucherMail = await mail.waitForMail(
      (m) => m.recipients.includes(lucia.email) && /\/voucher\//.test(m.text ?? ''),
      { timeoutMs: 30_000 },
    );
    // mailparser gathers the List-* headers under `list`: one-click unsubscribe (RFC 8058).
    const list = voucherMail.headers.get('list') as Record<string, { url?: string } | undefined>;
    expect(list.unsubscribe?.url).toContain('/api/members/unsubscribe?token=');
    expect(JSON.stringify(list['unsubscribe-post'])).toContain('List-Unsubscribe=One-Click');
    const link = /https?:\/\/\S+\/voucher\/([0-9a-f-]{36})/.exec(voucherMail.text ?? '');
    expect(link, voucherMail.text).not.toBeNull();
    const codeId = link![1]!;
    const text = await sms.waitForSms(lucia.phone, (m) => m.body.includes(`/voucher/${codeId}`), {
      timeoutMs: 30_000,
    });
    expect(text.body).toContain('Lucía');
    // The code is hers: the administrator finds it among the imported member's vouchers.
    const found = await api(baseUrl, `/api/members?search=${encodeURIComponent(lucia.lastName)}`, {
      token: adminToken,
    });
    expect(found.body.items, JSON.stringify(found.body)).toHaveLength(1);
    const memberId = found.body.items[0].id as string;
    const held = await api(baseUrl, `/api/members/${memberId}/vouchers`, { token: adminToken });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.items.map((v: { id: string }) => v.id)).toEqual([codeId]);
    const batch = await api(baseUrl, `/api/admin/batches/${batchId}`, { token: adminToken });
    expect(batch.body.qrCodes.map((c: { id: string }) => c.id)).toContain(codeId);
    await context!.close();

    // 4. On her phone: a magic link by e-mail, then "My vouchers" with that code.
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await page.goto(`${baseUrl}/me/sign-in`);
    await page.getByLabel('E-mail').fill(lucia.email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByTestId('member-check-mail').waitFor();
    const signInMail = await mail.waitForMail(
      (m) => m.recipients.includes(lucia.email) && /\/me\/sign-in/.test(m.text ?? ''),
      { timeoutMs: 30_000 },
    );
    const magic = /https?:\/\/\S+\/me\/sign-in\S*/.exec(signInMail.text ?? '')![0];
    await page.goto(magic);
    await page.getByRole('heading', { name: 'My vouchers' }).waitFor({ timeout: 20_000 });
    const mine = page.getByTestId('member-voucher');
    await expect.poll(() => mine.count(), { timeout: 15_000 }).toBe(1);
    await expect(mine.first().getAttribute('href')).resolves.toContain(`/voucher/${codeId}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-journey-my-vouchers');
    await context.close();

    // 5. At the partner's till: her first name and initial, then the redeem.
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL(`${baseUrl}/company-dashboard`);
    const check = async () => {
      await page.goto(`${baseUrl}/till`);
      await page.getByTestId('manual-code').waitFor({ timeout: 15_000 });
      await page.getByTestId('manual-code').fill(codeId);
      await page.getByTestId('manual-check').click();
      await page.getByTestId('till-voucher').waitFor({ timeout: 15_000 });
    };
    await check();
    await expect(page.getByTestId('till-holder').innerText()).resolves.toBe('Lucía J.');
    await screenshot(page, 'member-journey-till');
    await page.getByTestId('till-redeem').click();
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });

    // 6. A second redemption of her code (uses left on the code, none for her) is refused, in words.
    await check();
    await expect(page.getByTestId('till-verdict').getAttribute('data-redeemable')).resolves.toBe('false');
    await expect(page.getByTestId('till-voucher').innerText()).resolves.toContain('Limit per member reached');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-journey-till-refused');
    // The API refuses it too, whatever the screen does: the limit holds at the service.
    const staffToken = (
      await api(baseUrl, '/api/auth/company-login', {
        method: 'POST',
        json: { username: staff.username, password: staff.password },
      })
    ).body.token as string;
    const again = await api(baseUrl, '/api/till/redeem', {
      method: 'POST',
      token: staffToken,
      json: { code: codeId },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(String(again.body.message)).toMatch(/per member/i);
  });
});
