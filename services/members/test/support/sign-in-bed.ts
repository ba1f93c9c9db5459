import { RPC, type Member } from '@avpass/contracts';
import { TestSmtpServer, TwilioStandIn, waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServices, type Services } from './services';

/** Where a member's sign-in link is asked from (the link in the mail points there). */
export const SIGN_IN_ORIGIN = 'http://192.0.2.10:3000';

/** The members service with mail to a real SMTP server and SMS to the Twilio stand-in. */
export interface SignInBed {
  s: Services;
  smtp: TestSmtpServer;
  twilio: TwilioStandIn;
  /** A client address of its own for each call, so the per-address limit is the caller's alone. */
  nextIp(): string;
  /** A new member, Lucía García, with an e-mail and a phone of their own; `fields` change them. */
  member(fields?: Record<string, unknown>): Promise<Member>;
  /** The token of the `count`th sign-in mail to `email`, once it has come. */
  linkTokenFor(email: string, count?: number): Promise<string>;
  /** The code of the `count`th sign-in SMS to `phone`, once it has come. */
  smsCodeFor(phone: string, count?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The members service on a fresh database, with an SMTP server and the Twilio stand-in of its own
 * (phones read in Spain). Each file passes its own `ipBlock` ('198.51.100') and `phoneBlock`
 * ('+3461234'), so no two files' members or addresses meet.
 */
export async function startSignInBed(options: { ipBlock: string; phoneBlock: string }): Promise<SignInBed> {
  const smtp = await TestSmtpServer.start();
  const twilio = await TwilioStandIn.start();
  let s: Services;
  try {
    s = await startServices({
      SMTP_URL: smtp.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
      MEMBERS_DEFAULT_PHONE_REGION: 'ES',
    });
  } catch (error) {
    await smtp.stop();
    await twilio.stop();
    throw error;
  }
  let ips = 0;
  let phones = 0;
  return {
    s,
    smtp,
    twilio,
    nextIp: () => `${options.ipBlock}.${++ips}`,
    member: (fields = {}) =>
      s.call(RPC.members.create, {
        firstName: 'Lucía',
        lastName: 'García',
        email: `m${randomUUID().slice(0, 8)}@example.com`,
        phone: `${options.phoneBlock}${String(5000 + ++phones)}`,
        idempotencyKey: randomUUID(),
        ...fields,
      } as never),
    async linkTokenFor(email, count = 1) {
      const mail = await waitFor(() => smtp.mailTo(email)[count - 1], {
        message: `mail ${count} to ${email}`,
      });
      const token = /\/me\/sign-in#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token, mail.text).toBeDefined();
      return token!;
    },
    async smsCodeFor(phone, count = 1) {
      const sms = await waitFor(async () => (await twilio.messagesTo(phone))[count - 1], {
        message: `SMS to ${phone}`,
      });
      return /\b(\d{6})\b/.exec(sms.body)![1]!;
    },
    async close() {
      await s.close();
      await smtp.stop();
      await twilio.stop();
    },
  };
}

/**
 * The bed for a whole test file: started before its tests and closed after them (beforeAll /
 * afterAll); what it answers is the started bed's.
 */
export function useSignInBed(options: { ipBlock: string; phoneBlock: string }): SignInBed {
  let started: SignInBed | undefined;
  beforeAll(async () => {
    started = await startSignInBed(options);
  }, 60_000);
  afterAll(async () => started?.close());
  const bed = () => {
    if (!started) throw new Error('the sign-in bed has not started (use it inside a test)');
    return started;
  };
  return {
    get s() {
      return bed().s;
    },
    get smtp() {
      return bed().smtp;
    },
    get twilio() {
      return bed().twilio;
    },
    nextIp: () => bed().nextIp(),
    member: (fields) => bed().member(fields),
    linkTokenFor: (email, count) => bed().linkTokenFor(email, count),
    smsCodeFor: (phone, count) => bed().smsCodeFor(phone, count),
    close: () => bed().close(),
  };
}
