import type { EventName } from '@avpass/contracts';
import type { MikroORM } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { eventSubject } from './event-subjects';
import { JetStreamBatchPublisher } from './jetstream-batch-publisher';
import { ensureEventStream } from './jetstream';
import {
  onPooledConnection,
  uuidLiteral,
  type PgConnection,
  type PgResult,
} from '../database/pooled-transaction';

/** A claimed row: its id, its event's name and its envelope, the JSON text of the message. */
interface ClaimedRow {
  id: string;
  name: EventName;
  envelope: string;
}

const encoder = new TextEncoder();

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

  /**
   * One batch in one transaction on one pooled connection: claim, publish in order, mark published.
   * Returns how many. Two round trips to the database per batch (BEGIN with the claim, the mark with
   * COMMIT, each one simple query) and no ORM transaction, and each row's envelope comes as the JSON
   * text it is sent as: no payload parsed and written out again (decision 349).
   */
  async publishBatch(): Promise<number> {
    const table = `"${this.orm.config.get('schema')}".outbox_events`;
    const batchSize = Math.max(1, Math.floor(this.options.batchSize ?? 100));
    const outcome = await onPooledConnection(this.orm, (connection) =>
      this.claimPublishAndMark(connection, table, batchSize),
    );
    const { failure } = outcome;
    if (failure) {
      if (/no responders|stream not found/i.test(failure.message))
        await ensureEventStream(this.nc, this.namespace);
      throw failure;
    }
    return outcome.marked;
  }

  private async claimPublishAndMark(
    connection: PgConnection,
    table: string,
    batchSize: number,
  ): Promise<{ marked: number; failure: Error | null }> {
    // The envelope as the consumers read it (id, name, occurredAt as toISOString() writes it, payload).
    const [, claimed] = (await connection.query(
      `begin; select id, name, json_build_object('id', id, 'name', name,
          'occurredAt', to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'payload', payload)::text as envelope
        from ${table} where published_at is null order by seq limit ${batchSize} for update skip locked`,
    )) as [unknown, PgResult<ClaimedRow>];
    const rows = claimed.rows;
    if (!rows.length) {
      await connection.query('commit');
      return { marked: 0, failure: null };
    }
    // Sent back to back (one socket write for the batch), in commit order; then every ack awaited
    // (one subscription and one timer for the batch: JetStreamBatchPublisher, decision 302).
    const outcomes = await this.publisher.publishAll(
      rows.map((row) => ({
        subject: eventSubject(this.namespace, row.name),
        data: encoder.encode(row.envelope),
        msgId: row.id,
      })),
      this.options.publishTimeoutMs ?? 2000,
    );
    // A refused or unanswered message leaves its row for the next round; the others are marked
    // published and committed, so a retry sends only what JetStream did not store.
    const done = rows.filter((_, i) => outcomes[i] === null).map((row) => uuidLiteral(row.id));
    await connection.query(
      done.length
        ? `update ${table} set published_at = now(), attempts = attempts + 1
            where id = any('{${done.join(',')}}'::uuid[]); commit`
        : 'commit',
    );
    return { marked: done.length, failure: outcomes.find((o): o is Error => o !== null) ?? null };
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
