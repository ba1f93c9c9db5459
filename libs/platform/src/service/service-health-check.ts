import { MikroORM } from '@mikro-orm/core';
import { Controller, Inject, Injectable, type Type } from '@nestjs/common';
import type { RpcSubject } from '@avpass/contracts';
import { checkServiceHealth } from '../health/service-health';
import { RpcHandler } from '../messaging/rpc-handler';
import { ServiceConnections } from './service-connections';
import type { ServicePlatformOptions } from './service-platform-options';
import { SERVICE_OPTIONS } from './tokens';

/** The service's health answer: its database, NATS and (when it uses one) Redis. */
@Injectable()
export class ServiceHealthCheck {
  constructor(
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
    private readonly orm: MikroORM,
    private readonly connections: ServiceConnections,
  ) {}

  check() {
    return checkServiceHealth({
      service: this.options.name,
      orm: this.orm,
      nats: this.connections.nats,
      ...(this.connections.redis ? { redis: this.connections.redis } : {}),
    });
  }
}

/** Answers the service's health subject (each service has its own, named in contracts). */
export function healthController(pattern: RpcSubject): Type {
  @Controller()
  class HealthController {
    constructor(private readonly healthCheck: ServiceHealthCheck) {}

    @RpcHandler(pattern)
    health() {
      return this.healthCheck.check();
    }
  }
  return HealthController;
}
