import type { EventName } from '@avpass/contracts';
import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import { eventSubject } from './event-subjects';
import { pgArray } from '../database/sql-clause';
import { JetStreamBatchPublisher } from './jetstream-batch-publisher';
import { ensureEventStream } from './jetstream';

interface OutboxRow {
  id: string;
  name: EventName;
  payload: unknown;
  occurred_at: Date;
}

const codec = JSONCodec();

/**
 * Publishes committed outbox rows to JetStream in commit order. Rows are claimed with SKIP LOCKED so
 * several instances share the work; each message carries the event id as Nats-Msg-Id, so a row
 * published twice (ack lost, then retried) is stored once. While NATS is unreachable rows simply wait.
 */
export class OutboxRelay {
  private readonly logger = new Logger('OutboxRelay');
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A kick that came while a batch was being claimed or published: the relay goes round again. */
  private kicked = false;
  /** The relay's own transactions: their commits are not news for it (see isOwnTransaction). */
  private readonly own = new WeakSet<object>();
  /** After a failure the relay waits its backoff out; kicks do not cut it short (stop does). */
  private backingOff = false;
  private readonly publisher: JetStreamBatchPublisher;

  constructor(
    private readonly orm: MikroORM,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly options: {
      pollMs?: number;
      batchSize?: number;
      publishTimeoutMs?: number;
      /**
       * After a batch that was not full, wait this long (kicks do not cut it short) so that under
       * load the next batch gathers more rows: fewer claim/mark round trips per event.
       */
      gatherMs?: number;
    } = {},
  ) {
    this.publisher = new JetStreamBatchPublisher(nc);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Publish soon, without waiting for the next poll. Every commit that writes outbox rows kicks (see
   * RelayWakeOnCommit), so the poll (OUTBOX_POLL_MS) is only the safety net for rows another instance
   * committed and did not publish; a kick during a batch is kept, not lost.
   */
  kick(): void {
    this.kicked = true;
    if (!this.backingOff) this.wake?.();
  }

  /** Whether `em` (a transaction's entity manager, as commit events carry it) is one of the relay's own. */
  isOwnTransaction(em: object): boolean {
    return this.own.has(em);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.publisher.close();
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      let published = 0;
      // Rows committed before this point are seen by the claim below; a kick from here on goes round again.
      this.kicked = false;
      try {
        published = await this.publishBatch();
        backoff = 0;
      } catch (error) {
        backoff = Math.min(backoff ? backoff * 2 : 250, 5000);
        this.logger.warn(`publishing deferred: ${(error as Error).message}; retrying in ${backoff} ms`);
      }
      this.backingOff = backoff > 0;
      if (!published || backoff) await this.sleep(backoff || (this.options.pollMs ?? 1000));
      else if (published < (this.options.batchSize ?? 100)) await this.gather(this.options.gatherMs ?? 20);
    }
  }

  /** One batch in one transaction: claim, publish in order, mark published. Returns how many. */
  async publishBatch(): Promise<number> {
    const em = this.orm.em.fork() as EntityManager;
    const schema = this.orm.config.get('schema');
    const table = `"${schema}".outbox_events`;
    return em.transactional(async (tx) => {
      this.own.add(tx);
      const conn = tx.getConnection();
      const rows: OutboxRow[] = await conn.execute(
        `select id, name, payload, occurred_at from ${table}
          where published_at is null order by seq limit ? for update skip locked`,
        [this.options.batchSize ?? 100],
        'all',
        tx.getTransactionContext(),
      );
      if (!rows.length) return 0;
      const done: string[] = [];
      try {
        // Sent back to back (one socket write for the batch), in commit order; then every ack awaited
        // (one subscription and one timer for the batch: JetStreamBatchPublisher, decision 302).
        // A failed publish leaves its row for the next round; the others are marked published.
        const outcomes = await this.publisher.publishAll(
          rows.map((row) => ({
            subject: eventSubject(this.namespace, row.name),
            data: codec.encode({
              id: row.id,
              name: row.name,
              occurredAt: new Date(row.occurred_at).toISOString(),
              payload: row.payload,
            }),
            msgId: row.id,
          })),
          this.options.publishTimeoutMs ?? 2000,
        );
        outcomes.forEach((outcome, i) => {
          if (!outcome) done.push(rows[i]!.id);
        });
        const failure = outcomes.find((outcome): outcome is Error => outcome !== null);
        if (failure) {
          if (/no responders|stream not found/i.test(failure.message))
            await ensureEventStream(this.nc, this.namespace);
          throw failure;
        }
      } finally {
        if (done.length) {
          // One array literal parameter: knex would expand a JS array into a list, breaking any().
          await conn.execute(
            `update ${table} set published_at = now(), attempts = attempts + 1 where id = any(?::uuid[])`,
            [pgArray(done)],
            'run',
            tx.getTransactionContext(),
          );
        }
      }
      return done.length;
    });
  }

  /** A pause that kicks do not end (stop() still waits at most `ms`). */
  private gather(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** A pause that stop ends, and a kick too unless backing off (at once if one came since the claim). */
  private sleep(ms: number): Promise<void> {
    if (!this.running || (this.kicked && !this.backingOff)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
