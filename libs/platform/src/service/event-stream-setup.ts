import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { ensureEventStream } from '../events/jetstream';
import type { ServicePlatformOptions } from './service-platform-options';
import { EVENTS_NATS, SERVICE_OPTIONS } from './tokens';

/** Creates (or updates) the namespace's JetStream stream the relay publishes to and consumers read. */
@Injectable()
export class EventStreamSetup {
  constructor(
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
  ) {}

  async ensure(): Promise<void> {
    await ensureEventStream(this.nc, this.options.config.NATS_NAMESPACE);
  }
}
