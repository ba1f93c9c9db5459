import { EVENTS, type DomainEvent, type EventName } from '@avpass/contracts';
import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, JSONCodec, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { eventStreamName, eventSubject } from './event-subjects';
import { ensureEventStream } from './jetstream';

export type EventHandlerMap = {
  [N in EventName]?: (event: DomainEvent<N>, em: EntityManager) => Promise<void>;
};

/** A named set of handlers; the name is the durable consumer and the inbox key. */
export interface EventSubscriber {
  readonly consumerName: string;
  readonly handlers: EventHandlerMap;
}

const codec = JSONCodec<DomainEvent>();

/**
 * Consumes events from a durable JetStream consumer. Each event is applied in one transaction together
 * with its row in processed_events, so a redelivered event (after a crash, a lost ack, a republish)
 * is acknowledged without being applied twice.
 */
export class EventConsumer {
  private readonly logger: Logger;
  private readonly streams: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly subscriber: EventSubscriber,
  ) {
    this.logger = new Logger(`Events:${subscriber.consumerName}`);
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
      const consumer = await this.nc.jetstream().consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64 });
      this.streams.push(messages);
      this.loops.push(
        (async () => {
          for await (const msg of messages) await this.handle(msg);
        })().catch((error) => {
          if (!this.stopped) this.logger.error(`consumer ${durable} stopped: ${(error as Error).message}`);
        }),
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.streams.map((m) => m.close()));
    await Promise.all(this.loops);
  }

  private async handle(msg: JsMsg): Promise<void> {
    let event: DomainEvent;
    try {
      event = codec.decode(msg.data);
      const schema = EVENTS[event.name];
      if (!schema) throw new Error(`unknown event ${String(event.name)}`);
      event = { ...event, payload: schema.parse(event.payload) };
    } catch (error) {
      this.logger.error(`dropping malformed event on ${msg.subject}: ${(error as Error).message}`);
      msg.term();
      return;
    }
    const handler = this.subscriber.handlers[event.name] as ((e: DomainEvent, em: EntityManager) => Promise<void>) | undefined;
    try {
      const em = this.orm.em.fork() as EntityManager;
      const schema = this.orm.config.get('schema');
      await em.transactional(async (tx) => {
        const claimed: unknown[] = await tx
          .getConnection()
          .execute(
            `insert into "${schema}".processed_events (consumer, event_id) values (?, ?) on conflict do nothing returning event_id`,
            [this.subscriber.consumerName, event.id],
            'all',
            tx.getTransactionContext(),
          );
        if (claimed.length && handler) await handler(event, tx);
      });
      msg.ack();
    } catch (error) {
      this.logger.error(`${event.name} ${event.id} failed, will retry: ${(error as Error).message}`);
      msg.nak(1000);
    }
  }
}
