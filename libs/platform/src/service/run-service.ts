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
import { installProcessGuards } from './process-guards';
import { describeStartupError } from './startup-errors';

/**
 * A service, defined once (services/<name>/src/service.ts): its name, how its configuration is read
 * from the environment, and its root module. main.ts, the service's tests and the gateway's test
 * harness all start it from this definition. `O` is what tests may pass the module (a clock, …).
 */
export interface ServiceDefinition<C extends ServiceConfig, O = never> {
  readonly name: ServiceName;
  readonly loadConfig: (env?: NodeJS.ProcessEnv) => C;
  readonly module: (config: C, database: ServiceDatabase, options?: O) => DynamicModule;
}

export function defineService<C extends ServiceConfig, O = never>(
  definition: ServiceDefinition<C, O>,
): ServiceDefinition<C, O> {
  return Object.freeze({ ...definition });
}

export interface ServiceStart<C, O> {
  /** The environment its configuration is read from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** An already parsed configuration (then `env` is not read). */
  config?: C;
  /** Module options for tests. */
  options?: O;
}

/**
 * Creates a service: its database, role and schema, then the Nest microservice listening on NATS
 * (queue group = service name, so instances share the load). Tests call this in-process.
 */
export async function createServiceApp<C extends ServiceConfig, O = never>(
  definition: ServiceDefinition<C, O>,
  start: ServiceStart<C, O> = {},
): Promise<INestMicroservice> {
  const { name } = definition;
  const config = start.config ?? definition.loadConfig(start.env);
  const pino = createPinoLogger(name, config.LOG_LEVEL);
  await ensureDatabase(config.DATABASE_URL);
  const database = await ensureServiceSchema(config.DATABASE_URL, name, config.DB_ROLE_SECRET);
  const app = await NestFactory.createMicroservice(definition.module(config, database, start.options), {
    strategy: new NamespacedNatsServer(config.NATS_NAMESPACE, {
      servers: [config.NATS_URL],
      queue: name,
      name: `${name}-server`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      gracefulShutdown: true,
      gracePeriod: 2000,
    }),
    logger: new NestPinoLogger(pino),
  });
  app.useGlobalFilters(new AllRpcExceptionsFilter());
  // The request's identity map around its log line, as one interceptor (one Nest layer per request).
  app.useGlobalInterceptors(app.get(OrmRequestContextInterceptor).around(new RpcLoggingInterceptor(pino)));
  app.enableShutdownHooks();
  await app.listen();
  pino.info(`${name} service ready (namespace ${config.NATS_NAMESPACE})`);
  return app;
}

/** The process entry point: start, or stop with one clear line (never a stack trace). */
export function runService<C extends ServiceConfig, O>(definition: ServiceDefinition<C, O>): void {
  installProcessGuards(definition.name);
  let config: C;
  try {
    config = definition.loadConfig();
  } catch (error) {
    console.error(`[startup] ${describeStartupError(error)}`);
    process.exit(1);
  }
  createServiceApp(definition, { config }).catch((error: unknown) => {
    console.error(`[${definition.name}] could not start: ${describeStartupError(error)}`);
    process.exit(1);
  });
}
