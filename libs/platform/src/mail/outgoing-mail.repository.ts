import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { executeBound } from '../database/bound-statement';
import { pgArray } from '../database/sql-clause';
import type { Tx } from '../database/transactions';
import { DeliveryStateTable } from '../delivery/delivery-state.repository';
import type { MailAttachmentRef, MailToRecord, OutgoingMail } from './mail-types';

interface MailRow {
  id: string;
  idempotency_key: string;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  template: string | null;
  params: Record<string, unknown> | null;
  attachments: MailAttachmentRef[];
  headers: Record<string, string> | null;
  status: OutgoingMail['status'];
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, idempotency_key, recipient, subject, text_body, html_body, template, params, attachments,
  headers, status, attempts, last_error, message_id, sent_at, created_at, updated_at`;

const toMail = (row: MailRow): OutgoingMail => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  recipient: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  template: row.template,
  params: row.params,
  attachments: row.attachments,
  headers: row.headers,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  messageId: row.message_id,
  sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The outgoing_mail table (OUTGOING_MAIL_TABLE_SQL) of the service that sends. */
@Injectable()
export class OutgoingMailRepository {
  /** The delivery columns' statements, shared with SMS (decision 317). */
  readonly deliveryState: DeliveryStateTable;

  constructor(orm: MikroORM) {
    this.deliveryState = new DeliveryStateTable(orm, 'outgoing_mail', COLUMNS);
  }

  /**
   * Inserts the mail in the caller's transaction unless its idempotency key is there already (then
   * nothing changes); the id of the key's row either way, and whether this call inserted it.
   */
  async insertMail(tx: Tx, mail: MailToRecord): Promise<{ id: string; inserted: boolean }> {
    return this.deliveryState.insertOnce(tx, mail.idempotencyKey, {
      sql: `insert into outgoing_mail (id, idempotency_key, recipient, subject, text_body, html_body, template,
                                       params, attachments, headers)
            values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb)
            on conflict (idempotency_key) do nothing
            returning id`,
      params: [
        randomUUID(),
        mail.idempotencyKey,
        mail.to,
        mail.subject,
        mail.text ?? null,
        mail.html ?? null,
        mail.template ?? null,
        mail.params ? JSON.stringify(mail.params) : null,
        JSON.stringify(mail.attachments ?? []),
        mail.headers ? JSON.stringify(mail.headers) : null,
      ],
    });
  }

  /**
   * Inserts many mails in `tx` in one statement (a send to a whole list), skipping keys already there
   * or repeated; the ids and keys of the rows this call inserted.
   */
  async insertMailBatch(tx: Tx, batch: MailToRecord[]): Promise<{ id: string; idempotencyKey: string }[]> {
    if (!batch.length) return [];
    // The batch's JSON as a parameter, not formatted into the text (executeBound, decision 346).
    const rows = await executeBound<{ id: string; idempotency_key: string }>(
      tx,
      `insert into outgoing_mail (id, idempotency_key, recipient, subject, text_body, html_body, template,
                                  params, attachments, headers)
       select gen_random_uuid(), k, r, s, t, h, tp, p, coalesce(a, '[]'::jsonb), hd
         from jsonb_to_recordset(?::jsonb)
           as m(k text, r text, s text, t text, h text, tp text, p jsonb, a jsonb, hd jsonb)
       on conflict (idempotency_key) do nothing
       returning id, idempotency_key`,
      [
        JSON.stringify(
          batch.map((mail) => ({
            k: mail.idempotencyKey,
            r: mail.to,
            s: mail.subject,
            t: mail.text ?? null,
            h: mail.html ?? null,
            tp: mail.template ?? null,
            p: mail.params ?? null,
            a: mail.attachments ?? [],
            hd: mail.headers ?? null,
          })),
        ),
      ],
    );
    return rows.map((row) => ({ id: row.id, idempotencyKey: row.idempotency_key }));
  }

  /**
   * An erased recipient's mails (by id, in `tx`): the address and the template's parameters replaced,
   * and one still queued failed, so nothing is sent to, or kept about, them.
   */
  async scrubMail(tx: Tx, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await tx.getConnection().execute(
      `update outgoing_mail
          set recipient = 'erased', params = null, text_body = null, html_body = null,
              template = coalesce(template, 'erased'), headers = null,
              status = case when status = 'queued' then 'failed' else status end,
              last_error = case when status = 'queued' then 'The recipient was erased' else last_error end,
              updated_at = now()
        where id = any(?::uuid[])`,
      [pgArray(ids)],
      'run',
      tx.getTransactionContext(),
    );
  }

  async findMail(id: string): Promise<OutgoingMail | null> {
    const row = await this.deliveryState.rowById<MailRow>(id);
    return row ? toMail(row) : null;
  }

  async findMailByKey(idempotencyKey: string): Promise<OutgoingMail | null> {
    const row = await this.deliveryState.rowByKey<MailRow>(idempotencyKey);
    return row ? toMail(row) : null;
  }

  /**
   * The mails whose idempotency key starts with `prefix` (e.g. `statement:<id>:`: every mail of a
   * statement, for its admin screen), oldest first, at most `limit`.
   */
  async listMailByKeyPrefix(prefix: string, limit = 500): Promise<OutgoingMail[]> {
    return (await this.deliveryState.rowsByKeyPrefix<MailRow>(prefix, limit)).map(toMail);
  }

  /**
   * The failed mails whose key starts with `prefix`, in key order after `afterKey`, at most `limit`
   * (outgoing_mail_failed_idx): a bulk re-send's page.
   */
  async listFailedMailByKeyPrefix(
    prefix: string,
    afterKey: string | null,
    limit: number,
  ): Promise<OutgoingMail[]> {
    return (await this.deliveryState.failedRowsByKeyPrefix<MailRow>(prefix, afterKey, limit)).map(toMail);
  }

  /** The mail went out (only a queued one changes). */
  async markMailSent(id: string, messageId: string | null): Promise<void> {
    await this.deliveryState.markSent(id, { message_id: messageId });
  }

  /** One attempt failed: `failed` when it was the last, otherwise it stays queued for the retry. */
  async markMailAttemptFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.deliveryState.markAttemptFailed(id, error, final);
  }

  /** A failed mail back to queued in `tx` (its relay queues a new job at once), whether it was failed. */
  async requeueFailedMail(tx: Tx, id: string): Promise<boolean> {
    return this.deliveryState.requeueFailed(tx, id);
  }
}
