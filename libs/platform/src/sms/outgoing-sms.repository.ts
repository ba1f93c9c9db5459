import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { executeBound } from '../database/bound-statement';
import { pgArray } from '../database/sql-clause';
import type { Tx } from '../database/transactions';
import { deliveryReason, DeliveryStateTable } from '../delivery/delivery-state.repository';
import type { OutgoingSms, SmsToRecord } from './sms-types';

interface SmsRow {
  id: string;
  idempotency_key: string;
  recipient: string;
  body: string;
  status: OutgoingSms['status'];
  attempts: number;
  last_error: string | null;
  error_code: number | null;
  provider_id: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, idempotency_key, recipient, body, status, attempts, last_error, error_code, provider_id,
  sent_at, delivered_at, created_at, updated_at`;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const toSms = (row: SmsRow): OutgoingSms => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  recipient: row.recipient,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  errorCode: row.error_code,
  providerId: row.provider_id,
  sentAt: iso(row.sent_at),
  deliveredAt: iso(row.delivered_at),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The outgoing_sms table (OUTGOING_SMS_TABLE_SQL) of the service that sends. */
@Injectable()
export class OutgoingSmsRepository {
  /** The delivery columns' statements, shared with mail (decision 317). */
  readonly deliveryState: DeliveryStateTable;

  constructor(private readonly orm: MikroORM) {
    this.deliveryState = new DeliveryStateTable(orm, 'outgoing_sms', COLUMNS);
  }

  /** Inserts the SMS in `tx` unless its key is there already; the key's id, and whether this call inserted it. */
  async insertSms(tx: Tx, sms: SmsToRecord): Promise<{ id: string; inserted: boolean }> {
    return this.deliveryState.insertOnce(tx, sms.idempotencyKey, {
      sql: `insert into outgoing_sms (id, idempotency_key, recipient, body) values (?, ?, ?, ?)
            on conflict (idempotency_key) do nothing returning id`,
      params: [randomUUID(), sms.idempotencyKey, sms.to, sms.body],
    });
  }

  /**
   * Inserts many SMS in `tx` in one statement (a send to every member of a list), skipping keys already
   * there or repeated; the ids and keys of the rows this call inserted.
   */
  async insertSmsBatch(tx: Tx, batch: SmsToRecord[]): Promise<{ id: string; idempotencyKey: string }[]> {
    if (!batch.length) return [];
    // The batch's JSON as a parameter, not formatted into the text (executeBound, decision 346).
    const rows = await executeBound<{ id: string; idempotency_key: string }>(
      tx,
      `insert into outgoing_sms (id, idempotency_key, recipient, body)
       select gen_random_uuid(), k, r, b from jsonb_to_recordset(?::jsonb) as t(k text, r text, b text)
       on conflict (idempotency_key) do nothing
       returning id, idempotency_key`,
      [JSON.stringify(batch.map((sms) => ({ k: sms.idempotencyKey, r: sms.to, b: sms.body })))],
    );
    return rows.map((row) => ({ id: row.id, idempotencyKey: row.idempotency_key }));
  }

  /** An erased recipient's SMS (by id, in `tx`): number and text replaced, one still queued failed. */
  async scrubSms(tx: Tx, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await tx.getConnection().execute(
      `update outgoing_sms
          set recipient = 'erased', body = 'erased',
              status = case when status = 'queued' then 'failed' else status end,
              last_error = case when status = 'queued' then 'The recipient was erased' else last_error end,
              updated_at = now()
        where id = any(?::uuid[])`,
      [pgArray(ids)],
      'run',
      tx.getTransactionContext(),
    );
  }

  async findSms(id: string): Promise<OutgoingSms | null> {
    const row = await this.deliveryState.rowById<SmsRow>(id);
    return row ? toSms(row) : null;
  }

  async findSmsByKey(idempotencyKey: string): Promise<OutgoingSms | null> {
    const row = await this.deliveryState.rowByKey<SmsRow>(idempotencyKey);
    return row ? toSms(row) : null;
  }

  /** The SMS whose key starts with `prefix`, in key order, at most `limit` (a delivery screen). */
  async listSmsByKeyPrefix(prefix: string, limit = 500): Promise<OutgoingSms[]> {
    return (await this.deliveryState.rowsByKeyPrefix<SmsRow>(prefix, limit)).map(toSms);
  }

  /** The failed SMS whose key starts with `prefix`, after `afterKey`, at most `limit`: a bulk re-send's page. */
  async listFailedSmsByKeyPrefix(
    prefix: string,
    afterKey: string | null,
    limit: number,
  ): Promise<OutgoingSms[]> {
    return (await this.deliveryState.failedRowsByKeyPrefix<SmsRow>(prefix, afterKey, limit)).map(toSms);
  }

  /** The provider took it (only a queued one changes). */
  async markSmsSent(id: string, providerId: string | null): Promise<void> {
    await this.deliveryState.markSent(id, { provider_id: providerId, error_code: null });
  }

  /** One attempt failed (`failed` when it was the last), with the provider's code when it gave one. */
  async markSmsAttemptFailed(
    id: string,
    error: string,
    final: boolean,
    errorCode: number | null,
  ): Promise<void> {
    await this.deliveryState.markAttemptFailed(id, error, final, { error_code: errorCode });
  }

  /** A failed SMS back to queued in `tx` (its relay queues a new job at once), whether it was failed. */
  async requeueFailedSms(tx: Tx, id: string): Promise<boolean> {
    return this.deliveryState.requeueFailed(tx, id);
  }

  /**
   * What the provider's status callback says of a sent SMS: `delivered`, or `failed` with the reason and
   * code. Only a `sent` row moves (a late or repeated callback changes nothing); whether it moved.
   */
  async markSmsOutcome(
    providerId: string,
    outcome: { status: 'delivered' } | { status: 'failed'; reason: string; errorCode: number | null },
  ): Promise<boolean> {
    const failed = outcome.status === 'failed';
    const rows: { id: string }[] = await this.orm.em.getConnection().execute(
      `update outgoing_sms
          set status = ?, delivered_at = case when ? then null else now() end,
              last_error = ?, error_code = ?, updated_at = now()
        where provider_id = ? and status = 'sent'
        returning id`,
      [
        outcome.status,
        failed,
        failed ? deliveryReason(outcome.reason) : null,
        failed ? outcome.errorCode : null,
        providerId,
      ],
      'all',
    );
    return rows.length > 0;
  }
}
