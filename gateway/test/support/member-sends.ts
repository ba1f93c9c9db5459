import { TestSmtpServer, TwilioStandIn } from '@avpass/platform/testing';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { startHarness, type Harness } from './harness';

/** A free port of 127.0.0.1 now (the gateway's public URL must be known before it starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SendBed {
  h: Harness;
  smtp: TestSmtpServer;
  twilio: TwilioStandIn;
  publicUrl: string;
  admin: string;
  /** Our Twilio number (TWILIO_FROM). */
  from: string;
  close(): Promise<void>;
}

/**
 * The gateway with members, vouchers and partners, a real SMTP server and the Twilio stand-in, on a
 * port known beforehand: PUBLIC_URL is the gateway's own address, so the links in the messages and the
 * URL Twilio signs are the ones the test requests.
 */
export async function startSendBed(): Promise<SendBed> {
  const smtp = await TestSmtpServer.start();
  const twilio = await TwilioStandIn.start();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const from = '+15005550006';
  const h = await startHarness(
    {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtp.url,
      MAIL_JOB_BACKOFF_MS: '50',
      MAIL_JOB_ATTEMPTS: '2',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: twilio.url,
      TWILIO_STATUS_CALLBACK_URL: `${publicUrl}/api/webhooks/twilio/status`,
      SMS_JOB_BACKOFF_MS: '50',
      SMS_JOB_ATTEMPTS: '2',
      SMS_RATE_PER_SECOND: '100',
      MEMBERS_SEND_POLL_MS: '200',
      MEMBERS_SEND_PAGE: '50',
    },
    { services: ['partners', 'vouchers', 'members'] },
  );
  return {
    h,
    smtp,
    twilio,
    publicUrl,
    admin: await h.adminToken(),
    from,
    async close() {
      await h.close();
      await smtp.stop();
      await twilio.stop();
    },
  };
}

let counter = 0;
/** A member with both channels agreed unless told otherwise; answers the member. */
export async function createMember(
  bed: SendBed,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; email: string | null; phone: string | null }> {
  counter += 1;
  const res = await bed.h.api('/api/members', {
    method: 'POST',
    token: bed.admin,
    json: {
      firstName: `Member${counter}`,
      lastName: 'Test',
      email: `member${counter}@example.com`,
      phone: `+346${String(10_000_000 + counter).slice(-8)}`,
      consent: { email: { given: true }, sms: { given: true } },
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A voucher the administrator made for a partner (its id is the send's qrCodeId). */
export async function createVoucher(
  bed: SendBed,
  partnerId: string,
  service = 'Running shoes',
): Promise<string> {
  const res = await bed.h.api('/api/generate-qr', {
    method: 'POST',
    token: bed.admin,
    json: {
      discountType: 'percentage',
      discountValue: '10',
      service,
      expirationDate: '2099-12-31',
      usageLimit: '1',
      partnerId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

export const send = (bed: SendBed, json: unknown, key?: string, token: string | null = bed.admin) =>
  bed.h.api('/api/members/send', {
    method: 'POST',
    token,
    json,
    headers: key ? { 'idempotency-key': key } : {},
  });
