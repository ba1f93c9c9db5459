import {
  connectNats,
  ensureEventStream,
  eventStreamName,
  EventTablesRetention,
  INBOX_RETENTION_MS,
  PUBLISHED_OUTBOX_RETENTION_MS,
  Transactions,
} from '@avpass/platform';
import {
  createEventTablesSchema,
  type EventTablesSchema,
  dropTestNamespace,
  testNamespace,
} from '@avpass/platform/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every service's event tables stay bounded (decision 378), against the real PostgreSQL: what goes and,
// above all, what stays.

const SCHEMA = 'event_tables_retention_test';
const HOUR = 3_600_000;
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';

let schema: EventTablesSchema;
let sql: Client;
let orm: MikroORM;

beforeAll(async () => {
  schema = await createEventTablesSchema(SCHEMA);
  ({ sql, orm } = schema);
});
afterAll(async () => {
  await schema?.close();
});

/** An outbox row that occurred `ageMs` ago, published `publishedAgoMs` ago (null: not yet). */
async function outboxRow(ageMs: number, publishedAgoMs: number | null): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into outbox_events (id, name, payload, occurred_at, published_at)
     values ($1, 'partners.partner.deleted.v1', '{}', now() - make_interval(secs => $2),
             case when $3::float8 is null then null else now() - make_interval(secs => $3::float8) end)`,
    [id, ageMs / 1000, publishedAgoMs === null ? null : publishedAgoMs / 1000],
  );
  return id;
}

async function claim(consumer: string, ageMs: number): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into processed_events (consumer, event_id, processed_at) values ($1, $2, now() - make_interval(secs => $3))`,
    [consumer, id, ageMs / 1000],
  );
  return id;
}

const ids = async (query: string) => (await sql.query(query)).rows.map((r: { id: string }) => r.id).sort();

describe('event tables retention (decision 378)', () => {
  it('deletes outbox rows published over a day ago and claims past the stream age and a day; keeps every other row', async () => {
    const unpublishedOld = await outboxRow(30 * 24 * HOUR, null); // NATS away for a month: still waits
    await outboxRow(3 * 24 * HOUR, 3 * 24 * HOUR - HOUR);
    await outboxRow(PUBLISHED_OUTBOX_RETENTION_MS + HOUR, PUBLISHED_OUTBOX_RETENTION_MS + 60_000);
    const publishedRecently = await outboxRow(2 * HOUR, HOUR);
    // An event that waited a month and was published an hour ago is judged by when it was published.
    const oldButJustPublished = await outboxRow(30 * 24 * HOUR, HOUR);
    await claim('wallet', INBOX_RETENTION_MS + 60_000);
    await claim('audit', 30 * 24 * HOUR);
    const weekOldClaim = await claim('wallet', 7 * 24 * HOUR); // its event may still be in the stream
    const freshClaim = await claim('audit', 60_000);

    const retention = new EventTablesRetention(new Transactions(orm.em));
    expect(await retention.prune()).toEqual({ outbox: 2, inbox: 2 });

    expect(await ids('select id from outbox_events')).toEqual(
      [unpublishedOld, publishedRecently, oldButJustPublished].sort(),
    );
    expect(await ids('select event_id as id from processed_events')).toEqual(
      [weekOldClaim, freshClaim].sort(),
    );
    // Nothing more to do: a second run deletes nothing.
    expect(await retention.prune()).toEqual({ outbox: 0, inbox: 0 });
  });

  it('keeps claims for longer than the stream it makes keeps events', async () => {
    const nc = await connectNats({ url: NATS_URL, name: 'platform-event-tables-retention-test' });
    const namespace = testNamespace();
    try {
      await ensureEventStream(nc, namespace);
      const { config } = await (await nc.jetstreamManager()).streams.info(eventStreamName(namespace));
      expect(config.max_age).toBeGreaterThan(0);
      expect(INBOX_RETENTION_MS).toBeGreaterThanOrEqual(config.max_age / 1_000_000 + 24 * HOUR);
    } finally {
      await dropTestNamespace(namespace, NATS_URL);
      await nc.drain();
    }
  });
});
