import {
  exportMetrics,
  httpRequestDurationSeconds,
  httpRequestsTotal,
  OperatorServer,
  rpcCallsTotal,
  rpcDurationSeconds,
  RpcClient,
} from '@avpass/platform';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/**
 * The gateway's operator port (METRICS_PORT; never its public PORT): /metrics, /healthz, and /readyz
 * over its own dependencies only — PostgreSQL, Redis, NATS — not the services (decision 26).
 */
@Injectable()
export class GatewayOperatorPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: OperatorServer | null;
  private readonly pg: Pool | null;
  private readonly redis: Redis | null;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, rpc: RpcClient) {
    exportMetrics(httpRequestsTotal, httpRequestDurationSeconds, rpcCallsTotal, rpcDurationSeconds);
    if (config.METRICS_PORT === undefined) {
      this.server = this.pg = this.redis = null;
      return;
    }
    const pg = new Pool({ connectionString: config.DATABASE_URL, max: 1, connectionTimeoutMillis: 1500 });
    pg.on('error', () => undefined); // reported by /readyz
    const redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1500,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined); // reported by /readyz
    this.pg = pg;
    this.redis = redis;
    this.server = new OperatorServer({
      name: 'gateway',
      port: config.METRICS_PORT,
      host: config.OPERATOR_HOST,
      metricsToken: config.METRICS_TOKEN,
      readiness: {
        postgres: async () => void (await pg.query('select 1')),
        redis: async () => {
          if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
          await redis.ping();
        },
        nats: () => rpc.ping(),
      },
    });
  }

  /** Where it listens (null when METRICS_PORT is unset or before start-up). */
  get address(): AddressInfo | null {
    return this.server?.address ?? null;
  }

  get port(): number | null {
    return this.server?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.server?.listen();
    this.server?.markStarted();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.redis?.disconnect();
    await this.pg?.end();
  }
}
