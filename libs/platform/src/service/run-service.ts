import type { ServiceName } from '@avpass/contracts';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { OrmRequestContextInterceptor } from '../database/request-context.interceptor';
import { ensureDatabase, ensureServiceSchema, type ServiceDatabase } from '../database/service-database';
import { createPinoLogger } from '../logging/logger';
import { NestPinoLogger } from '../logging/nest-pino-logger';
import { NamespacedNatsServer } from '../messaging/namespaced-nats';
import { AllRpcExceptionsFilter } from '../messaging/rpc-exception.filter';
import { RpcLoggingInterceptor } from '../messaging/rpc-logging.interceptor';
import type { ServiceConfig } from './service-config';
import { describeStartupError } from './startup-errors';

export interface ServiceDefinition<C extends ServiceConfig> {
  name: ServiceName;
  config: C;
  module: (database: ServiceDatabase) => DynamicModule;
}

/**
 * Creates a service: its database, role and schema, then the Nest microservice listening on NATS
 * (queue group = service name, so instances share the load). Tests call this in-process.
 */
export async function createServiceApp<C extends ServiceConfig>(def: ServiceDefinition<C>): Promise<INestMicroservice> {
  const pino = createPinoLogger(def.name, def.config.LOG_LEVEL);
  await ensureDatabase(def.config.DATABASE_URL);
  const database = await ensureServiceSchema(def.config.DATABASE_URL, def.name, def.config.DB_ROLE_SECRET);
  const app = await NestFactory.createMicroservice(def.module(database), {
    strategy: new NamespacedNatsServer(def.config.NATS_NAMESPACE, {
      servers: [def.config.NATS_URL],
      queue: def.name,
      name: `${def.name}-server`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      gracefulShutdown: true,
      gracePeriod: 2000,
    }),
    logger: new NestPinoLogger(pino),
  });
  app.useGlobalFilters(new AllRpcExceptionsFilter());
  app.useGlobalInterceptors(new RpcLoggingInterceptor(pino), app.get(OrmRequestContextInterceptor));
  app.enableShutdownHooks();
  await app.listen();
  pino.info(`${def.name} service ready (namespace ${def.config.NATS_NAMESPACE})`);
  return app;
}

/** The process entry point: start, or stop with one clear line (never a stack trace). */
export function runService<C extends ServiceConfig>(def: () => ServiceDefinition<C>): void {
  let definition: ServiceDefinition<C>;
  try {
    definition = def();
  } catch (error) {
    console.error(`[startup] ${describeStartupError(error)}`);
    process.exit(1);
  }
  createServiceApp(definition).catch((error: unknown) => {
    console.error(`[${definition.name}] could not start: ${describeStartupError(error)}`);
    process.exit(1);
  });
}
