import type { EventName } from '@avpass/contracts';
import {
  connectNats,
  ensureEventStream,
  eventStreamName,
  EventOutbox,
  executePrepared,
  OutboxRelay,
} from '@avpass/platform';
import {
  createEventTablesSchema,
  type EventTablesSchema,
  dropTestNamespace,
  testNamespace,
} from '@avpass/platform/testing';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { AckPolicy, DeliverPolicy, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { from, lastValueFrom } from 'rxjs';
import { OrmRequestContextInterceptor } from '../src/database/request-context.interceptor';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The outbox relay's batch on its own connection (decision 349), against the real PostgreSQL and
// NATS JetStream: what it sends, and what a refused message leaves behind.

const SCHEMA = 'outbox_relay_test';
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const DELETED: EventName = 'partners.partner.deleted.v1';
const codec = JSONCodec();

let schema: EventTablesSchema;
let sql: Client;
let orm: MikroORM;
let nc: NatsConnection;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  schema = await createEventTablesSchema(SCHEMA);
  ({ sql, orm } = schema);
  nc = await connectNats({ url: NATS_URL, name: 'platform-outbox-relay-test' });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sql.query('delete from outbox_events');
});
afterAll(async () => {
  await nc?.drain();
  await schema?.close();
});

async function freshNamespace(): Promise<string> {
  const namespace = testNamespace();
  await ensureEventStream(nc, namespace);
  cleanups.push(() => dropTestNamespace(namespace, NATS_URL));
  return namespace;
}

/** Every message in the namespace's stream, in stream order: its decoded envelope and its Nats-Msg-Id. */
async function streamMessages(namespace: string, expected: number) {
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
    const out: { envelope: Record<string, unknown>; msgId: string }[] = [];
    const batch = await consumer.fetch({ max_messages: expected, expires: 3000 });
    for await (const msg of batch) {
      out.push({
        envelope: codec.decode(msg.data) as Record<string, unknown>,
        msgId: msg.headers?.get('Nats-Msg-Id') ?? '',
      });
    }
    return out;
  } finally {
    await jsm.consumers.delete(stream, durable);
  }
}

const enqueue = (name: string) =>
  orm.em.fork().transactional(async (em) =>
    new EventOutbox().enqueueEvent(em, DELETED, {
      partnerId: randomUUID(),
      name,
      deletedAt: new Date().toISOString(),
    }),
  );

const unpublished = async () =>
  (await sql.query('select id from outbox_events where published_at is null order by seq')).rows.map(
    (r: { id: string }) => r.id,
  );

describe('outbox relay: a batch on its own connection (decision 349)', () => {
  it('sends each row as the envelope consumers read: id, name, occurredAt as an ISO instant, the payload as written', async () => {
    const namespace = await freshNamespace();
    const events = [await enqueue('Café "Quoted" \\ 😀\nline'), await enqueue('plain')];
    const relay = new OutboxRelay(orm, nc, namespace);
    expect(await relay.publishBatch()).toBe(2);
    const messages = await streamMessages(namespace, 2);
    expect(messages).toEqual(
      events.map((event) => ({
        envelope: {
          id: event.id,
          name: DELETED,
          occurredAt: event.occurredAt.toISOString(),
          payload: event.payload,
        },
        msgId: event.id,
      })),
    );
    expect(await unpublished()).toEqual([]);
    // Nothing left: an empty claim commits and answers 0, and the connection goes back usable.
    expect(await relay.publishBatch()).toBe(0);
    expect(await relay.publishBatch()).toBe(0);
  });

  it('a message JetStream refuses leaves its row unpublished while the rest of the batch is marked; the next round sends only it', async () => {
    const namespace = await freshNamespace();
    const jsm = await nc.jetstreamManager();
    const stream = eventStreamName(namespace);
    const info = await jsm.streams.info(stream);
    await jsm.streams.update(stream, { ...info.config, max_msg_size: 400 });
    const small = await enqueue('small');
    const big = await enqueue('x'.repeat(600));
    const last = await enqueue('last');
    const relay = new OutboxRelay(orm, nc, namespace, { publishTimeoutMs: 5000 });
    await expect(relay.publishBatch()).rejects.toThrow(/size|payload|exceed/i);
    expect(await unpublished()).toEqual([big.id]);
    const attempts = await sql.query('select id, attempts from outbox_events order by seq');
    expect(attempts.rows.map((r: { attempts: number }) => r.attempts)).toEqual([1, 0, 1]);

    await jsm.streams.update(stream, { ...info.config, max_msg_size: -1 });
    expect(await relay.publishBatch()).toBe(1);
    expect(await unpublished()).toEqual([]);
    const messages = await streamMessages(namespace, 3);
    // Each stored once; the refused one after the others, as a retried message is.
    expect(messages.map((m) => m.msgId)).toEqual([small.id, last.id, big.id]);
  });
});

describe('a prepared statement inside a request context (decision 349)', () => {
  it('runs without making the request context its fork, and inside a transaction on its connection', async () => {
    const interceptor = new OrmRequestContextInterceptor(orm);
    const run = async () => {
      const rows = await executePrepared(orm.em, 'select ?::int as n', [7]);
      const forks = RequestContext.currentRequestContext()!.map as unknown as { made(name: string): boolean };
      return { made: forks.made(orm.em.name), rows };
    };
    const observed = await lastValueFrom(interceptor.intercept({} as never, { handle: () => from(run()) }));
    expect(observed).toEqual({ made: false, rows: [{ n: 7 }] });

    // In a transaction, the statement is part of it: rolled back with it.
    await orm.em
      .fork()
      .transactional(async (tx) => {
        await executePrepared(
          tx,
          `insert into outbox_events (id, name, payload, occurred_at) values (?::uuid, ?, '{}', now())`,
          [randomUUID(), 'rolled.back'],
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await unpublished()).toEqual([]);
  });
});
