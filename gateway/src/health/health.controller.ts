import { RPC, SERVICE_NAMES, type ServiceHealth, type ServiceName } from '@avpass/contracts';
import { probe as check, RpcClient } from '@avpass/platform';
import { Controller, Get, Inject, Req, Res, type OnModuleDestroy } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { bearerToken, Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { AuthenticatedRequest } from '../rpc/service-caller';

/**
 * GET /health: PostgreSQL, Redis, NATS and every service; 200 when all are up, else 503. Anyone sees
 * which dependency is missing; only a signed-in super_admin sees the drivers' error text.
 */
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
  async health(@Req() request: AuthenticatedRequest, @Res() reply: FastifyReply): Promise<void> {
    // What each service said about its own dependencies, with their error text (super_admin only).
    const dependencies: Partial<Record<ServiceName, ServiceHealth['details']>> = {};
    const [showDetails, pgCheck, redisCheck, natsCheck, ...services] = await Promise.all([
      this.isSuperAdmin(request),
      check(() => this.pg.query('select 1')),
      check(async () => {
        if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
        return this.redis.ping();
      }),
      check(() => this.rpc.ping()),
      ...SERVICE_NAMES.map((name) =>
        check(async () => {
          const health = await this.rpc.call(RPC[name].health, {}, { requestId: String(request.id) }, 1500);
          if (health.status !== 'up') {
            dependencies[name] = health.details;
            // Names only: the dependency's own error text is for the service's logs, not anonymous callers.
            const down = Object.entries(health.details)
              .filter(([, d]) => d.status === 'down')
              .map(([k]) => k);
            throw new Error(`cannot reach ${down.join(', ')}`);
          }
        }),
      ),
    ]);
    // The driver's error text (addresses, ports) stays out of a public page; a signed-in
    // super_admin also gets it, as `detail`, to tell a refused connection from a timeout.
    const [postgres, redis, nats] = [pgCheck, redisCheck, natsCheck].map((c) =>
      c.status === 'up'
        ? c
        : {
            status: c.status,
            message: /no answer/.test(c.message ?? '') ? c.message : 'unreachable',
            ...(showDetails && c.message ? { detail: c.message } : {}),
          },
    ) as [typeof pgCheck, typeof pgCheck, typeof pgCheck];
    const body = {
      status: 'up' as 'up' | 'down',
      infrastructure: { postgres, redis, nats },
      services: Object.fromEntries(
        SERVICE_NAMES.map((name, i) => {
          const own = dependencies[name];
          return [name, showDetails && own ? { ...services[i]!, dependencies: own } : services[i]!];
        }),
      ),
    };
    const all = [postgres, redis, nats, ...services];
    body.status = all.every((c) => c.status === 'up') ? 'up' : 'down';
    void reply.status(body.status === 'up' ? 200 : 503).send(body);
  }

  /** The route is public: a bearer token, when sent, is resolved here and only widens the answer. */
  private async isSuperAdmin(request: AuthenticatedRequest): Promise<boolean> {
    const token = bearerToken(request);
    if (!token) return false;
    try {
      const actor = await this.rpc.call(
        RPC.identity.resolveSession,
        { token },
        { requestId: String(request.id) },
        1500,
      );
      return actor?.role === 'super_admin';
    } catch {
      return false; // identity is down: its own line says so
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
    await this.pg.end();
  }
}
