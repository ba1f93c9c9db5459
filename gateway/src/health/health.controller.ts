import { RPC, SERVICE_NAMES } from '@avpass/contracts';
import { probe as check, RpcClient } from '@avpass/platform';
import { Controller, Get, Inject, Res, type OnModuleDestroy } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** GET /health: PostgreSQL, Redis, NATS and every service; 200 when all are up, else 503. */
@ApiTags('health')
@Controller('health')
export class HealthController implements OnModuleDestroy {
  private readonly pg: Pool;
  private readonly redis: Redis;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.pg = new Pool({ connectionString: config.DATABASE_URL, max: 1, connectionTimeoutMillis: 1500 });
    // An idle client whose server restarts emits 'error' on the pool; unhandled, it ended the gateway.
    this.pg.on('error', () => undefined); // reported by the check below
    this.redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1500,
      enableOfflineQueue: false,
    });
    this.redis.on('error', () => undefined); // reported by the check below
  }

  @Public()
  @Get()
  async health(@Res() reply: FastifyReply): Promise<void> {
    const [pgCheck, redisCheck, natsCheck, ...services] = await Promise.all([
      check(() => this.pg.query('select 1')),
      check(async () => {
        if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
        return this.redis.ping();
      }),
      check(() => this.rpc.ping()),
      ...SERVICE_NAMES.map((name) =>
        check(async () => {
          const health = await this.rpc.call(RPC[name].health, {}, { requestId: randomUUID() }, 1500);
          if (health.status !== 'up') {
            // Names only: the dependency's own error text is for the service's logs, not anonymous callers.
            const down = Object.entries(health.details)
              .filter(([, d]) => d.status === 'down')
              .map(([k]) => k);
            throw new Error(`cannot reach ${down.join(', ')}`);
          }
        }),
      ),
    ]);
    // The driver's error text (addresses, ports) stays out of a public page.
    const [postgres, redis, nats] = [pgCheck, redisCheck, natsCheck].map((c) =>
      c.status === 'up'
        ? c
        : { status: c.status, message: /no answer/.test(c.message ?? '') ? c.message : 'unreachable' },
    ) as [typeof pgCheck, typeof pgCheck, typeof pgCheck];
    const body = {
      status: 'up' as 'up' | 'down',
      infrastructure: { postgres, redis, nats },
      services: Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, services[i]!])),
    };
    const all = [postgres, redis, nats, ...services];
    body.status = all.every((c) => c.status === 'up') ? 'up' : 'down';
    void reply.status(body.status === 'up' ? 200 : 503).send(body);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
    await this.pg.end();
  }
}
