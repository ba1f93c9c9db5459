import type { DomainEvent, EventName } from '@avpass/contracts';
import {
  connectNats,
  ensureEventStream,
  EventConsumer,
  JetStreamBatchPublisher,
  eventStreamName,
  eventSubject,
  EventOutbox,
  ormConfig,
  OutboxRelay,
  RelayWakeOnCommit,
  type EventSubscriber,
} from '@avpass/platform';
import {
  createEventTablesSchema,
  type EventTablesSchema,
  dropTestNamespace,
  testNamespace,
  waitFor,
  type TestDatabase,
} from '@avpass/platform/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AckPolicy, DeliverPolicy, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The outbox relay and the event consumer against the real PostgreSQL and NATS JetStream: a schema of
// their own with the outbox/inbox tables (as every service's first migration creates them) and a
// `applied` table standing for a consumer's own state.

const SCHEMA = 'events_test';
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const DELETED: EventName = 'partners.partner.deleted.v1';
const codec = JSONCodec();

let schema: EventTablesSchema;
let db: TestDatabase;
let sql: Client;
let orm: MikroORM;
let nc: NatsConnection;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  schema = await createEventTablesSchema(SCHEMA, [
    'create table applied (event_id uuid primary key, name text not null)',
  ]);
  ({ db, sql, orm } = schema);
  nc = await connectNats({ url: NATS_URL, name: 'platform-events-test' });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await nc?.drain();
  await schema?.close();
});

/** A namespace (stream) of its own per test, dropped afterwards. */
async function freshNamespace(): Promise<string> {
  const namespace = testNamespace();
  await ensureEventStream(nc, namespace);
  cleanups.push(() => dropTestNamespace(namespace, NATS_URL));
  return namespace;
}

const deletedPayload = (name: string) => ({
  partnerId: randomUUID(),
  name,
  deletedAt: new Date().toISOString(),
});

/** Every message in the namespace's stream, in stream order. */
async function streamMessages(
  namespace: string,
  expected: number,
): Promise<{ id: string; msgId: string; name: string }[]> {
  const stream = eventStreamName(namespace);
  const jsm = await nc.jetstreamManager();
  const durable = `reader_${randomUUID().slice(0, 8)}`;
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.None,
    deliver_policy: DeliverPolicy.All,
  });
  try {
    const consumer = await nc.jetstream().consumers.get(stream, durable);
    const out: { id: string; msgId: string; name: string }[] = [];
    const batch = await consumer.fetch({ max_messages: expected, expires: 5000 });
    for await (const msg of batch) {
      const envelope = codec.decode(msg.data) as { id: string; name: string };
      out.push({ id: envelope.id, name: envelope.name, msgId: msg.headers?.get('Nats-Msg-Id') ?? '' });
    }
    return out;
  } finally {
    await jsm.consumers.delete(stream, durable);
  }
}

/** Waits until the outbox row is marked published. */
const published = (id: string, message: string, timeoutMs: number) =>
  waitFor(
    async () =>
      (await sql.query('select published_at from outbox_events where id = $1', [id])).rows[0].published_at !==
      null,
    { message, timeoutMs },
  );

describe('outbox relay', () => {
  it('publishes committed events once each, in commit order, and never a rolled-back one', async () => {
    const namespace = await freshNamespace();
    const outbox = new EventOutbox();
    const committed: string[] = [];
    for (let i = 0; i < 5; i++) {
      await orm.em.fork().transactional(async (em) => {
        committed.push(outbox.enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload(`p${i}`)).id);
      });
    }
    await orm.em
      .fork()
      .transactional(async (em) => {
        outbox.enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload('rolled back'));
        throw new Error('roll back');
      })
      .catch(() => undefined);

    const relay = new OutboxRelay(orm, nc, namespace, { pollMs: 20 });
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor(
      async () => {
        const { rows } = await sql.query(
          'select count(*)::int as n from outbox_events where published_at is not null',
        );
        return rows[0].n === 5;
      },
      { message: 'the five committed events marked published' },
    );

    const info = await (await nc.jetstreamManager()).streams.info(eventStreamName(namespace));
    expect(info.state.messages).toBe(5);
    const messages = await streamMessages(namespace, 5);
    expect(messages.map((m) => m.id)).toEqual(committed);
    // The event id travels as Nats-Msg-Id: a republished row is stored once.
    expect(messages.map((m) => m.msgId)).toEqual(committed);
    expect(messages.every((m) => m.name === DELETED)).toBe(true);
    const { rows } = await sql.query('select count(*)::int as n from outbox_events');
    expect(rows[0].n).toBe(5);
  });

  it('a commit kicked while a batch is being claimed is published at once, not at the next poll', async () => {
    const namespace = await freshNamespace();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    // The first claim (finding nothing) is held until the commit below has kicked the relay.
    class HeldRelay extends OutboxRelay {
      override async publishBatch(): Promise<number> {
        const published = await super.publishBatch();
        if (batches++ === 0) await gate;
        return published;
      }
    }
    const relay = new HeldRelay(orm, nc, namespace, { pollMs: 60_000 });
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor(async () => batches > 0, { message: 'the first claim' });
    const event = await orm.em
      .fork()
      .transactional(async (em) =>
        new EventOutbox().enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload('kicked')),
      );
    relay.kick(); // what RelayWakeOnCommit does after every commit
    release();
    await published(event.id, 'the kicked row published well before the 60 s poll', 5000);
  });

  it('wired to wake on every commit, an idle relay does not wake itself with its own transactions', async () => {
    const namespace = await freshNamespace();
    let batches = 0;
    class CountingRelay extends OutboxRelay {
      override async publishBatch(): Promise<number> {
        batches++;
        return super.publishBatch();
      }
    }
    // An ORM of its own: a subscriber cannot be unregistered, and the other tests' ORM has none.
    const wired = await MikroORM.init(
      ormConfig({ clientUrl: db.url, schema: SCHEMA, entities: [], migrations: [] }),
    );
    const relay = new CountingRelay(wired, nc, namespace, { pollMs: 500 });
    new RelayWakeOnCommit(wired, relay).onModuleInit();
    relay.start();
    cleanups.push(async () => {
      await relay.stop();
      await wired.close(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // One claim at start and one per 500 ms poll: 4 or so, not one per commit of its own claims.
    expect(batches).toBeLessThanOrEqual(6);
    // Another transaction's commit still wakes it at once.
    const event = await wired.em
      .fork()
      .transactional(async (em) =>
        new EventOutbox().enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload('woken')),
      );
    await published(event.id, 'the committed row published at once', 400);
  });

  it('a row published again (its mark lost) is stored in the stream once', async () => {
    const namespace = await freshNamespace();
    const event = await orm.em
      .fork()
      .transactional(async (em) =>
        new EventOutbox().enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload('twice')),
      );
    const relay = new OutboxRelay(orm, nc, namespace);
    expect(await relay.publishBatch()).toBe(1);
    await sql.query('update outbox_events set published_at = null where id = $1', [event.id]);
    // Published a second time (the positive signal that the republish happened)...
    expect(await relay.publishBatch()).toBe(1);
    // ...and the stream still holds it once.
    const info = await (await nc.jetstreamManager()).streams.info(eventStreamName(namespace));
    expect(info.state.messages).toBe(1);
    const { rows } = await sql.query('select attempts from outbox_events where id = $1', [event.id]);
    expect(rows[0].attempts).toBe(2);
  });
});

describe('outbox relay: one batch, one ack each (decision 302)', () => {
  it('with no stream for its subjects nothing is marked published; the relay creates the stream and publishes next round', async () => {
    const namespace = testNamespace();
    cleanups.push(() => dropTestNamespace(namespace, NATS_URL));
    const event = await orm.em
      .fork()
      .transactional(async (em) =>
        new EventOutbox().enqueueEvent(em, 'partners.partner.deleted.v1', deletedPayload('no stream yet')),
      );
    const relay = new OutboxRelay(orm, nc, namespace, { publishTimeoutMs: 5000 });
    await expect(relay.publishBatch()).rejects.toThrow(/no responders/);
    const before = await sql.query('select published_at from outbox_events where id = $1', [event.id]);
    expect(before.rows[0].published_at).toBeNull();
    expect(await relay.publishBatch()).toBe(1);
    expect((await streamMessages(namespace, 1)).map((m) => m.id)).toEqual([event.id]);
  });

  it('each message of a batch is acked on its own: one JetStream refuses fails alone, the others are stored in order', async () => {
    const namespace = await freshNamespace();
    const jsm = await nc.jetstreamManager();
    const stream = eventStreamName(namespace);
    const info = await jsm.streams.info(stream);
    await jsm.streams.update(stream, { ...info.config, max_msg_size: 400 });
    const publisher = new JetStreamBatchPublisher(nc);
    cleanups.push(async () => publisher.close());
    const message = (size: number) => {
      const id = randomUUID();
      return {
        subject: eventSubject(namespace, DELETED),
        data: codec.encode({ id, pad: 'x'.repeat(size) }),
        msgId: id,
      };
    };
    const batch = [message(10), message(10), message(1000), message(10)];
    const outcomes = await publisher.publishAll(batch, 5000);
    expect(outcomes.map((o) => (o ? 'refused' : 'stored'))).toEqual([
      'stored',
      'stored',
      'refused',
      'stored',
    ]);
    expect((await streamMessages(namespace, 3)).map((m) => m.msgId)).toEqual(
      [batch[0], batch[1], batch[3]].map((m) => m!.msgId),
    );
    // Sent again (its row's mark lost): acked, stored once.
    expect(await publisher.publishAll([batch[0]!], 5000)).toEqual([null]);
    expect((await jsm.streams.info(stream)).state.messages).toBe(3);
  });
});

describe('event consumer', () => {
  /** Publishes an event envelope to the stream (as the relay does), unless `msgId` is null. */
  async function publish(namespace: string, event: DomainEvent, msgId: string | null = event.id) {
    await nc
      .jetstream()
      .publish(eventSubject(namespace, event.name), codec.encode(event), msgId ? { msgID: msgId } : {});
  }
  const deletedEvent = (name: string): DomainEvent<'partners.partner.deleted.v1'> => ({
    id: randomUUID(),
    name: 'partners.partner.deleted.v1',
    occurredAt: new Date().toISOString(),
    payload: deletedPayload(name),
  });

  /** Each handler call: which event, and which transaction (one EntityManager per transaction). */
  interface Call {
    eventId: string;
    tx: number;
  }
  function recordingSubscriber(
    consumerName: string,
    poison: { id: string | null; failures: number },
    gate: { id: string | null; open: () => Promise<void> } = { id: null, open: async () => undefined },
  ) {
    const calls: Call[] = [];
    const txIds = new WeakMap<EntityManager, number>();
    let nextTx = 0;
    const subscriber: EventSubscriber = {
      consumerName,
      handlers: {
        'partners.partner.deleted.v1': async (event, em) => {
          if (event.id === gate.id) await gate.open();
          if (!txIds.has(em)) txIds.set(em, nextTx++);
          calls.push({ eventId: event.id, tx: txIds.get(em)! });
          await em
            .getConnection()
            .execute(
              `insert into "${SCHEMA}".applied (event_id, name) values (?, ?)`,
              [event.id, event.payload.name],
              'run',
              em.getTransactionContext(),
            );
          if (event.id === poison.id && poison.failures > 0) {
            poison.failures--;
            throw new Error('poisoned');
          }
        },
      },
    };
    return { subscriber, calls };
  }
  /**
   * A gate on `first`: its transaction waits until the consumer holds `held` messages (JetStream counts
   * them delivered and unacknowledged), so the ones behind it gather into one batch.
   */
  function gateUntilHeld(namespace: string, consumerName: string, first: DomainEvent, held: number) {
    const durable = `${consumerName}__${first.name.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
    return {
      id: first.id,
      open: () =>
        waitFor(
          async () => {
            const info = await (
              await nc.jetstreamManager()
            ).consumers.info(eventStreamName(namespace), durable);
            return info.num_ack_pending === held;
          },
          { message: `all ${held} messages delivered to the consumer` },
        ).then(() => undefined),
    };
  }
  async function appliedIds(): Promise<string[]> {
    const { rows } = await sql.query('select event_id from applied');
    return rows.map((r: { event_id: string }) => r.event_id);
  }

  it('a batch that fails is retried one event at a time: the others apply, the bad one later, each once', async () => {
    const namespace = await freshNamespace();
    const events = Array.from({ length: 5 }, (_, i) => deletedEvent(`batch ${i}`));
    const [gateEvent, , bad] = events as [DomainEvent, DomainEvent, DomainEvent];
    // Fails in the batch and in its first retry on its own; applied when redelivered.
    const poison = { id: bad.id, failures: 2 };
    for (const event of events) await publish(namespace, event);

    const consumerName = `batch_${randomUUID().slice(0, 8)}`;
    // The first event's transaction waits until the consumer holds all five, so the four behind it
    // gather into one batch.
    const gate = gateUntilHeld(namespace, consumerName, gateEvent, 5);
    const { subscriber, calls } = recordingSubscriber(consumerName, poison, gate);
    const consumer = new EventConsumer(orm, nc, namespace, subscriber);
    await consumer.start();
    cleanups.push(() => consumer.stop());

    await waitFor(async () => (await appliedIds()).length === 5, {
      timeoutMs: 15_000,
      message: 'all five events applied',
    });
    expect((await appliedIds()).sort()).toEqual(events.map((e) => e.id).sort());

    const byTx = new Map<number, string[]>();
    for (const c of calls) byTx.set(c.tx, [...(byTx.get(c.tx) ?? []), c.eventId]);
    const transactions = [...byTx.values()];
    // The gate alone; then a batch: the events after it, up to the bad one, in one transaction (which
    // rolled back: nothing of it is left but what the retries wrote).
    expect(transactions[0]).toEqual([gateEvent.id]);
    expect(transactions[1]).toEqual([events[1]!.id, bad.id]);
    // Then one event per transaction: the batch's events one by one, the bad one again on redelivery.
    const retries = transactions.slice(2);
    expect(retries.every((tx) => tx.length === 1)).toBe(true);
    expect(retries.flat().sort()).toEqual([...events.slice(1).map((e) => e.id), bad.id].sort());
    expect(calls.filter((c) => c.eventId === bad.id)).toHaveLength(3);
    expect(poison.failures).toBe(0);
    const { rows } = await sql.query('select count(*)::int as n from processed_events where consumer = $1', [
      consumerName,
    ]);
    expect(rows[0].n).toBe(5);
  });

  /**
   * A subscriber whose `many` handler records each batch (ids in order) and writes it to `applied` in one
   * statement; `gate` holds the batch with its event, and `after` runs last in the transaction.
   */
  function batchSubscriber(
    consumerName: string,
    gate: { id: string | null; open: () => Promise<void> } = { id: null, open: async () => undefined },
    after: (batch: DomainEvent[]) => void = () => undefined,
  ) {
    const calls: string[][] = [];
    const subscriber: EventSubscriber = {
      consumerName,
      handlers: {
        'partners.partner.deleted.v1': {
          many: async (batch, tx) => {
            if (batch.some((event) => event.id === gate.id)) await gate.open();
            calls.push(batch.map((event) => event.id));
            await tx.execute(
              `insert into "${SCHEMA}".applied (event_id, name) values ${batch.map(() => '(?, ?)').join(', ')}`,
              batch.flatMap((event) => [event.id, event.payload.name]),
            );
            after(batch);
          },
        },
      },
    };
    return { subscriber, calls };
  }

  it('a `many` handler gets the fresh events of a batch in one call, in order, each once', async () => {
    const namespace = await freshNamespace();
    const events = Array.from({ length: 5 }, (_, i) => deletedEvent(`many ${i}`));
    const [first, second] = events as [DomainEvent, DomainEvent];
    const consumerName = `many_${randomUUID().slice(0, 8)}`;
    // The first alone; behind it the other four and the second again (stored twice: no Nats-Msg-Id).
    const gate = gateUntilHeld(namespace, consumerName, first, 6);
    const { subscriber, calls } = batchSubscriber(consumerName, gate);
    for (const event of events) await publish(namespace, event);
    await publish(namespace, second, null);
    const consumer = new EventConsumer(orm, nc, namespace, subscriber);
    await consumer.start();
    cleanups.push(() => consumer.stop());

    const ids = events.map((event) => event.id);
    const mine = async () => (await appliedIds()).filter((id) => ids.includes(id));
    await waitFor(async () => (await mine()).length === 5, {
      timeoutMs: 15_000,
      message: 'all five events applied',
    });
    expect(calls).toEqual([[first.id], ids.slice(1)]);
    expect((await mine()).sort()).toEqual([...ids].sort());
  });

  it('a `many` batch that fails leaves nothing behind (its claims and writes roll back); its events are applied one by one', async () => {
    const namespace = await freshNamespace();
    const events = Array.from({ length: 4 }, (_, i) => deletedEvent(`many fails ${i}`));
    const [first, , bad] = events as [DomainEvent, DomainEvent, DomainEvent];
    const consumerName = `manyfail_${randomUUID().slice(0, 8)}`;
    const gate = gateUntilHeld(namespace, consumerName, first, 4);
    // Fails in the batch, after the batch's insert, and once more on its own; applied on redelivery.
    const poison = { failures: 2 };
    const { subscriber, calls } = batchSubscriber(consumerName, gate, (batch) => {
      if (batch.some((event) => event.id === bad.id) && poison.failures > 0) {
        poison.failures--;
        throw new Error('poisoned');
      }
    });
    for (const event of events) await publish(namespace, event);
    const consumer = new EventConsumer(orm, nc, namespace, subscriber);
    await consumer.start();
    cleanups.push(() => consumer.stop());

    const ids = events.map((event) => event.id);
    const mine = async () => (await appliedIds()).filter((id) => ids.includes(id));
    await waitFor(async () => (await mine()).length === 4, {
      timeoutMs: 15_000,
      message: 'all four applied',
    });
    // The gate alone, the three behind it together (rolled back), then each alone, the bad one twice more.
    expect(calls[0]).toEqual([first.id]);
    expect(calls[1]).toEqual(ids.slice(1));
    const retries = calls.slice(2);
    expect(retries.every((batch) => batch.length === 1)).toBe(true);
    expect(retries.flat().sort()).toEqual([...ids.slice(1), bad.id].sort());
    expect(poison.failures).toBe(0);
    // Each event claimed once: the failed batch's claims went with its rollback.
    const { rows } = await sql.query(
      'select count(*)::int as n from processed_events where consumer = $1 and event_id = any($2::uuid[])',
      [consumerName, ids],
    );
    expect(rows[0].n).toBe(4);
  });

  it('an event whose id is not a uuid is dropped as malformed; the events around it are applied', async () => {
    const namespace = await freshNamespace();
    const before = deletedEvent('before the malformed one');
    const after = deletedEvent('after the malformed one');
    const malformed = { ...deletedEvent('malformed'), id: "x'); drop table applied; --" };
    const consumerName = `badid_${randomUUID().slice(0, 8)}`;
    const { subscriber } = batchSubscriber(consumerName);
    await publish(namespace, before);
    await publish(namespace, malformed, null);
    await publish(namespace, after);
    const consumer = new EventConsumer(orm, nc, namespace, subscriber);
    await consumer.start();
    cleanups.push(() => consumer.stop());

    await waitFor(async () => (await appliedIds()).includes(after.id), {
      message: 'the later event applied',
    });
    expect(await appliedIds()).toContain(before.id);
    const { rows } = await sql.query('select count(*)::int as n from processed_events where consumer = $1', [
      consumerName,
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('an event delivered twice is applied once', async () => {
    const namespace = await freshNamespace();
    const twice = deletedEvent('delivered twice');
    const later = deletedEvent('later');
    const { subscriber, calls } = recordingSubscriber(`dup_${randomUUID().slice(0, 8)}`, {
      id: null,
      failures: 0,
    });
    const consumer = new EventConsumer(orm, nc, namespace, subscriber);
    await consumer.start();
    cleanups.push(() => consumer.stop());

    await publish(namespace, twice, null);
    await waitFor(async () => (await appliedIds()).includes(twice.id), {
      message: 'the first delivery applied',
    });
    // Stored twice in the stream (no Nats-Msg-Id), so delivered twice; then a later event.
    await publish(namespace, twice, null);
    await publish(namespace, later);
    // The later event applied is the signal that the second delivery was handled before it.
    await waitFor(async () => (await appliedIds()).includes(later.id), {
      message: 'the later event applied',
    });

    const applied = await appliedIds();
    expect(applied.filter((id) => id === twice.id)).toHaveLength(1);
    expect(calls.filter((c) => c.eventId === twice.id)).toHaveLength(1);
    const info = await (await nc.jetstreamManager()).streams.info(eventStreamName(namespace));
    expect(info.state.messages).toBe(3);
  });
});
