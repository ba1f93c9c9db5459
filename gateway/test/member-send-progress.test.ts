import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './support/audit-entries';
import { createPartnerWithUser } from './support/harness';
import { createMember, createVoucher, send, startSendBed, type SendBed } from './support/member-sends';

// Issue 41, decision 340: a send's source is checked before the send is recorded (404 / 409 at once,
// not a failure in the background), and GET /api/members/sends/{sendId} says how far a send has got.
let bed: SendBed;
let db: pg.Client;
let partner: string;
let partnerId: string;

beforeAll(async () => {
  bed = await startSendBed();
  db = await connectDatabase(bed.h);
  const till = await createPartnerWithUser(bed.h, 'Progress Till');
  partner = till.token;
  partnerId = till.companyId;
}, 300_000);
afterAll(async () => {
  await db?.end();
  await bed?.close();
});

const sendsCount = async () =>
  Number((await db.query('select count(*) as n from members.member_sends')).rows[0].n);
const progress = (sendId: string, token: string | null = bed.admin) =>
  bed.h.api(`/api/members/sends/${sendId}`, { token });

describe('POST /api/members/send checks its voucher or batch before it records anything', () => {
  it('an unknown voucher or batch is a 404, and no send is recorded', async () => {
    const m = await createMember(bed);
    const before = await sendsCount();
    const voucher = await send(
      bed,
      { qrCodeId: randomUUID(), memberIds: [m.id], channels: ['email'] },
      randomUUID(),
    );
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(404);
    expect(voucher.body.message).toBe('QR code not found');
    const batch = await send(bed, { batchId: randomUUID(), tag: 'coach', channels: ['email'] }, randomUUID());
    expect(batch.status, JSON.stringify(batch.body)).toBe(404);
    expect(batch.body.message).toBe('Batch not found');
    expect(await sendsCount()).toBe(before);
  });

  it('an expired, inactive or used-up voucher is a 409 in the redeem’s words', async () => {
    const m = await createMember(bed);
    const expired = await createVoucher(bed, partnerId, 'Expired shoes');
    await db.query(`update vouchers.qr_codes set expiration_date = '2001-01-01' where id = $1`, [expired]);
    const inactive = await createVoucher(bed, partnerId, 'Inactive shoes');
    await db.query('update vouchers.qr_codes set is_active = false where id = $1', [inactive]);
    const usedUp = await createVoucher(bed, partnerId, 'Used shoes');
    expect((await bed.h.api(`/api/redeem/${usedUp}`, { method: 'POST', json: {} })).status).toBe(200);
    const before = await sendsCount();
    const cases: [string, string][] = [
      [expired, 'This voucher has expired.'],
      [inactive, 'This voucher is no longer active.'],
      [usedUp, 'This voucher has already been used the maximum number of times.'],
    ];
    for (const [qrCodeId, message] of cases) {
      const key = randomUUID();
      const res = await send(bed, { qrCodeId, memberIds: [m.id], channels: ['email'] }, key);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect(await sendsCount()).toBe(before);
  });

  it('a refusal keeps no key: the same key sends once the voucher is usable again', async () => {
    const m = await createMember(bed);
    const qrCodeId = await createVoucher(bed, partnerId, 'Paused shoes');
    await db.query('update vouchers.qr_codes set is_active = false where id = $1', [qrCodeId]);
    const key = randomUUID();
    const body = { qrCodeId, memberIds: [m.id], channels: ['email'] };
    expect((await send(bed, body, key)).status).toBe(409);
    await db.query('update vouchers.qr_codes set is_active = true where id = $1', [qrCodeId]);
    const res = await send(bed, body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ members: 1, queued: 1 });
  });
});

describe('GET /api/members/sends/{sendId}', () => {
  it('anonymous is 401, a partner 403, an unknown send 404, a malformed id 400', async () => {
    const id = randomUUID();
    expect((await progress(id, null)).status).toBe(401);
    expect((await progress(id, partner)).status).toBe(403);
    const unknown = await progress(id);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Send not found');
    const malformed = await progress('not-a-send');
    expect(malformed.status).toBe(400);
  });

  it('follows a send from its request to every message sent, and the failures', async () => {
    const ana = await createMember(bed, { firstName: 'Ana' });
    const bob = await createMember(bed, { firstName: 'Bob' });
    const noConsent = await createMember(bed, {
      consent: { email: { given: false }, sms: { given: false } },
    });
    bed.twilio.refuseNumber(bob.phone!);
    const qrCodeId = await createVoucher(bed, partnerId, 'Progress shoes');
    const res = await send(
      bed,
      { qrCodeId, memberIds: [ana.id, bob.id, noConsent.id], channels: ['email', 'sms'] },
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { sendId } = res.body as { sendId: string };

    const first = await progress(sendId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      sendId,
      members: 3,
      queued: 4,
      skipped: { email: 1, sms: 1 },
      refused: 0,
      reason: null,
    });
    expect(['expanding', 'done']).toContain(first.body.status);

    const final = await waitFor(
      async () => {
        const now = await progress(sendId);
        return now.body.status === 'done' && now.body.pending === 0 ? now.body : null;
      },
      { timeoutMs: 30_000, message: 'the send finished' },
    );
    expect(final).toMatchObject({ recorded: 4, sent: 3, failed: 1, pending: 0, status: 'done' });
    expect(final.finishedAt).not.toBeNull();
    // The figures are the send's tally (members migration 0006), which is its deliveries by state.
    const counted = await db.query(
      `select count(*) filter (where coalesce(m.status, s.status) = 'queued')::int as queued,
              count(*) filter (where coalesce(m.status, s.status) in ('sent', 'delivered'))::int as sent,
              count(*) filter (where coalesce(m.status, s.status) = 'failed')::int as failed
         from members.member_deliveries d
         left join members.outgoing_mail m on d.channel = 'email' and m.id = d.outgoing_id
         left join members.outgoing_sms s on d.channel = 'sms' and s.id = d.outgoing_id
        where d.send_id = $1`,
      [sendId],
    );
    expect(counted.rows[0]).toEqual({ queued: 0, sent: final.sent, failed: final.failed });
    const tally = await db.query(
      `select sum(queued)::int as queued, sum(sent + delivered)::int as sent, sum(failed)::int as failed
         from members.member_send_tallies where send_id = $1`,
      [sendId],
    );
    expect(tally.rows[0]).toEqual(counted.rows[0]);
  });
});
