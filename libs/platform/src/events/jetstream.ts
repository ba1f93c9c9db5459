import { connect, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { coalesceNatsWrites } from '../messaging/nats-write-coalescing';
import { eventStreamName, eventSubjectsWildcard } from './event-subjects';

export interface NatsConnectionOptions {
  url: string;
  name: string;
}

/** A NATS connection that keeps trying to reconnect for as long as the process lives. */
export async function connectNats(options: NatsConnectionOptions): Promise<NatsConnection> {
  const nc = await connect({
    servers: [options.url],
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 2000,
    maxPingOut: 2,
    timeout: 3000,
    // No stack captured per request (an Error made for every JetStream publish the relay awaits and
    // every RPC: a cost on the redeem's profile); a timeout still says what timed out.
    noAsyncTraces: true,
  });
  // The relay's publishes and the consumers' acks of one turn of the event loop go out in one write.
  coalesceNatsWrites(nc);
  return nc;
}

/**
 * How long the stream keeps an event (a week to recover a stopped consumer): no event older than this can
 * be delivered again, so no consumer's inbox claim needs to be kept longer (EventTablesRetention).
 */
export const EVENT_STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Creates the namespace's event stream if it is missing (idempotent; safe from every service). */
export async function ensureEventStream(nc: NatsConnection, namespace: string): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const name = eventStreamName(namespace);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [eventSubjectsWildcard(namespace)],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: EVENT_STREAM_MAX_AGE_MS * 1_000_000, // nanoseconds: a week to recover a stopped consumer
        duplicate_window: 10 * 60 * 1_000_000_000, // dedupe republished outbox rows by event id
      });
    } catch (error) {
      if (!/already in use|already exists/i.test((error as Error).message)) throw error;
    }
  }
}
