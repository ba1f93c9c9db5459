/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { twilioSignature } from '../libs/platform/src/sms/twilio-webhooks';
import { E2E_ADMIN } from './support/global-setup';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, screenshot, signIn } from './support/browser';
import { adminLogin } from './support/partners';
import { generateVoucher } from './support/vouchers';

// Issue 41: a member's SMS that Twilio could not deliver shows Bounced on the member's detail with a
// Resend button; Resend posts …/deliveries/{id}/resend with an Idempotency-Key and the line moves on.
const baseUrl = inject('baseUrl');
const twilio = inject('twilio');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => context?.close());

/** A POST with an Idempotency-Key, as the screens send it. */
async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

type Delivery = { id: string; status: string; channel: string };
const deliveriesOf = async (memberId: string): Promise<Delivery[]> =>
  (await api(baseUrl, `/api/members/${memberId}/deliveries`, { token: admin })).body.items;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The stand-in's messages to `to`, over its HTTP API as Twilio's clients read them. */
async function messagesTo(to: string): Promise<{ sid: string }[]> {
  const res = await fetch(
    `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json?To=${encodeURIComponent(to)}`,
    {
      headers: {
        authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
      },
    },
  );
  return ((await res.json()) as { messages: { sid: string }[] }).messages;
}

describe('a member’s deliveries', () => {
  it('an undelivered SMS shows Bounced with Resend, which sends it again once', async () => {
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const created = await post('/api/members', {
      firstName: 'Rosa',
      lastName: 'Resend',
      phone,
      consent: { sms: { given: true } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const memberId = created.body.id as string;
    const voucher = await generateVoucher(baseUrl, admin, { customTitle: 'Resend Massage' });
    const sent = await post('/api/members/send', {
      qrCodeId: voucher.id,
      memberIds: [memberId],
      channels: ['sms'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    await until(
      () => deliveriesOf(memberId),
      (d) => d[0]?.status === 'sent',
      'the SMS to be sent',
    );
    const [message] = await until(
      () => messagesTo(phone),
      (m) => m.length === 1,
      'the stand-in to hold it',
    );
    // Twilio says it could not be delivered (a signed status callback, as Twilio posts it).
    const params = {
      AccountSid: twilio.accountSid,
      MessageSid: message!.sid,
      MessageStatus: 'undelivered',
      SmsSid: message!.sid,
      SmsStatus: 'undelivered',
      To: phone,
      ErrorCode: '30003',
    };
    // No TWILIO_STATUS_CALLBACK_URL here: the webhook at PUBLIC_URL (the base URL), signed for it.
    const url = `${baseUrl}/api/webhooks/twilio/status`;
    const callback = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(twilio.authToken, url, params),
      },
      body: new URLSearchParams(params),
    });
    expect(callback.status).toBeLessThan(300);
    const [failed] = await until(
      () => deliveriesOf(memberId),
      (d) => d[0]?.status === 'bounced' || d[0]?.status === 'failed',
      'the SMS to be marked undelivered',
    );

    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/members/${memberId}`);
    const line = page.getByTestId('member-delivery').first();
    await line.waitFor({ timeout: 20_000 });
    await expect(line.innerText()).resolves.toMatch(/SMS\s+(Bounced|Failed)/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'member-delivery-resend');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(`/deliveries/${failed!.id}/resend`)),
      line.getByRole('button', { name: 'Resend the SMS' }).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('toast').filter({ hasText: 'Sent again' }).first().waitFor({ timeout: 20_000 });
    const after = await until(
      () => deliveriesOf(memberId),
      (d) => d.some((x) => x.id === failed!.id && x.status !== 'bounced' && x.status !== 'failed'),
      'the resent SMS to move on',
    );
    expect(after.filter((x) => x.channel === 'sms')).toHaveLength(1);
    await until(
      () => messagesTo(phone),
      (m) => m.length === 2,
      'the SMS to be sent again',
    );

    // The administrator's codes table names the code's holder under its usage, a link to the member.
    const held = (await deliveriesOf(memberId))[0] as Delivery & { qrCodeId: string };
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByLabel('Search QR codes').fill(held.qrCodeId.slice(0, 8));
    const row = page.locator(`[data-testid="qr-row"][data-id="${held.qrCodeId}"]`);
    await row.waitFor({ timeout: 20_000 });
    const member = row.getByTestId('code-member-facts').getByRole('link', { name: 'Member' });
    await expect(member.getAttribute('href')).resolves.toBe(`/members/${memberId}`);
    await screenshot(page, 'admin-codes-holder');
  });
});
