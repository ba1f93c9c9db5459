import { MikroORM } from '@mikro-orm/core';
import type { Tx } from '../database/transactions';
import { pgArray } from '../database/sql-clause';

/** A reason kept short enough for a screen and a log line. */
export const deliveryReason = (text: string) => text.slice(0, 1000);

/** `like` pattern for "starts with `prefix`" (its %, _ and \ taken literally). */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The delivery state every outgoing-message table shares (outgoing_mail, outgoing_sms): `id`, a unique
 * `idempotency_key`, `status` starting at 'queued', `attempts`, `last_error`, `sent_at`, `enqueued_at`
 * (when its job was last queued), `updated_at`. The relay claims what is owed a job, the worker writes
 * each attempt, a re-send puts a failed row back; a row is found by id, by key or by key prefix. One
 * class for the statements of every channel, so a channel is its columns and its sender, nothing more.
 */
export class DeliveryStateTable {
  constructor(
    private readonly orm: MikroORM,
    /** A table name from code (never from input). */
    private readonly table: 'outgoing_mail' | 'outgoing_sms',
    /** The channel's columns its reads select (from code, never from input). */
    private readonly columns: string,
  ) {}

  /**
   * Runs the channel's insert of one row (`… on conflict (idempotency_key) do nothing returning id`) in
   * `tx`; the id of the key's row either way, and whether this call inserted it.
   */
  async insertOnce(
    tx: Tx,
    idempotencyKey: string,
    insert: { sql: string; params: unknown[] },
  ): Promise<{ id: string; inserted: boolean }> {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const inserted: { id: string }[] = await conn.execute(insert.sql, insert.params, 'all', ctx);
    if (inserted[0]) return { id: inserted[0].id, inserted: true };
    const existing: { id: string }[] = await conn.execute(
      `select id from ${this.table} where idempotency_key = ?`,
      [idempotencyKey],
      'all',
      ctx,
    );
    return { id: existing[0]!.id, inserted: false };
  }

  async rowById<Row>(id: string): Promise<Row | null> {
    return (await this.select<Row>('id = ?', [id]))[0] ?? null;
  }

  async rowByKey<Row>(idempotencyKey: string): Promise<Row | null> {
    return (await this.select<Row>('idempotency_key = ?', [idempotencyKey]))[0] ?? null;
  }

  /** The rows whose key starts with `prefix`, in key order, at most `limit` (a delivery screen). */
  async rowsByKeyPrefix<Row>(prefix: string, limit: number): Promise<Row[]> {
    return this.select<Row>('idempotency_key like ? order by idempotency_key limit ?', [
      startsWith(prefix),
      limit,
    ]);
  }

  /** The failed rows whose key starts with `prefix`, in key order after `afterKey`: a bulk re-send's page. */
  async failedRowsByKeyPrefix<Row>(prefix: string, afterKey: string | null, limit: number): Promise<Row[]> {
    return this.select<Row>(
      `status = 'failed' and idempotency_key like ? and idempotency_key > ?
        order by idempotency_key limit ?`,
      [startsWith(prefix), afterKey ?? '', limit],
    );
  }

  private select<Row>(where: string, params: unknown[]): Promise<Row[]> {
    return this.orm.em
      .getConnection()
      .execute(`select ${this.columns} from ${this.table} where ${where}`, params, 'all');
  }

  /**
   * The provider took it (only a queued one changes): `sent` with this attempt counted; `extra` sets
   * the channel's own columns (its provider's id of the message), as `column = ?` pairs.
   */
  async markSent(id: string, extra: Record<string, string | number | null>): Promise<void> {
    const columns = Object.keys(extra);
    await this.orm.em.getConnection().execute(
      `update ${this.table}
          set status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = null,
              ${columns.map((c) => `${c} = ?, `).join('')}updated_at = now()
        where id = ? and status = 'queued'`,
      [...columns.map((c) => extra[c]!), id],
      'run',
    );
  }

  /**
   * Claims up to `limit` queued rows whose job was never queued or was queued more than `staleMs` ago,
   * marking them queued now (SKIP LOCKED: instances share the work). Their ids, each with whether its
   * job was queued before (a sweep's second try, whose old job may still be in Redis). In the order of
   * the `*_queued_idx` index alone (never queued first, in the order they were written), so a claim reads
   * `limit` rows of it: ordering the never-queued ones by created_at too made each claim sort all of
   * them, tens of thousands while a send to a whole list is recorded (decision 346).
   */
  async claimToEnqueue(staleMs: number, limit: number): Promise<{ id: string; again: boolean }[]> {
    return this.orm.em.getConnection().execute(
      `with owed as (
         select id, enqueued_at is not null as again from ${this.table}
          where status = 'queued'
            and (enqueued_at is null or enqueued_at < now() - make_interval(secs => ?))
          order by enqueued_at nulls first
          limit ? for update skip locked)
       update ${this.table} m set enqueued_at = now() from owed where m.id = owed.id
       returning m.id, owed.again`,
      [staleMs / 1000, limit],
      'all',
    );
  }

  /** Their jobs could not be queued: they are claimed again at the next pass. */
  async releaseToEnqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.orm.em
      .getConnection()
      .execute(
        `update ${this.table} set enqueued_at = null where id = any(?::uuid[])`,
        [pgArray(ids)],
        'run',
      );
  }

  /**
   * One attempt failed: `failed` when it was the last, otherwise it stays queued for the retry. `extra`
   * sets more columns of the channel's own (e.g. the provider's error code), as `column = ?` pairs.
   */
  async markAttemptFailed(
    id: string,
    error: string,
    final: boolean,
    extra: Record<string, string | number | null> = {},
  ): Promise<void> {
    const columns = Object.keys(extra);
    await this.orm.em.getConnection().execute(
      `update ${this.table}
          set attempts = attempts + 1, last_error = ?, status = case when ? then 'failed' else status end,
              ${columns.map((c) => `${c} = ?, `).join('')}updated_at = now()
        where id = ? and status = 'queued'`,
      [deliveryReason(error), final, ...columns.map((c) => extra[c]!), id],
      'run',
    );
  }

  /**
   * A failed row back to queued in `tx`, whether it was failed. Its job ended in Redis under the same id:
   * `enqueued_at` -infinity makes the relay claim it at once as one queued before, so it removes that job
   * and queues a new one.
   */
  async requeueFailed(tx: Tx, id: string): Promise<boolean> {
    const rows: { id: string }[] = await tx.getConnection().execute(
      `update ${this.table} set status = 'queued', enqueued_at = '-infinity', updated_at = now()
          where id = ? and status = 'failed' returning id`,
      [id],
      'all',
      tx.getTransactionContext(),
    );
    return rows.length > 0;
  }

  /**
   * Queued rows failed in `tx` before they are sent (their recipient withdrew consent): the worker sends
   * only a queued row, so a job already in Redis finds nothing to do. The ids that were queued.
   */
  async cancelQueued(tx: Tx, ids: string[], reason: string): Promise<string[]> {
    if (!ids.length) return [];
    const rows: { id: string }[] = await tx.getConnection().execute(
      `update ${this.table} set status = 'failed', last_error = ?, updated_at = now()
          where id = any(?::uuid[]) and status = 'queued' returning id`,
      [deliveryReason(reason), pgArray(ids)],
      'all',
      tx.getTransactionContext(),
    );
    return rows.map((r) => r.id);
  }
}
