import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { EVENTS_NATS, REDIS } from './tokens';

/** The service's own connections to NATS (events) and Redis, closed last. */
@Injectable()
export class ServiceConnections {
  constructor(
    @Inject(EVENTS_NATS) readonly nats: NatsConnection,
    @Optional() @Inject(REDIS) readonly redis?: Redis,
  ) {}

  async close(): Promise<void> {
    await this.nats.drain().catch(() => undefined);
    this.redis?.disconnect();
  }
}
