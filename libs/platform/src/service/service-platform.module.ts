import { MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Logger, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { AuditRetention } from '../audit/audit-retention';
import { AuditTrail } from '../audit/audit-trail';
import { MigrationRunner } from '../database/migration-runner';
import { DependencyOutageLog } from '../health/dependency-outage';
import { OrmRequestContextInterceptor } from '../database/request-context.interceptor';
import { ormConfig } from '../database/orm-config';
import { Transactions } from '../database/transactions';
import { EventOutbox } from '../events/event-outbox';
import { connectNats } from '../events/jetstream';
import { EventTablesRetention } from '../events/event-tables-retention';
import { OutboxRelay } from '../events/outbox-relay';
import { SqlEventWriter } from '../events/sql-event-writer';
import { MAIL_EXPORTS, mailPlatformProviders } from '../mail/mail-delivery';
import { SMS_EXPORTS, smsPlatformProviders } from '../sms/sms-delivery';
import { RpcClient } from '../messaging/rpc-client';
import { ConsumersLifecycle } from './consumers-lifecycle';
import { EventStreamSetup } from './event-stream-setup';
import { RelayWakeOnCommit } from './relay-wake-on-commit';
import { ServiceConnections } from './service-connections';
import { healthController, ServiceHealthCheck } from './service-health-check';
import { ServiceLifecycle } from './service-lifecycle';
import { ServiceOperatorPort } from './service-operator-port';
import type { ServicePlatformOptions } from './service-platform-options';
import { EVENTS_NATS, REDIS, SERVICE_OPTIONS } from './tokens';

export type { ServicePlatformOptions } from './service-platform-options';

/**
 * Everything a service needs from the platform, wired once: its MikroORM (own schema, migrations at
 * start-up), the outbox and its relay, event consumers, an RPC client for other services, Redis when
 * asked for, and the health answer. ServiceLifecycle orders their start and stop.
 */
@Module({})
export class ServicePlatformModule {
  static forRoot(options: ServicePlatformOptions): DynamicModule {
    const redisProviders: Provider[] = options.redis
      ? [
          {
            provide: REDIS,
            useFactory: () => {
              // Fail fast while Redis is away (no offline queue, a command deadline well inside the RPC
              // timeout): callers decide what an outage means instead of waiting on a queue.
              const redis = new Redis(options.config.REDIS_URL, {
                maxRetriesPerRequest: 1,
                connectTimeout: 3000,
                commandTimeout: 1000,
                enableOfflineQueue: false,
                lazyConnect: false,
              });
              const outages = new DependencyOutageLog(new Logger('Redis'));
              redis.on('error', (error: Error) => outages.down('redis', error.message));
              redis.on('ready', () => outages.up('redis'));
              return redis;
            },
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
            connectNats({
              url: options.config.EVENTS_NATS_URL ?? options.config.NATS_URL,
              name: `${options.name}-events`,
            }),
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
        {
          provide: OutboxRelay,
          inject: [MikroORM, EVENTS_NATS],
          useFactory: (orm: MikroORM, nc: NatsConnection) =>
            new OutboxRelay(orm, nc, options.config.NATS_NAMESPACE, {
              pollMs: options.config.OUTBOX_POLL_MS,
            }),
        },
        ...redisProviders,
        ...mailPlatformProviders(options),
        ...smsPlatformProviders(options),
        EventOutbox,
        SqlEventWriter,
        AuditTrail,
        AuditRetention,
        EventTablesRetention,
        Transactions,
        MigrationRunner,
        EventStreamSetup,
        RelayWakeOnCommit,
        ConsumersLifecycle,
        ServiceConnections,
        ServiceHealthCheck,
        ServiceLifecycle,
        ServiceOperatorPort,
        OrmRequestContextInterceptor,
      ],
      exports: [
        SERVICE_OPTIONS,
        EVENTS_NATS,
        RpcClient,
        EventOutbox,
        SqlEventWriter,
        AuditTrail,
        AuditRetention,
        Transactions,
        OutboxRelay,
        MigrationRunner,
        ServiceOperatorPort,
        ...(options.redis ? [REDIS] : []),
        ...(options.mail ? MAIL_EXPORTS : []),
        ...(options.sms ? SMS_EXPORTS : []),
      ],
    };
  }
}
