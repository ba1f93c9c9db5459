import {
  addressBucket,
  DomainError,
  InFlightCounter,
  WindowRateLimiter,
  type WindowLimit,
} from '@avpass/platform';
import {
  applyDecorators,
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { bearerToken } from './bearer-token';
import type { AuthenticatedRequest } from '../rpc/service-caller';
import { withCode } from './error-mapping';

/**
 * Whom a limit counts: the signed-in user, the user's partner (company), the client's address, or the
 * bearer token as sent (`session`: counted before the token is even checked, so a burst beyond it costs
 * no session look-up).
 */
export type LimitScope = 'user' | 'company' | 'address' | 'session';

/** A route's limits, declared beside the route with `@Limited(...)`. */
export interface RouteLimits {
  /** Names the counters (`{namespace}:limit:{name}:{scope}:{id}`); routes sharing a name share them. */
  name: string;
  /** Fixed-window rates (Redis, shared by every gateway instance); not `session`. */
  rates?: readonly {
    per: Exclude<LimitScope, 'session'>;
    limit: (config: GatewayConfig) => number;
    windowSeconds: number;
  }[];
  /** Calls in flight at once (this gateway instance): a burst beyond it is refused at once. */
  inFlight?: readonly { per: LimitScope; most: (config: GatewayConfig) => number }[];
  /** The 429's message; `{seconds}` becomes the wait. */
  message: string;
}

const LIMITS = 'avpass:routeLimits';
/** The same limits in the Fastify route's config, for the hook that runs before authentication. */
const ROUTE_CONFIG_KEY = 'avpassLimits';

/**
 * Limits this route's callers (429 + Retry-After past them), decided on the route the router matched:
 * the Nest metadata for the interceptor (after authentication), the Fastify route config for the
 * `session` gate (before it).
 */
export const Limited = (limits: RouteLimits) =>
  applyDecorators(SetMetadata(LIMITS, limits), RouteConfig({ [ROUTE_CONFIG_KEY]: limits }));

/** The id a scope counts for this request, or null when it does not apply (the administrator has no partner). */
function idOf(scope: LimitScope, request: AuthenticatedRequest): string | null {
  if (scope === 'address') return addressBucket(request.ip);
  if (scope === 'user') return request.user?.userId ?? null;
  if (scope === 'company') return request.user?.companyId?.toLowerCase() ?? null;
  const token = bearerToken(request);
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : null;
}

/**
 * The counters behind `@Limited` (issue 37): rates in Redis through the platform's WindowRateLimiter,
 * calls in flight in this process.
 */
@Injectable()
export class RequestLimits implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly rates: WindowRateLimiter;
  private readonly inFlight = new InFlightCounter();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // Fails fast while Redis is away (as the queue board's): the limiter then counts in this process.
    this.redis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 1000,
      connectTimeout: 3000,
    });
    this.redis.on('error', () => undefined); // each failed count falls back and is logged once
    this.rates = new WindowRateLimiter(this.redis, new Logger('RequestLimits'));
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private key(limits: RouteLimits, scope: LimitScope, id: string): string {
    return `${this.config.NATS_NAMESPACE}:limit:${limits.name}:${scope}:${id}`;
  }

  /** Counts the rates; throws the 429 past one. */
  async countRates(limits: RouteLimits, request: AuthenticatedRequest): Promise<void> {
    const windows: WindowLimit[] = [];
    for (const rate of limits.rates ?? []) {
      const id = idOf(rate.per, request);
      if (id)
        windows.push({
          key: this.key(limits, rate.per, id),
          limit: rate.limit(this.config),
          windowSeconds: rate.windowSeconds,
        });
    }
    const refused = await this.rates.hit(windows);
    if (refused) throw tooMany(limits, refused.retryAfter);
  }

  /**
   * Takes a place in flight under each of `scopes` that applies; throws the 429 (Retry-After 1) when
   * one is full. The answer gives the places back (exactly once).
   */
  enter(limits: RouteLimits, request: AuthenticatedRequest, scopes: readonly LimitScope[]): () => void {
    const places: [string, number][] = [];
    for (const bound of limits.inFlight ?? []) {
      if (!scopes.includes(bound.per)) continue;
      const id = idOf(bound.per, request);
      if (id) places.push([this.key(limits, bound.per, id), bound.most(this.config)]);
    }
    if (!this.inFlight.enter(places)) throw tooMany(limits, 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight.leave(places.map(([k]) => k));
    };
  }
}

function tooMany(limits: RouteLimits, seconds: number): DomainError {
  return new DomainError(
    'RATE_LIMITED',
    limits.message.replace('{seconds}', String(seconds)),
    undefined,
    seconds,
  );
}

/**
 * The `session` gate, before authentication (an onRequest hook, on the route the router matched): a
 * burst of one token's calls beyond its places in flight is refused without asking the identity
 * service about the token, so it cannot crowd out another shop's session checks either. A request
 * without a token passes to the guard, which answers 401.
 */
export function installSessionGate(fastify: FastifyInstance, limits: RequestLimits): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = (request.routeOptions.config as { [ROUTE_CONFIG_KEY]?: RouteLimits } | undefined)?.[
      ROUTE_CONFIG_KEY
    ];
    if (!route?.inFlight?.some((bound) => bound.per === 'session')) return;
    try {
      const leave = limits.enter(route, request, ['session']);
      // 'close' comes once the answer is sent or the client went away: the place is given back either way.
      reply.raw.once('close', leave);
    } catch (error) {
      const refusal = error as DomainError;
      await reply
        .status(429)
        .type('application/json; charset=utf-8')
        .header('retry-after', String(refusal.retryAfter ?? 1))
        .send(withCode(429, { message: refusal.message, requestId: request.id }));
    }
  });
}

/**
 * Applies `@Limited` routes' limits after the authentication and role guards (registered after them), so
 * `user` and `company` are the authenticated caller's: the rates first (one Redis round trip for all of
 * them), then a place in flight, given back once the answer is sent or the client went away. A guard,
 * not an interceptor: a route without `@Limited` costs one metadata read, and a route without any
 * interceptor skips Nest's interceptor chain (two async resources per interceptor per request).
 */
@Injectable()
export class RequestLimitsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RequestLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteLimits | undefined>(LIMITS, context.getHandler());
    if (!route) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    await this.limits.countRates(route, request);
    const leave = this.limits.enter(route, request, ['user', 'company', 'address']);
    // 'close' comes once the answer is sent, or the client went away: the place is given back either way.
    http.getResponse<FastifyReply>().raw.once('close', leave);
    return true;
  }
}
