import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './support/audit-entries';
import { createMember, startSendBed, type SendBed } from './support/member-sends';

// Issue 41: what members and Twilio send back: STOP from a member's number, forged webhooks, and the
// unsubscribe link's page and refusals (the one-click withdrawal itself is in member-sends.test.ts,
// where a real mail carries the link).
let bed: SendBed;
let db: pg.Client;

beforeAll(async () => {
  bed = await startSendBed();
  db = await connectDatabase(bed.h);
}, 120_000);
afterAll(async () => {
  await db?.end();
  await bed?.close();
});

const inboundUrl = () => `${bed.publicUrl}/api/webhooks/twilio/inbound`;
const statusUrl = () => `${bed.publicUrl}/api/webhooks/twilio/status`;

async function consentOf(id: string) {
  const { rows } = await db.query(
    'select sms_consent, sms_consent_source, email_consent, email_consent_source from members.members where id = $1',
    [id],
  );
  return rows[0];
}
const withdrawals = async (id: string) =>
  (
    await db.query(
      `select changes from members.audit_entries where action = 'members.consent.withdrawn' and target_id = $1`,
      [id],
    )
  ).rows;

describe('SMS replies (POST /api/webhooks/twilio/inbound)', () => {
  it('STOP from a member’s number withdraws their SMS consent (sms-stop), audited once, answered <Response/>', async () => {
    const member = await createMember(bed);
    const res = await fetch(inboundUrl(), { method: 'POST' }); // unsigned, empty: refused
    expect(res.status).toBe(403);
    expect(
      await bed.twilio.sendInbound(inboundUrl(), { from: member.phone!, to: bed.from, body: 'STOP' }),
    ).toBe(200);
    expect(await consentOf(member.id)).toMatchObject({
      sms_consent: false,
      sms_consent_source: 'sms-stop',
      email_consent: true,
    });
    // A second STOP changes nothing more.
    expect(
      await bed.twilio.sendInbound(inboundUrl(), { from: member.phone!, to: bed.from, body: 'stop' }),
    ).toBe(200);
    const entries = await withdrawals(member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toMatchObject({
      'consent.sms': { before: true, after: false },
      source: { after: 'sms-stop' },
    });
    const history = await db.query(
      `select given, source from members.member_consents where member_id = $1 and channel = 'sms' order by id`,
      [member.id],
    );
    expect(history.rows).toEqual([
      { given: true, source: 'form' },
      { given: false, source: 'sms-stop' },
    ]);
  });

  it('STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT withdraw it too; another reply does not', async () => {
    for (const word of ['STOPALL', 'UNSUBSCRIBE', 'Cancel', 'end', 'QUIT']) {
      const member = await createMember(bed);
      expect(
        await bed.twilio.sendInbound(inboundUrl(), { from: member.phone!, to: bed.from, body: word }),
      ).toBe(200);
      expect((await consentOf(member.id)).sms_consent, word).toBe(false);
    }
    const member = await createMember(bed);
    expect(
      await bed.twilio.sendInbound(inboundUrl(), { from: member.phone!, to: bed.from, body: 'Thanks!' }),
    ).toBe(200);
    expect((await consentOf(member.id)).sms_consent).toBe(true);
  });

  it('the answer is TwiML: <Response/> as text/xml', async () => {
    const member = await createMember(bed);
    const { twilioSignature } = await import('@avpass/platform');
    const params = { MessageSid: `SM${'a'.repeat(32)}`, From: member.phone!, To: bed.from, Body: 'hello' };
    const res = await fetch(inboundUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(bed.twilio.authToken, inboundUrl(), params),
      },
      body: new URLSearchParams(params),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toContain('<Response/>');
  });

  it('a forged signature, or one made for another URL (the Host header is not believed), is a 403 that changes nothing', async () => {
    const member = await createMember(bed);
    const forged = await bed.twilio.sendInbound(inboundUrl(), {
      from: member.phone!,
      to: bed.from,
      body: 'STOP',
      signature: 'Zm9yZ2Vk',
    });
    expect(forged).toBe(403);
    // Signed for the URL the request names in Host (not PUBLIC_URL): still refused.
    const { twilioSignature } = await import('@avpass/platform');
    const params = { MessageSid: `SM${'b'.repeat(32)}`, From: member.phone!, To: bed.from, Body: 'STOP' };
    const hostUrl = 'http://evil.example/api/webhooks/twilio/inbound';
    const res = await fetch(inboundUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(bed.twilio.authToken, hostUrl, params),
        'x-forwarded-host': 'evil.example',
      },
      body: new URLSearchParams(params),
    });
    expect(res.status).toBe(403);
    expect((await consentOf(member.id)).sms_consent).toBe(true);
    expect(await withdrawals(member.id)).toHaveLength(0);
  });
});

describe('status callbacks (POST /api/webhooks/twilio/status)', () => {
  it('a forged callback is a 403; a signed one for a message we never sent is answered and ignored', async () => {
    const sid = `SM${'c'.repeat(32)}`;
    expect(
      await bed.twilio.sendStatusCallback(sid, 'delivered', { url: statusUrl(), signature: 'bm8=' }),
    ).toBe(403);
    expect(await bed.twilio.sendStatusCallback(sid, 'delivered', { url: statusUrl() })).toBe(200);
  });
});

describe('the unsubscribe link', () => {
  it('GET shows a small page whose button posts the one-click form, and changes nothing', async () => {
    const token = 'A'.repeat(44);
    const res = await fetch(`${bed.publicUrl}/api/members/unsubscribe?token=${token}&lang=es`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<button type="submit">Cancelar la suscripción</button>');
    expect(html).toContain(`<form method="post" action="/api/members/unsubscribe?token=${token}&lang=es">`);
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
  });

  it('a link without a token, or with one that is not ours, is refused (404 page, or JSON for a mail client)', async () => {
    expect((await fetch(`${bed.publicUrl}/api/members/unsubscribe`)).status).toBe(404);
    const oneClick = (token: string, accept = '*/*') =>
      fetch(`${bed.publicUrl}/api/members/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
        body: 'List-Unsubscribe=One-Click',
      });
    const forged = await oneClick(Buffer.from(randomUUID()).toString('base64url').slice(0, 44));
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ message: 'Unsubscribe link not found' });
    const page = await oneClick('A'.repeat(44), 'text/html');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('not valid');
    const missing = await fetch(`${bed.publicUrl}/api/members/unsubscribe`, { method: 'POST' });
    expect(missing.status).toBe(400);
  });
});
