import { DomainError, InFlightCounter, WindowRateLimiter, type WindowLimit } from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Redis } from 'ioredis';
import { isIPv6 } from 'node:net';
import { finalize, type Observable } from 'rxjs';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { AuthenticatedRequest } from '../rpc/service-caller';

/** Whom a limit counts: the signed-in user, the user's partner (company), or the client's address. */
export type LimitScope = 'user' | 'company' | 'address';

/** A route's limits, declared beside the route with `@Limited(...)`. */
export interface RouteLimits {
  /** Names the counters (`{namespace}:limit:{name}:{scope}:{id}`); routes sharing a name share them. */
  name: string;
  /** Fixed-window rates (Redis, shared by every gateway instance). */
  rates?: readonly { per: LimitScope; limit: (config: GatewayConfig) => number; windowSeconds: number }[];
  /** Calls in flight at once (this gateway instance): a burst waits its turn instead of crowding others. */
  inFlight?: readonly { per: LimitScope; most: (config: GatewayConfig) => number }[];
  /** The 429's message; `{seconds}` becomes the wait. */
  message: string;
}

const LIMITS = 'avpass:routeLimits';

/** Limits this route's callers (429 + Retry-After past them), decided on the route the router matched. */
export const Limited = (limits: RouteLimits) => SetMetadata(LIMITS, limits);

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
 * network: counting each of its 2^64 addresses apart would be no limit at all).
 */
export function addressBucket(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The id a scope counts for this request, or null when it does not apply (the administrator has no partner). */
function idOf(scope: LimitScope, request: AuthenticatedRequest): string | null {
  if (scope === 'address') return addressBucket(request.ip);
  if (scope === 'user') return request.user?.userId ?? null;
  return request.user?.companyId?.toLowerCase() ?? null;
}

/**
 * Applies `@Limited` routes' limits (issue 37): the rates first (one Redis round trip for all of them),
 * then a place in flight, given back when the answer is sent or fails. A route without `@Limited` costs
 * nothing. Runs after the guards, so `user` and `company` are the authenticated caller's.
 */
@Injectable()
export class RequestLimitsInterceptor implements NestInterceptor, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly rates: WindowRateLimiter;
  private readonly inFlight = new InFlightCounter();

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
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

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const limits = this.reflector.get<RouteLimits | undefined>(LIMITS, context.getHandler());
    if (!limits) return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = (scope: LimitScope, id: string) =>
      `${this.config.NATS_NAMESPACE}:limit:${limits.name}:${scope}:${id}`;

    const windows: WindowLimit[] = [];
    for (const rate of limits.rates ?? []) {
      const id = idOf(rate.per, request);
      if (id)
        windows.push({
          key: key(rate.per, id),
          limit: rate.limit(this.config),
          windowSeconds: rate.windowSeconds,
        });
    }
    const refused = await this.rates.hit(windows);
    if (refused) throw this.tooMany(limits, refused.retryAfter);

    const places: [string, number][] = [];
    for (const bound of limits.inFlight ?? []) {
      const id = idOf(bound.per, request);
      if (id) places.push([key(bound.per, id), bound.most(this.config)]);
    }
    if (!this.inFlight.enter(places)) throw this.tooMany(limits, 1);
    const taken = places.map(([k]) => k);
    return next.handle().pipe(finalize(() => this.inFlight.leave(taken)));
  }

  private tooMany(limits: RouteLimits, seconds: number): DomainError {
    return new DomainError(
      'RATE_LIMITED',
      limits.message.replace('{seconds}', String(seconds)),
      undefined,
      seconds,
    );
  }
}
