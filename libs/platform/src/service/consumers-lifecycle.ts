import { MikroORM } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { EventConsumer } from '../events/event-consumer';
import type { ServicePlatformOptions } from './service-platform-options';
import { EVENTS_NATS, SERVICE_OPTIONS } from './tokens';

/** One durable JetStream consumer per event subscriber the service declares. */
@Injectable()
export class ConsumersLifecycle {
  private readonly consumers: EventConsumer[] = [];

  constructor(
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    private readonly orm: MikroORM,
    private readonly moduleRef: ModuleRef,
  ) {}

  get count(): number {
    return this.consumers.length;
  }

  async start(): Promise<void> {
    for (const type of this.options.subscribers ?? []) {
      const subscriber = this.moduleRef.get(type, { strict: false });
      const consumer = new EventConsumer(this.orm, this.nc, this.options.config.NATS_NAMESPACE, subscriber);
      await consumer.start();
      this.consumers.push(consumer);
    }
  }

  /** Each consumer's lag (on scrape). */
  async collectLag(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.collectLag()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
