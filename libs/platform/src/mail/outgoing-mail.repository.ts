import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
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

/** `like` pattern for "starts with `prefix`" (its %, _ and \ taken literally). */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The outgoing_mail table (OUTGOING_MAIL_TABLE_SQL) of the service that sends. */
@Injectable()
export class OutgoingMailRepository {
  /** The delivery columns' statements, shared with SMS (decision 317). */
  readonly deliveryState: DeliveryStateTable;

  constructor(private readonly orm: MikroORM) {
    this.deliveryState = new DeliveryStateTable(orm, 'outgoing_mail');
  }

  /**
   * Inserts the mail in the caller's transaction unless its idempotency key is there already (then
   * nothing changes); the id of the key's row either way, and whether this call inserted it.
   */
  async insertMail(tx: Tx, mail: MailToRecord): Promise<{ id: string; inserted: boolean }> {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const inserted: { id: string }[] = await conn.execute(
      `insert into outgoing_mail (id, idempotency_key, recipient, subject, text_body, html_body, template,
                                  params, attachments, headers)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb)
       on conflict (idempotency_key) do nothing
       returning id`,
      [
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
      'all',
      ctx,
    );
    if (inserted[0]) return { id: inserted[0].id, inserted: true };
    const existing: { id: string }[] = await conn.execute(
      'select id from outgoing_mail where idempotency_key = ?',
      [mail.idempotencyKey],
      'all',
      ctx,
    );
    return { id: existing[0]!.id, inserted: false };
  }

  /**
   * Inserts many mails in `tx` in one statement (a send to a whole list), skipping keys already there
   * or repeated; the ids and keys of the rows this call inserted.
   */
  async insertMailBatch(tx: Tx, batch: MailToRecord[]): Promise<{ id: string; idempotencyKey: string }[]> {
    if (!batch.length) return [];
    const rows: { id: string; idempotency_key: string }[] = await tx.getConnection().execute(
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
      'all',
      tx.getTransactionContext(),
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
    const rows: MailRow[] = await this.orm.em
      .getConnection()
      .execute(`select ${COLUMNS} from outgoing_mail where id = ?`, [id], 'all');
    return rows[0] ? toMail(rows[0]) : null;
  }

  async findMailByKey(idempotencyKey: string): Promise<OutgoingMail | null> {
    const rows: MailRow[] = await this.orm.em
      .getConnection()
      .execute(`select ${COLUMNS} from outgoing_mail where idempotency_key = ?`, [idempotencyKey], 'all');
    return rows[0] ? toMail(rows[0]) : null;
  }

  /**
   * The mails whose idempotency key starts with `prefix` (e.g. `statement:<id>:`: every mail of a
   * statement, for its admin screen), oldest first, at most `limit`.
   */
  async listMailByKeyPrefix(prefix: string, limit = 500): Promise<OutgoingMail[]> {
    const rows: MailRow[] = await this.orm.em
      .getConnection()
      .execute(
        `select ${COLUMNS} from outgoing_mail where idempotency_key like ? order by idempotency_key limit ?`,
        [startsWith(prefix), limit],
        'all',
      );
    return rows.map(toMail);
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
    const rows: MailRow[] = await this.orm.em.getConnection().execute(
      `select ${COLUMNS} from outgoing_mail
        where status = 'failed' and idempotency_key like ? and idempotency_key > ?
        order by idempotency_key limit ?`,
      [startsWith(prefix), afterKey ?? '', limit],
      'all',
    );
    return rows.map(toMail);
  }

  /** The mail went out (only a queued one changes). */
  async markMailSent(id: string, messageId: string | null): Promise<void> {
    await this.orm.em.getConnection().execute(
      `update outgoing_mail
          set status = 'sent', attempts = attempts + 1, message_id = ?, sent_at = now(), last_error = null,
              updated_at = now()
        where id = ? and status = 'queued'`,
      [messageId, id],
      'run',
    );
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
