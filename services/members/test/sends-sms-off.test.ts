import { RPC } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startServices, type Services } from './support/services';

// Issue 41: the members service with SMS off (no TWILIO_*): the screens are told, a send that asks
// for SMS is refused with the reason, e-mail alone is recorded, and no Twilio webhook is believed.
let s: Services;

beforeAll(async () => {
  s = await startServices({ MEMBERS_DEFAULT_PHONE_REGION: 'ES' });
}, 60_000);
afterAll(async () => s?.close());

const member = (n: number) =>
  s.call(RPC.members.create, {
    firstName: `Off${n}`,
    email: `off${n}@example.com`,
    phone: `+3460000000${n}`,
    consent: { email: { given: true }, sms: { given: true } },
  } as never);

describe('SMS off', () => {
  it('channels says so', async () => {
    expect(await s.call(RPC.members.channels, {})).toEqual({ email: true, sms: false });
  });

  it('a send that asks for SMS is a 409 "SMS is not configured"; e-mail alone goes on to the voucher', async () => {
    const a = await member(1);
    const qrCodeId = randomUUID();
    const refused = await refusal(
      s.call(RPC.members.send, { qrCodeId, memberIds: [a.id], channels: ['email', 'sms'] }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'SMS is not configured' });
    // E-mail alone passes and asks the vouchers service about the voucher first (decision 340): it is
    // not running here, so the send is refused as unavailable and nothing is recorded. The e-mail-only
    // send itself is recorded in gateway/test/member-send-progress.test.ts, with the vouchers service.
    const email = await refusal(
      s.call(RPC.members.send, { qrCodeId, memberIds: [a.id], channels: ['email'] }),
    );
    expect(email.code).toBe('SERVICE_UNAVAILABLE');
    const [{ n }] = (await s.sql.query('select count(*)::int as n from members.member_sends')).rows;
    expect(n).toBe(0);
  });

  it('a Twilio webhook is refused (403): there is no token to check its signature with', async () => {
    const webhook = {
      url: 'https://avpass.example/api/webhooks/twilio/inbound',
      params: { MessageSid: `SM${'d'.repeat(32)}`, From: '+34600000002', Body: 'STOP' },
      signature: 'c2lnbmVk',
    };
    expect(await refusal(s.call(RPC.members.twilioInbound, webhook))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(s.call(RPC.members.twilioStatus, webhook))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an administrator only: another role is refused', async () => {
    const partner = { userId: randomUUID(), role: 'company_admin', companyId: randomUUID() } as never;
    const call = s.call(
      RPC.members.send,
      { qrCodeId: randomUUID(), tag: 'coach', channels: ['email'] },
      partner,
    );
    expect(await refusal(call)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
