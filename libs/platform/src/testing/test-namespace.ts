import { connect } from 'nats';
import { eventStreamName } from '../events/event-subjects';

/**
 * Deletes the JetStream stream a test namespace created (its consumers go with it), so test runs do
 * not pile up streams on the shared NATS server. Call it in afterAll, after the services have stopped.
 */
export async function dropTestNamespace(
  namespace: string,
  natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222',
): Promise<void> {
  const nc = await connect({ servers: natsUrl, name: 'avpass-test-cleanup' });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(eventStreamName(namespace)).catch((error: unknown) => {
      if (!/stream not found/i.test((error as Error).message)) throw error;
    });
  } finally {
    await nc.close();
  }
}
