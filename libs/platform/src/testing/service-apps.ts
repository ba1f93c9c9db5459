import type { INestMicroservice } from '@nestjs/common';
import { DomainError } from '../messaging/domain-error';
import { OutboxRelay } from '../events/outbox-relay';

/**
 * Stops an in-process service app. Its relay stops first: a relay poll caught between the ORM closing
 * its pool and the relay stopping would wait for a connection, and teardown would take a minute.
 */
export async function stopServiceApp(app: INestMicroservice): Promise<void> {
  await app.get(OutboxRelay).stop();
  await app.close();
}

/** The error a call was refused with; fails the test if the call succeeded. */
export async function refusal(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}
