import { MikroORM } from '@mikro-orm/core';
import type { Tx } from '../database/transactions';
import { pgArray } from '../database/sql-clause';

/** A reason kept short enough for a screen and a log line. */
export const deliveryReason = (text: string) => text.slice(0, 1000);

/**
 * The delivery state every outgoing-message table shares (outgoing_mail, outgoing_sms): `status` starting
 * at 'queued', `attempts`, `last_error`, `enqueued_at` (when its job was last queued), `updated_at`. The
 * relay claims what is owed a job, the worker writes each attempt, a re-send puts a failed row back.
 * One class for the statements of every channel, so a channel is its columns and its sender, nothing more.
 */
export class DeliveryStateTable {
  constructor(
    private readonly orm: MikroORM,
    /** A table name from code (never from input). */
    private readonly table: 'outgoing_mail' | 'outgoing_sms',
  ) {}

  /**
   * Claims up to `limit` queued rows whose job was never queued or was queued more than `staleMs` ago,
   * marking them queued now (SKIP LOCKED: instances share the work). Their ids, each with whether its
   * job was queued before (a sweep's second try, whose old job may still be in Redis).
   */
  async claimToEnqueue(staleMs: number, limit: number): Promise<{ id: string; again: boolean }[]> {
    return this.orm.em.getConnection().execute(
      `with owed as (
         select id, enqueued_at is not null as again from ${this.table}
          where status = 'queued'
            and (enqueued_at is null or enqueued_at < now() - make_interval(secs => ?))
          order by enqueued_at nulls first, created_at
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
