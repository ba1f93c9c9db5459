import { rpcCallsTotal } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './support/audit-entries';
import { createPartnerWithUser } from './support/harness';
import { createMember, createVoucher, send, startSendBed, type SendBed } from './support/member-sends';

// Issue 41: vouchers sent to members by e-mail and SMS, end to end: the send, the codes issued by the
// vouchers service, the mails at a real SMTP server, the SMS at the Twilio stand-in, the deliveries.
let bed: SendBed;
let db: pg.Client;
let partner: string;
let partnerId: string;

beforeAll(async () => {
  bed = await startSendBed();
  db = await connectDatabase(bed.h);
  const till = await createPartnerWithUser(bed.h, 'Sends Till');
  partner = till.token;
  partnerId = till.companyId;
}, 120_000);
afterAll(async () => {
  await db?.end();
  await bed?.close();
});

const sendDone = (sendId: string) =>
  waitFor(
    async () =>
      (await db.query(`select status from members.member_sends where id = $1`, [sendId])).rows[0]?.status ===
      'done',
    { timeoutMs: 20_000, message: `send ${sendId} expanded` },
  );
/** How many times this process asked the vouchers service for a public voucher (the gateway's lookups). */
async function getPublicCalls(): Promise<number> {
  const metric = await rpcCallsTotal.get();
  return metric.values
    .filter((value) => value.labels.subject === 'vouchers.codes.get-public.v1')
    .reduce((sum, value) => sum + value.value, 0);
}
const deliveriesOf = async (memberId: string, query = '') => {
  const res = await bed.h.api(`/api/members/${memberId}/deliveries${query}`, { token: bed.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: any[]; nextCursor: string | null };
};

describe('who may send', () => {
  it('anonymous is 401, a partner 403, on every route', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['POST', '/api/members/send'],
      ['GET', '/api/members/channels'],
      ['GET', `/api/members/${id}/deliveries`],
      ['POST', `/api/members/${id}/deliveries/${randomUUID()}/resend`],
    ];
    for (const [method, path] of routes) {
      const json = method === 'GET' ? undefined : {};
      expect((await bed.h.api(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await bed.h.api(path, { method, json, token: partner })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('POST /api/members/send: what is refused', () => {
  it('says what is wrong with a 400', async () => {
    const qrCodeId = randomUUID();
    const memberIds = [randomUUID()];
    const cases: [unknown, string, string][] = [
      [{ memberIds, channels: ['email'] }, 'qrCodeId', 'Send exactly one of qrCodeId or batchId'],
      [
        { qrCodeId, batchId: randomUUID(), memberIds, channels: ['email'] },
        'qrCodeId',
        'Send exactly one of qrCodeId or batchId',
      ],
      [
        { qrCodeId, memberIds: [], channels: ['email'] },
        'memberIds',
        'memberIds must name at least one member',
      ],
      [{ qrCodeId, channels: ['email'] }, 'memberIds', 'Send exactly one of memberIds or tag'],
      [
        { qrCodeId, memberIds, tag: 'coach', channels: ['email'] },
        'memberIds',
        'Send exactly one of memberIds or tag',
      ],
      [{ qrCodeId, memberIds, channels: ['fax'] }, 'channels.0', 'channels must be email or sms'],
      [{ qrCodeId, memberIds, channels: [] }, 'channels', 'channels must name email, sms or both'],
      [{ qrCodeId: 'not-a-uuid', memberIds, channels: ['email'] }, 'qrCodeId', 'qrCodeId must be a valid id'],
      [
        { qrCodeId, memberIds: ['nope'], channels: ['email'] },
        'memberIds.0',
        'Each member id must be a valid id',
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await send(bed, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(json)).toContain(message);
      expect(res.body.errors?.[field], `${JSON.stringify(json)}: ${JSON.stringify(res.body)}`).toBeDefined();
    }
  });

  it('GET /api/members/channels says both are configured here', async () => {
    const res = await bed.h.api('/api/members/channels', { token: bed.admin });
    expect(res).toMatchObject({ status: 200, body: { email: true, sms: true } });
  });
});

describe('a voucher to members, end to end', () => {
  it('each member gets their own code by e-mail and SMS in their language, with the link and one-click unsubscribe', async () => {
    const ana = await createMember(bed, { firstName: 'Ana', language: 'es' });
    const bob = await createMember(bed, { firstName: 'Bob' });
    const qrCodeId = await createVoucher(bed, partnerId);
    const res = await send(
      bed,
      { qrCodeId, memberIds: [ana.id, bob.id], channels: ['email', 'sms'] },
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ members: 2, queued: 4, skipped: { email: 0, sms: 0 } });

    const anaMail = await bed.smtp.waitForMail((m) => m.recipients.includes(ana.email!), {
      timeoutMs: 20_000,
    });
    const bobMail = await bed.smtp.waitForMail((m) => m.recipients.includes(bob.email!), {
      timeoutMs: 20_000,
    });
    expect(anaMail.subject).toBe('Su cupón');
    expect(anaMail.text).toContain('Hola, Ana:');
    expect(anaMail.text).toContain('aquí tiene su cupón personal. Muéstrelo en la caja');
    expect(bobMail.subject).toBe('Your voucher');
    expect(bobMail.text).toContain('Hello Bob,');
    const link = (text: string) => text.match(/\/voucher\/([A-Za-z0-9_-]+)/)?.[1];
    const anaCode = link(anaMail.text);
    const bobCode = link(bobMail.text);
    expect(anaCode && bobCode && anaCode !== bobCode).toBe(true);
    expect(anaMail.text).toContain(`${bed.publicUrl}/voucher/${anaCode}`);
    expect(anaMail.html).toContain(`href="${bed.publicUrl}/voucher/${anaCode}"`);
    // mailparser gathers the List-* headers under `list`.
    const list = bobMail.headers.get('list') as Record<string, { url?: string; name?: string } | undefined>;
    const unsubscribe = `<${list.unsubscribe?.url}>`;
    expect(unsubscribe).toMatch(
      new RegExp(`^<${bed.publicUrl}/api/members/unsubscribe\\?token=[A-Za-z0-9_-]{44}&lang=en>$`),
    );
    expect(JSON.stringify(list['unsubscribe-post'])).toContain('List-Unsubscribe=One-Click');
    expect(bobMail.text).toContain(unsubscribe.slice(1, -1));
    // Each code is the member's: the public voucher page answers it.
    expect((await bed.h.api(`/api/qr-codes/${anaCode}`)).status).toBe(200);

    const anaSms = await waitFor(async () => (await bed.twilio.messagesTo(ana.phone!))[0], {
      timeoutMs: 20_000,
    });
    expect(anaSms.body).toContain(`${bed.publicUrl}/voucher/${anaCode}`);
    expect(anaSms.body).toContain('Responda STOP');
    const bobSms = await waitFor(async () => (await bed.twilio.messagesTo(bob.phone!))[0], {
      timeoutMs: 20_000,
    });
    expect(bobSms.body).toContain(`/voucher/${bobCode}`);
    expect(bobSms.status_callback).toBe(`${bed.publicUrl}/api/webhooks/twilio/status`);

    // Deliveries: both channels, sent; the SMS's callback makes it delivered, another bounced.
    await waitFor(async () => (await deliveriesOf(bob.id)).items.every((d) => d.status === 'sent'));
    expect(await bed.twilio.sendStatusCallback(bobSms.sid, 'delivered')).toBe(200);
    expect(await bed.twilio.sendStatusCallback(anaSms.sid, 'undelivered', { errorCode: 30003 })).toBe(200);
    const bobDeliveries = await deliveriesOf(bob.id);
    expect(bobDeliveries.items.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'delivered'],
    ]);
    const anaSmsDelivery = (await deliveriesOf(ana.id)).items.find((d) => d.channel === 'sms');
    expect(anaSmsDelivery).toMatchObject({
      status: 'bounced',
      reason: 'Twilio: undelivered (30003)',
      publicId: anaCode,
    });

    // The one-click unsubscribe (RFC 8058): the mail client's POST withdraws the e-mail consent, once.
    const oneClick = () =>
      fetch(unsubscribe.slice(1, -1), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ message: 'You will get no more e-mails from us.' });
    expect((await oneClick()).status).toBe(200);
    const { rows } = await db.query(
      'select email_consent, email_consent_source, sms_consent from members.members where id = $1',
      [bob.id],
    );
    expect(rows[0]).toEqual({ email_consent: false, email_consent_source: 'link', sms_consent: true });
    const audited = await db.query(
      `select count(*)::int as n from members.audit_entries where action = 'members.consent.withdrawn' and target_id = $1`,
      [bob.id],
    );
    expect(audited.rows[0].n).toBe(1);

    // Sent again to Bob: no e-mail (no consent), and no second SMS for the same voucher.
    const again = await send(bed, { qrCodeId, memberIds: [bob.id], channels: ['email', 'sms'] });
    expect(again.body).toMatchObject({ members: 1, queued: 1, skipped: { email: 1, sms: 0 } });
    await sendDone(again.body.sendId);
    expect(bed.smtp.mailTo(bob.email!)).toHaveLength(1);
    expect(await bed.twilio.messagesTo(bob.phone!)).toHaveLength(1);
  });

  it('members without consent or an address for a channel are skipped on it, and told', async () => {
    const noSms = await createMember(bed, { consent: { email: { given: true } } });
    const noEmail = await createMember(bed, {
      email: undefined,
      consent: { email: { given: true }, sms: { given: true } },
    });
    const nothing = await createMember(bed, { consent: {} });
    const qrCodeId = await createVoucher(bed, partnerId);
    const res = await send(bed, {
      qrCodeId,
      memberIds: [noSms.id, noEmail.id, nothing.id],
      channels: ['email', 'sms'],
    });
    expect(res.body).toMatchObject({ members: 3, queued: 2, skipped: { email: 2, sms: 2 } });
    await sendDone(res.body.sendId);
    await bed.smtp.waitForMail((m) => m.recipients.includes(noSms.email!), { timeoutMs: 20_000 });
    await waitFor(async () => (await bed.twilio.messagesTo(noEmail.phone!)).length === 1, {
      timeoutMs: 20_000,
    });
    expect(await bed.twilio.messagesTo(noSms.phone!)).toHaveLength(0);
    expect(bed.smtp.mailTo(nothing.email!)).toHaveLength(0);
    expect(await bed.twilio.messagesTo(nothing.phone!)).toHaveLength(0);
    expect((await deliveriesOf(nothing.id)).items).toEqual([]);
  });

  it('a voucher that does not exist is refused at once (404): no send is recorded, nothing is sent', async () => {
    const member = await createMember(bed);
    const res = await send(bed, { qrCodeId: randomUUID(), memberIds: [member.id], channels: ['email'] });
    // Decision 340: checked before the send is recorded (it used to be recorded, then fail).
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('QR code not found');
    expect((await deliveriesOf(member.id)).items).toEqual([]);
  });

  it('by tag; the same Idempotency-Key twice is one send, answered the same', async () => {
    const tag = `t${Date.now() % 100000}`;
    const members = [await createMember(bed, { tags: [tag] }), await createMember(bed, { tags: [tag] })];
    await createMember(bed, { tags: ['other'] });
    const qrCodeId = await createVoucher(bed, partnerId);
    const key = randomUUID();
    const body = { qrCodeId, tag, channels: ['email'] };
    const [a, b] = await Promise.all([send(bed, body, key), send(bed, body, key)]);
    expect(a.status).toBe(202);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ members: 2, queued: 2 });
    const sends = await db.query('select count(*)::int as n from members.member_sends where source_id = $1', [
      qrCodeId,
    ]);
    expect(sends.rows[0].n).toBe(1);
    const other = await send(bed, { ...body, channels: ['sms'] }, key);
    expect(other.status).toBe(409);
    await sendDone(a.body.sendId);
    for (const m of members) await bed.smtp.waitForMail((mail) => mail.recipients.includes(m.email!));
    expect(members.map((m) => bed.smtp.mailTo(m.email!).length)).toEqual([1, 1]);
  });
});

describe("the gateway's poll versions during a send", () => {
  it("learns the voucher's and each member's copy's companies from their created events, asking the vouchers service nothing", async () => {
    const members = [await createMember(bed), await createMember(bed), await createMember(bed)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await getPublicCalls();
    const qrCodeId = await createVoucher(bed, partnerId);
    const published = async () =>
      (
        await db.query(
          `select count(*)::int as n from vouchers.outbox_events
            where name = 'vouchers.voucher.created.v1' and payload->>'vendorId' = $1 and published_at is not null
              and payload->>'qrCodeId' in (select id::text from vouchers.qr_codes where holder_source = $2)`,
          [partnerId, qrCodeId],
        )
      ).rows[0].n as number;
    // The voucher's own created event names its owner too (every writer does): nothing is asked.
    await waitFor(
      async () =>
        (
          await db.query(
            `select count(*)::int as n from vouchers.outbox_events where name = 'vouchers.voucher.created.v1'
                and payload->>'qrCodeId' = $1 and published_at is not null`,
            [qrCodeId],
          )
        ).rows[0].n === 1,
      { timeoutMs: 10_000, message: 'voucher published' },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await getPublicCalls()).toBe(before);
    const res = await send(
      bed,
      { qrCodeId, memberIds: members.map((m) => m.id), channels: ['email'] },
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await sendDone(res.body.sendId);
    await waitFor(async () => (await published()) === 3, { timeoutMs: 10_000, message: 'copies published' });
    // The gateway hears the published events at once; give it a moment to have handled them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await getPublicCalls()).toBe(before);
  });
});

describe('deliveries and re-send', () => {
  it('pages by keyset, re-sends a failed mail once per key, refuses a re-send of a sent one', async () => {
    const member = await createMember(bed, { consent: { email: { given: true } } });
    bed.smtp.refuseRecipients((address) => address === member.email);
    const first = await createVoucher(bed, partnerId, 'First');
    const second = await createVoucher(bed, partnerId, 'Second');
    for (const qrCodeId of [first, second]) {
      const res = await send(bed, { qrCodeId, memberIds: [member.id], channels: ['email'] });
      await sendDone(res.body.sendId);
    }
    const failed = await waitFor(
      async () => {
        const items = (await deliveriesOf(member.id)).items;
        return items.length === 2 && items.every((d) => d.status === 'failed') && items;
      },
      { timeoutMs: 20_000, message: 'both mails failed' },
    );
    expect(failed[0].reason).toMatch(/550/);
    expect(failed[0].address).toBe(member.email);
    const page1 = await deliveriesOf(member.id, '?limit=1');
    expect(page1.items).toHaveLength(1);
    const page2 = await deliveriesOf(member.id, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((d) => d.id)).not.toContain(page1.items[0].id);
    expect([...page1.items, ...page2.items].map((d) => d.id).sort()).toEqual(failed.map((d) => d.id).sort());
    expect(
      (await bed.h.api(`/api/members/${member.id}/deliveries?limit=0`, { token: bed.admin })).status,
    ).toBe(400);

    bed.smtp.refuseRecipients(undefined);
    const target = failed[0];
    const key = randomUUID();
    const resend = () =>
      bed.h.api(`/api/members/${member.id}/deliveries/${target.id}/resend`, {
        method: 'POST',
        token: bed.admin,
        headers: { 'idempotency-key': key },
      });
    const [r1, r2] = await Promise.all([resend(), resend()]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r2.body).toEqual(r1.body);
    expect(r1.body.status).toBe('queued');
    await bed.smtp.waitForMail((m) => m.recipients.includes(member.email!), { timeoutMs: 20_000 });
    await waitFor(
      async () => (await deliveriesOf(member.id)).items.find((d) => d.id === target.id)?.status === 'sent',
    );
    expect(bed.smtp.mailTo(member.email!)).toHaveLength(1);
    const sentAgain = await bed.h.api(`/api/members/${member.id}/deliveries/${target.id}/resend`, {
      method: 'POST',
      token: bed.admin,
    });
    expect(sentAgain.status).toBe(409);
    expect(sentAgain.body.message).toContain('Only a failed or bounced message is sent again');
    const unknown = await bed.h.api(`/api/members/${member.id}/deliveries/${randomUUID()}/resend`, {
      method: 'POST',
      token: bed.admin,
    });
    expect(unknown.status).toBe(404);
  });

  it('erasure scrubs the member’s addresses from their deliveries and outgoing messages', async () => {
    const member = await createMember(bed);
    const qrCodeId = await createVoucher(bed, partnerId);
    const res = await send(bed, { qrCodeId, memberIds: [member.id], channels: ['email', 'sms'] });
    await sendDone(res.body.sendId);
    expect(
      (await bed.h.api(`/api/members/${member.id}`, { method: 'DELETE', token: bed.admin })).status,
    ).toBe(200);
    const { rows } = await db.query(
      `select d.address, m.recipient as mail_to, s.recipient as sms_to, s.body
         from members.member_deliveries d
         left join members.outgoing_mail m on m.id = d.outgoing_id
         left join members.outgoing_sms s on s.id = d.outgoing_id
        where d.member_id = $1`,
      [member.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.address).toBeNull();
      expect([row.mail_to, row.sms_to].filter(Boolean)).toEqual(['erased']);
    }
    const leaks = await db.query(
      `select count(*)::int as n from members.outgoing_mail where recipient = $1 or params::text like $2`,
      [member.email, `%${member.email}%`],
    );
    expect(leaks.rows[0].n).toBe(0);
  });
});
