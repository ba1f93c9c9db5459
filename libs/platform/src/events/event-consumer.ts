import { EVENTS, type DomainEvent, type EventName } from '@avpass/contracts';
import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { DependencyOutageLog, unavailableDependency } from '../health/dependency-outage';
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  type ConsumerMessages,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import {
  onPooledConnection,
  sqlTxOf,
  sqlTxOn,
  uuidLiteral,
  type PgResult,
  type SqlTx,
} from '../database/pooled-transaction';
import { consumerLag, consumerRedeliveriesTotal } from '../observability/metrics';
import { eventStreamName, eventSubject } from './event-subjects';
import { ensureEventStream } from './jetstream';

/**
 * What a subscriber does with an event: a function of one event, in an ORM transaction, or `{ many }`, a
 * function of every fresh event of that name in a batch (in order), for a handler that writes them all
 * in one statement. A `many` handler writes with SQL only (`SqlTx`): its batch runs on a pooled
 * connection outside the ORM, the claim in the inbox sent with `begin` (decision 376). A handler that
 * must enqueue an event or a mail (`Tx`) is a function of one event.
 */
export type EventHandler<N extends EventName> =
  | ((event: DomainEvent<N>, em: EntityManager) => Promise<void>)
  | { readonly many: (events: DomainEvent<N>[], tx: SqlTx) => Promise<void> };

export type EventHandlerMap = { [N in EventName]?: EventHandler<N> };

/** A named set of handlers; the name is the durable consumer and the inbox key. */
export interface EventSubscriber {
  readonly consumerName: string;
  readonly handlers: EventHandlerMap;
}

const codec = JSONCodec<DomainEvent>();

/** A consumer's name as it may stand in a simple query's text (and a durable's name). */
const CONSUMER_NAME = /^[A-Za-z0-9_-]+$/;

/** Most events applied in one transaction. */
const MAX_BATCH = 100;

/**
 * While a stream is busy (its last batch held more than one event), how long a batch waits for more
 * before it is applied: a few milliseconds of an event's delay buy one transaction for many events
 * instead of one each. An idle stream's event is applied at once.
 */
const GATHER_MS = 10;

interface Decoded {
  msg: JsMsg;
  event: DomainEvent;
}

/**
 * Consumes events from a durable JetStream consumer. Events are applied in one transaction together
 * with their rows in processed_events, so a redelivered event (after a crash, a lost ack, a republish)
 * is acknowledged without being applied twice. Events that arrive together are applied together, in
 * order, in one transaction (a busy stream costs a few queries per batch, not per event); when a batch
 * fails, its events are retried one by one so one bad event does not hold up the others.
 */
export class EventConsumer {
  private readonly logger: Logger;
  private readonly outages: DependencyOutageLog;
  private readonly streams: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly durables: string[] = [];
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly subscriber: EventSubscriber,
  ) {
    if (!CONSUMER_NAME.test(subscriber.consumerName))
      throw new Error(`a consumer name of letters, digits, '_' and '-' only: ${subscriber.consumerName}`);
    this.logger = new Logger(`Events:${subscriber.consumerName}`);
    this.outages = new DependencyOutageLog(this.logger);
  }

  async start(): Promise<void> {
    await ensureEventStream(this.nc, this.namespace);
    const stream = eventStreamName(this.namespace);
    const jsm = await this.nc.jetstreamManager();
    // One durable consumer per event: NATS 2.9 filters a consumer on a single subject.
    for (const name of Object.keys(this.subscriber.handlers) as EventName[]) {
      const durable = `${this.subscriber.consumerName}__${name.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
      try {
        await jsm.consumers.info(stream, durable);
      } catch {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: 30 * 1_000_000_000,
          filter_subject: eventSubject(this.namespace, name),
        });
      }
      this.durables.push(durable);
      const consumer = await this.nc.jetstream().consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64 });
      this.streams.push(messages);
      this.loops.push(
        this.drain(messages).catch((error: unknown) => {
          if (!this.stopped) this.logger.error(`consumer ${durable} stopped: ${(error as Error).message}`);
        }),
      );
    }
  }

  /** consumer_lag for each of its durable consumers: JetStream's num_pending (for a scrape). */
  async collectLag(): Promise<void> {
    if (this.stopped || !this.durables.length) return;
    const stream = eventStreamName(this.namespace);
    const jsm = await this.nc.jetstreamManager();
    await Promise.all(
      this.durables.map(async (durable) => {
        const info = await jsm.consumers.info(stream, durable);
        consumerLag.set({ consumer: durable }, info.num_pending);
      }),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.streams.map((m) => m.close()));
    await Promise.all(this.loops);
  }

  /** Reads messages as they come and applies whatever has gathered meanwhile as one batch. */
  private async drain(messages: ConsumerMessages): Promise<void> {
    const pending: JsMsg[] = [];
    const signal: { wake: (() => void) | null } = { wake: null };
    let ended = false;
    let failure: unknown = null;
    const reader = (async () => {
      for await (const msg of messages) {
        if (msg.info.redelivered) consumerRedeliveriesTotal.inc({ consumer: msg.info.consumer });
        pending.push(msg);
        signal.wake?.();
      }
    })()
      .catch((error: unknown) => (failure = error))
      .finally(() => {
        ended = true;
        signal.wake?.();
      });
    let busy = false;
    for (;;) {
      if (!pending.length) {
        if (ended) break;
        await new Promise<void>((resolve) => (signal.wake = resolve));
        signal.wake = null;
        continue;
      }
      if (busy && pending.length < MAX_BATCH && !ended)
        await new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS));
      const batch = pending.splice(0, MAX_BATCH);
      busy = batch.length > 1 || pending.length > 0;
      await this.handleBatch(batch);
    }
    await reader;
    if (failure) throw failure;
  }

  private decode(msg: JsMsg): DomainEvent | null {
    try {
      const event = codec.decode(msg.data);
      const schema = EVENTS[event.name];
      if (!schema) throw new Error(`unknown event ${String(event.name)}`);
      uuidLiteral(event.id); // the inbox's key, and a literal in the claim's text
      return { ...event, payload: schema.parse(event.payload) };
    } catch (error) {
      this.logger.error(`dropping malformed event on ${msg.subject}: ${(error as Error).message}`);
      msg.term();
      return null;
    }
  }

  private async handleBatch(msgs: JsMsg[]): Promise<void> {
    const batch: Decoded[] = [];
    for (const msg of msgs) {
      const event = this.decode(msg);
      if (event) batch.push({ msg, event });
    }
    if (!batch.length) return;
    try {
      await this.apply(batch);
      for (const { msg } of batch) msg.ack();
      this.outages.up('postgres');
    } catch (error) {
      if (batch.length === 1) {
        const { msg, event } = batch[0]!;
        // The database away is an outage (said once, redelivered later), not a failing event.
        const dependency = unavailableDependency(error);
        if (dependency)
          this.outages.down(dependency, `${(error as Error).message}; events wait for redelivery`);
        else this.logger.error(`${event.name} ${event.id} failed, will retry: ${(error as Error).message}`);
        msg.nak(1000);
        return;
      }
      for (const one of batch) await this.handleBatch([one.msg]);
    }
  }

  /**
   * One transaction: claim the events in processed_events, apply the newly claimed ones in order. A
   * batch whose handlers are all `many` runs on a pooled connection (begin with the claim, the handlers'
   * statements, commit: no ORM transaction); any other in an ORM transaction.
   */
  private apply(batch: Decoded[]): Promise<void> {
    const manyOnly = batch.every(({ event }) => {
      const handler = this.subscriber.handlers[event.name];
      return !handler || typeof handler !== 'function';
    });
    return manyOnly ? this.applyOnConnection(batch) : this.applyInOrm(batch);
  }

  private applyOnConnection(batch: Decoded[]): Promise<void> {
    const schema = this.orm.config.get('schema');
    const ids = batch.map(({ event }) => uuidLiteral(event.id));
    return onPooledConnection(this.orm, async (connection) => {
      const [, claimed] = (await connection.query(
        `begin; insert into "${schema}".processed_events (consumer, event_id)
           select '${this.subscriber.consumerName}', unnest('{${ids.join(',')}}'::uuid[])
           on conflict do nothing returning event_id`,
      )) as [unknown, PgResult<{ event_id: string }>];
      await this.applyFresh(batch, claimed.rows, null, sqlTxOn(this.orm, connection));
      await connection.query('commit');
    });
  }

  private async applyInOrm(batch: Decoded[]): Promise<void> {
    const em = this.orm.em.fork() as EntityManager;
    const schema = this.orm.config.get('schema');
    await em.transactional(async (tx) => {
      const claimed: { event_id: string }[] = await tx.getConnection().execute(
        `insert into "${schema}".processed_events (consumer, event_id)
           values ${batch.map(() => '(?, ?)').join(', ')}
           on conflict do nothing returning event_id`,
        batch.flatMap(({ event }) => [this.subscriber.consumerName, event.id]),
        'all',
        tx.getTransactionContext(),
      );
      await this.applyFresh(batch, claimed, tx, sqlTxOf(tx));
    });
  }

  /**
   * The claimed events in order (an event twice in a batch once), by runs of one name, to their handler:
   * a one-event handler gets `em` (the ORM transaction: null on a pooled connection, which apply() never
   * gives such a batch), a `many` handler `sql`.
   */
  private async applyFresh(
    batch: Decoded[],
    claimed: readonly { event_id: string }[],
    em: EntityManager | null,
    sql: SqlTx,
  ): Promise<void> {
    const fresh = new Set(claimed.map((row) => row.event_id));
    const events: DomainEvent[] = [];
    for (const { event } of batch) {
      // The same event twice in one batch is applied once (the database writes a uuid in lower case).
      if (!fresh.delete(event.id.toLowerCase())) continue;
      events.push(event);
    }
    // Runs of one name (a durable consumer reads one name, so a batch is one run) to their handler.
    for (let start = 0; start < events.length; ) {
      let end = start + 1;
      while (end < events.length && events[end]!.name === events[start]!.name) end++;
      const handler = this.subscriber.handlers[events[start]!.name] as EventHandler<EventName> | undefined;
      const run = events.slice(start, end);
      if (typeof handler === 'function') {
        // apply() sends a batch with a one-event handler to the ORM's transaction, never here without one.
        if (!em) throw new Error(`${events[start]!.name}: a one-event handler needs an ORM transaction`);
        for (const event of run) await handler(event, em);
      } else if (handler) await handler.many(run, sql);
      start = end;
    }
  }
}
