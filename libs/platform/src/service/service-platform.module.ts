import type { RpcSubject, ServiceName } from '@avpass/contracts';
import { MikroORM, type FlushEventArgs, type EventSubscriber as OrmEventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import {
  Controller,
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { MigrationRunner } from '../database/migration-runner';
import { OrmRequestContextInterceptor } from '../database/request-context.interceptor';
import { ormConfig, type OrmConfigInput } from '../database/orm-config';
import type { ServiceDatabase } from '../database/service-database';
import { EventConsumer, type EventSubscriber } from '../events/event-consumer';
import { EventOutbox } from '../events/event-outbox';
import { connectNats, ensureEventStream } from '../events/jetstream';
import { OutboxRelay } from '../events/outbox-relay';
import { checkServiceHealth } from '../health/service-health';
import { RpcClient } from '../messaging/rpc-client';
import { RpcHandler } from '../messaging/rpc-handler';
import type { ServiceConfig } from './service-config';
import { EVENTS_NATS, REDIS, SERVICE_OPTIONS } from './tokens';

export interface ServicePlatformOptions {
  name: ServiceName;
  config: ServiceConfig;
  database: ServiceDatabase;
  entities: OrmConfigInput['entities'];
  migrations: OrmConfigInput['migrations'];
  healthPattern: RpcSubject;
  /** Event subscribers (providers implementing EventSubscriber) this service runs. */
  subscribers?: Type<EventSubscriber>[];
  redis?: boolean;
}

/**
 * Everything a service needs from the platform, wired once: its MikroORM (own schema, migrations at
 * start-up), the outbox and its relay, event consumers, an RPC client for other services, Redis when
 * asked for, and the health answer.
 */
@Module({})
export class ServicePlatformModule {
  static forRoot(options: ServicePlatformOptions): DynamicModule {
    const redisProviders = options.redis
      ? [
          {
            provide: REDIS,
            useFactory: () =>
              new Redis(options.config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 3000, lazyConnect: false }),
          },
        ]
      : [];
    return {
      module: ServicePlatformModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...ormConfig({
            clientUrl: options.database.url,
            schema: options.database.schema,
            entities: options.entities,
            migrations: options.migrations,
          }),
          registerRequestContext: false,
        }),
      ],
      controllers: [healthController(options.healthPattern)],
      providers: [
        { provide: SERVICE_OPTIONS, useValue: options },
        {
          provide: EVENTS_NATS,
          useFactory: () =>
            connectNats({ url: options.config.EVENTS_NATS_URL ?? options.config.NATS_URL, name: `${options.name}-events` }),
        },
        {
          provide: RpcClient,
          useFactory: async () => {
            const client = new RpcClient({
              natsUrl: options.config.NATS_URL,
              namespace: options.config.NATS_NAMESPACE,
              timeoutMs: options.config.RPC_TIMEOUT_MS,
              name: `${options.name}-rpc-client`,
            });
            await client.connect();
            return client;
          },
        },
        ...redisProviders,
        EventOutbox,
        MigrationRunner,
        EventBusLifecycle,
        OrmRequestContextInterceptor,
        ...(options.subscribers ?? []),
      ],
      exports: [SERVICE_OPTIONS, EVENTS_NATS, RpcClient, EventOutbox, MigrationRunner, EventBusLifecycle, ...(options.redis ? [REDIS] : [])],
    };
  }
}

/** Starts the relay and consumers after migrations ran; stops them before the connections close. */
@Injectable()
export class EventBusLifecycle
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown, OrmEventSubscriber
{
  private readonly logger = new Logger('EventBus');
  readonly relay: OutboxRelay;
  private readonly consumers: EventConsumer[] = [];

  constructor(
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    private readonly orm: MikroORM,
    private readonly migrations: MigrationRunner,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(REDIS) private readonly redis?: Redis,
  ) {
    this.relay = new OutboxRelay(orm, nc, options.config.NATS_NAMESPACE, { pollMs: options.config.OUTBOX_POLL_MS });
    orm.em.getEventManager().registerSubscriber(this);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.migrations.run();
    await ensureEventStream(this.nc, this.options.config.NATS_NAMESPACE);
    this.relay.start();
    for (const type of this.options.subscribers ?? []) {
      const subscriber = this.moduleRef.get(type, { strict: false });
      const consumer = new EventConsumer(this.orm, this.nc, this.options.config.NATS_NAMESPACE, subscriber);
      await consumer.start();
      this.consumers.push(consumer);
    }
    this.logger.log(`relay started; ${this.consumers.length} consumer(s)`);
  }

  // Before the ORM closes its pool: a relay poll caught in between would wait for a connection.
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
    this.redis?.disconnect();
  }

  // A committed outbox row is published right away rather than at the next poll.
  afterFlush(_args: FlushEventArgs): void {
    this.relay.kick();
  }
  afterTransactionCommit(_args: TransactionEventArgs): void {
    this.relay.kick();
  }

  health() {
    return checkServiceHealth({
      service: this.options.name,
      orm: this.orm,
      nats: this.nc,
      ...(this.redis ? { redis: this.redis } : {}),
    });
  }
}

function healthController(pattern: RpcSubject): Type {
  @Controller()
  class HealthController {
    constructor(private readonly bus: EventBusLifecycle) {}

    @RpcHandler(pattern)
    health() {
      return this.bus.health();
    }
  }
  return HealthController;
}
