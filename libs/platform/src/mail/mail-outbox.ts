import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { Tx } from '../database/transactions';
import type { MailToRecord } from './mail-types';
import { OutgoingMailRepository } from './outgoing-mail.repository';

/** One line of text without control characters (a subject or header value can never inject a header). */
const line = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must be one line without control characters');

const mailToRecordSchema = z
  .object({
    idempotencyKey: line(300),
    to: z.string().email().max(254),
    subject: line(300),
    text: z.string().max(1_000_000).optional(),
    html: z.string().max(2_000_000).optional(),
    template: line(100).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    attachments: z
      .array(z.object({ kind: line(100), id: line(300) }))
      .max(20)
      .optional(),
    headers: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/, 'a header name'), line(2000))
      .optional(),
  })
  .refine((mail) => mail.text !== undefined || mail.html !== undefined || mail.template !== undefined, {
    message: 'a mail needs a text or HTML body, or a template',
  });

/** Rows one insert of recordMailBatch writes (a statement's JSON stays around a megabyte). */
const MAIL_BATCH_ROWS = 2000;

/**
 * How a service sends mail: `recordMail(tx, mail)` writes it into the service's outgoing_mail table in
 * the caller's transaction, so the mail exists exactly when the change that sends it committed. Once that
 * transaction commits, the mail relay queues its job at once (and its sweep catches whatever a lost
 * enqueue left behind); the mail worker sends it.
 */
@Injectable()
export class MailOutbox {
  /** Transactions that recorded a mail: their commit wakes the relay (MailWakeOnCommit). */
  private readonly recorded = new WeakSet<object>();

  constructor(private readonly mails: OutgoingMailRepository) {}

  /**
   * Records one mail in `tx`; recording the same idempotency key again changes nothing. Returns the id
   * of the key's mail, and whether this call recorded it. Throws on a malformed mail (a bug of the caller).
   */
  async recordMail(tx: Tx, mail: MailToRecord): Promise<{ id: string; recorded: boolean }> {
    const checked = mailToRecordSchema.parse(mail);
    const { id, inserted } = await this.mails.insertMail(tx, checked);
    if (inserted) this.recorded.add(tx);
    return { id, recorded: inserted };
  }

  /**
   * Records many mails in `tx` (a send to a whole list: one statement per 2,000), each under its own key
   * as recordMail does; the ids and keys of those this call recorded (keys already recorded are skipped).
   */
  async recordMailBatch(tx: Tx, batch: MailToRecord[]): Promise<{ id: string; idempotencyKey: string }[]> {
    const checked = batch.map((mail) => mailToRecordSchema.parse(mail));
    const recorded: { id: string; idempotencyKey: string }[] = [];
    for (let at = 0; at < checked.length; at += MAIL_BATCH_ROWS)
      recorded.push(...(await this.mails.insertMailBatch(tx, checked.slice(at, at + MAIL_BATCH_ROWS))));
    if (recorded.length) this.recorded.add(tx);
    return recorded;
  }

  /**
   * Sends a failed mail again (an administrator's "re-send"): back to queued with its attempts kept, its
   * job queued after `tx` commits. Whether it was failed (a sent or queued mail is left as it is).
   */
  async retryFailedMail(tx: Tx, id: string): Promise<boolean> {
    const retried = await this.mails.requeueFailedMail(tx, id);
    if (retried) this.recorded.add(tx);
    return retried;
  }

  /** Whether `em` (a transaction's entity manager, as commit events carry it) recorded a mail. */
  recordedMailIn(em: object): boolean {
    return this.recorded.has(em);
  }
}
