import { RPC, type SendChannel } from '@avpass/contracts';
import { MailOutbox, OutgoingMailRepository, OutgoingSmsRepository, Transactions } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveriesRepository, type NewDelivery } from '../src/sends/deliveries.repository';
import { deliveryKey } from '../src/sends/send-messages';
import { SEND_TALLY_MISMATCHES_SQL } from '../src/sends/send-tallies-sql.repository';
import { startServices, type Services } from './support/services';

// A send's progress reads member_send_tallies (members migration 0006), which the statements that
// record, send, fail, re-send, cancel and delete its messages move by their triggers: after each of
// these, and with many messages moving at once, the tally is the deliveries counted by state (what
// `npm run stats:rebuild` checks, SEND_TALLY_MISMATCHES_SQL), and the progress figures say it.
// The mail worker runs against an SMTP port nobody listens on, with 50 attempts 10 minutes apart:
// its failed attempts leave a message queued, so only this test moves a message's state.
let s: Services;
let tx: Transactions;
let mail: MailOutbox;
let mails: OutgoingMailRepository;
let sms: OutgoingSmsRepository;
let deliveries: DeliveriesRepository;

beforeAll(async () => {
  s = await startServices({
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_JOB_ATTEMPTS: '50',
    MAIL_JOB_BACKOFF_MS: '600000',
  });
  const app = s.apps[0]!;
  tx = app.get(Transactions, { strict: false });
  mail = app.get(MailOutbox, { strict: false });
  mails = app.get(OutgoingMailRepository, { strict: false });
  sms = app.get(OutgoingSmsRepository, { strict: false });
  deliveries = app.get(DeliveriesRepository, { strict: false });
}, 60_000);
afterAll(async () => s?.close());

interface Recorded {
  sendId: string;
  /** Per delivery: its member, channel and outgoing row. */
  messages: { id: string; memberId: string; channel: SendChannel; outgoingId: string }[];
}

let counter = 0;
/**
 * A send to `size` new members on `channels`, recorded as the expander records a page: its mails and
 * SMS and their deliveries in one transaction. The send row is recorded done, so no expander takes it.
 */
async function recordSend(size: number, channels: SendChannel[]): Promise<Recorded> {
  const members: { id: string; email: string; phone: string }[] = [];
  for (let i = 0; i < size; i++) {
    counter += 1;
    const m = await s.call(RPC.members.create, {
      firstName: `Tally${counter}`,
      email: `tally${counter}@example.com`,
      phone: `+346${String(10_000_000 + counter).slice(-8)}`,
      consent: { email: { given: true }, sms: { given: true } },
    } as never);
    members.push({ id: m.id, email: m.email!, phone: m.phone! });
  }
  const sendId = randomUUID();
  const sourceId = randomUUID();
  await s.sql.query(
    `insert into members.member_sends (id, source_kind, source_id, member_ids, channels, status)
     values ($1, 'voucher', $2, $3::uuid[], $4::text[], 'done')`,
    [sendId, sourceId, members.map((m) => m.id), channels],
  );
  return tx.runApart(async (t) => {
    const keyed = new Map<string, string>();
    if (channels.includes('email')) {
      const recorded = await mail.recordMailBatch(
        t,
        members.map((m) => ({
          idempotencyKey: deliveryKey(sourceId, m.id, 'email'),
          to: m.email,
          subject: 'Your voucher',
          text: 'A voucher for you',
        })),
      );
      for (const r of recorded) keyed.set(r.idempotencyKey, r.id);
    }
    if (channels.includes('sms')) {
      const recorded = await sms.insertSmsBatch(
        t,
        members.map((m) => ({
          idempotencyKey: deliveryKey(sourceId, m.id, 'sms'),
          to: m.phone,
          body: 'A voucher for you',
        })),
      );
      for (const r of recorded) keyed.set(r.idempotencyKey, r.id);
    }
    const rows: NewDelivery[] = members.flatMap((m) =>
      channels.map((channel) => ({
        id: randomUUID(),
        sendId,
        memberId: m.id,
        sourceId,
        channel,
        qrCodeId: randomUUID(),
        publicId: `P${counter}${m.id.slice(0, 6)}${channel}`,
        address: channel === 'email' ? m.email : m.phone,
        outgoingId: keyed.get(deliveryKey(sourceId, m.id, channel))!,
      })),
    );
    expect(await deliveries.insertDeliveries(t, rows)).toBe(rows.length);
    return {
      sendId,
      messages: rows.map((r) => ({
        id: r.id,
        memberId: r.memberId,
        channel: r.channel,
        outgoingId: r.outgoingId,
      })),
    };
  });
}

/** The progress figures of a send, as the polled route answers them. */
async function figures(sendId: string) {
  const p = await s.call(RPC.members.sendProgress, { id: sendId });
  return { recorded: p.recorded, pending: p.pending, sent: p.sent, delivered: p.delivered, failed: p.failed };
}

/** The sends whose tally disagrees with their rows (what stats:rebuild refuses). */
async function mismatches(): Promise<unknown[]> {
  await s.sql.query('begin');
  try {
    await s.sql.query('set local search_path = members');
    return (await s.sql.query(SEND_TALLY_MISMATCHES_SQL, [1000])).rows;
  } finally {
    await s.sql.query('commit');
  }
}

const failFinally = (id: string) => mails.markMailAttemptFailed(id, 'Mailbox unavailable', true);

describe("a send's progress is a tally moved with its messages", () => {
  it('queued, sent, failed, re-sent and delivered: up and down, always the rows', async () => {
    const send = await recordSend(3, ['email', 'sms']);
    expect(await figures(send.sendId)).toEqual({ recorded: 6, pending: 6, sent: 0, delivered: 0, failed: 0 });
    expect(await mismatches()).toEqual([]);

    const email = send.messages.filter((m) => m.channel === 'email');
    const texts = send.messages.filter((m) => m.channel === 'sms');
    await mails.markMailSent(email[0]!.outgoingId, '<a@example.com>');
    await failFinally(email[1]!.outgoingId);
    await sms.markSmsSent(texts[0]!.outgoingId, `SM${'a'.repeat(32)}`);
    await sms.markSmsSent(texts[1]!.outgoingId, `SM${'b'.repeat(32)}`);
    expect(await sms.markSmsOutcome(`SM${'a'.repeat(32)}`, { status: 'delivered' })).toBe(true);
    expect(
      await sms.markSmsOutcome(`SM${'b'.repeat(32)}`, {
        status: 'failed',
        reason: 'Twilio: undelivered',
        errorCode: 30003,
      }),
    ).toBe(true);
    // sent counts what the provider took (delivered included); two failed, two still queued.
    expect(await figures(send.sendId)).toEqual({ recorded: 6, pending: 2, sent: 2, delivered: 1, failed: 2 });
    expect(await mismatches()).toEqual([]);

    // A re-send of the failed mail: failed goes down, queued up again.
    const resent = await s.call(RPC.members.resend, {
      id: email[1]!.memberId,
      deliveryId: email[1]!.id,
      idempotencyKey: randomUUID(),
    } as never);
    expect(resent.status).toBe('queued');
    expect(await figures(send.sendId)).toEqual({ recorded: 6, pending: 3, sent: 2, delivered: 1, failed: 1 });
    expect(await mismatches()).toEqual([]);

    // A member erased: their queued messages fail (their sent ones stay as they were).
    await s.call(RPC.members.erase, { id: email[2]!.memberId });
    expect(await figures(send.sendId)).toEqual({ recorded: 6, pending: 1, sent: 2, delivered: 1, failed: 3 });
    expect(await mismatches()).toEqual([]);
  });

  it("a merge deletes the merged member's deliveries, and the tally gives them back", async () => {
    const send = await recordSend(2, ['email']);
    const [kept, merged] = send.messages;
    await mails.markMailSent(merged!.outgoingId, '<merged@example.com>');
    expect(await figures(send.sendId)).toMatchObject({ recorded: 2, pending: 1, sent: 1 });
    await s.call(RPC.members.merge, { id: kept!.memberId, from: merged!.memberId });
    expect(await figures(send.sendId)).toEqual({ recorded: 1, pending: 1, sent: 0, delivered: 0, failed: 0 });
    expect(await mismatches()).toEqual([]);
  });

  it('many messages of two sends moving at once keep both tallies exact', async () => {
    const [a, b] = await Promise.all([recordSend(20, ['email', 'sms']), recordSend(20, ['email', 'sms'])]);
    const moves: Promise<unknown>[] = [];
    const expected = new Map<string, { sent: number; failed: number; pending: number }>();
    for (const send of [a, b]) {
      let sent = 0;
      let failed = 0;
      // Of each member's pair: a third of the mails fail, the rest are sent; every other SMS is sent.
      send.messages.forEach((m, i) => {
        const member = Math.floor(i / 2);
        if (m.channel === 'email' && member % 3 === 0) {
          moves.push(failFinally(m.outgoingId));
          failed += 1;
        } else if (m.channel === 'email') {
          moves.push(mails.markMailSent(m.outgoingId, `<${m.id}@example.com>`));
          sent += 1;
        } else if (member % 2 === 0) {
          moves.push(sms.markSmsSent(m.outgoingId, `SM${m.id.replace(/-/g, '')}`));
          sent += 1;
        }
      });
      expected.set(send.sendId, { sent, failed, pending: send.messages.length - sent - failed });
    }
    // And the same rows moved twice at once: only one move of each counts.
    for (const m of a.messages.filter((x) => x.channel === 'email').slice(0, 5))
      moves.push(mails.markMailSent(m.outgoingId, '<again@example.com>'), failFinally(m.outgoingId));
    await Promise.all(moves);
    expect(await mismatches()).toEqual([]);
    for (const send of [a, b]) {
      const now = await figures(send.sendId);
      expect(now.recorded).toBe(40);
      if (send === b) expect(now).toMatchObject(expected.get(send.sendId)!);
      expect(now.pending + now.sent + now.failed).toBe(40);
    }
  });

  it('a tally set wrong behind the service is what the rebuild check names', async () => {
    const send = await recordSend(1, ['email']);
    await s.sql.query(
      'update members.member_send_tallies set queued = queued + 1 where send_id = $1 and queued > 0',
      [send.sendId],
    );
    expect(await mismatches()).toEqual([
      {
        sendId: send.sendId,
        tallied: { queued: 2, sent: 0, delivered: 0, failed: 0 },
        counted: { queued: 1, sent: 0, delivered: 0, failed: 0 },
      },
    ]);
    await s.sql.query('update members.member_send_tallies set queued = queued - 1 where send_id = $1', [
      send.sendId,
    ]);
    // Put back, it agrees again.
    expect(await mismatches()).toEqual([]);
  });
});
