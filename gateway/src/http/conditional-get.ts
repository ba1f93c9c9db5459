import type { Actor } from '@avpass/contracts';
import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, of, type Observable } from 'rxjs';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { AuthenticatedRequest } from '../rpc/service-caller';
import { LoadShedder } from './load-shedding';
import { PollVersions, pollScopeOf } from './poll-versions';
import type { RouteTraits } from './route-traits';
import type { SessionCache } from './session-cache';

/** An answer's ETag also changes every 15 minutes: "today" and expiry turn over at a business midnight. */
const TURNOVER_MS = 15 * 60_000;

const NOT_MODIFIED = Symbol('notModified');
type MarkedRequest = AuthenticatedRequest & { [NOT_MODIFIED]?: true };

interface CachedAnswer {
  at: number;
  etag: string;
  writes: number;
  body: unknown;
}

/**
 * Cheap polls (issue 28). For a polled GET the poll versions cover (`@Polled()` on its route, not
 * `@Polled({ conditional: false })`): the ETag is a hash of the route, query, caller's scope and
 * the scope's version (PollVersions, read before the service is asked). If-None-Match equal to it is
 * 304 without calling the service. Otherwise a shared answer at most POLL_CACHE_MS old, of the same
 * route, query and scope, made before none of this scope's own writes, is served (N administrator
 * screens cost one computation per window); else the service is asked once for all the identical
 * requests waiting at that version (coalesced), unless the gateway is too busy (LoadShedder: 503 with
 * Retry-After). Every answer carries the ETag and `Cache-Control: private, no-cache`.
 */
@Injectable()
export class ConditionalGetInterceptor implements NestInterceptor {
  private readonly cache = new Map<string, CachedAnswer>();
  private readonly inFlight = new Map<string, Promise<{ body: unknown; etag: string; writes: number }>>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly versions: PollVersions,
    private readonly shedder: LoadShedder,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<MarkedRequest>();
    // Only on the routes `@Polled()` marks (route-level, so no other route pays for an interceptor).
    if (!request.user || request.method !== 'GET') return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const scope = pollScopeOf(request.user);
    const queryAt = request.url.indexOf('?');
    const key = `${request.routeOptions.url}${queryAt < 0 ? '' : request.url.slice(queryAt)}|${scope.key}`;
    const version = this.versions.versionOf(scope);
    const writes = this.versions.writesOf(scope);
    const now = Date.now();
    const etag = `"${createHash('sha1')
      .update(`${key}|${version}|${Math.floor(now / TURNOVER_MS)}`)
      .digest('base64url')
      .slice(0, 22)}"`;
    const asked = request.headers['if-none-match'];
    // A 304 only for the current version's ETag: a shared answer from before it (served for a second, or
    // while the next is made) is sent whole, labelled with its own ETag, never as "your figures are current".
    const answer = (body: unknown, tag: string): Observable<unknown> => {
      void reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (asked === tag && tag === etag) {
        request[NOT_MODIFIED] = true;
        return of(null);
      }
      return of(body);
    };
    if (asked === etag) return answer(null, etag);

    // The requests one computation answers: this key, at this version, after as many of the scope's writes.
    const flightKey = `${key}|${version}|${writes}`;
    const cached = this.cache.get(key);
    const shared = cached && this.config.POLL_CACHE_MS > 0 && cached.writes === writes ? cached : null;
    if (shared && now - shared.at < this.config.POLL_CACHE_MS) return answer(shared.body, shared.etag);
    // Stale-while-revalidate: a shared answer a little older is served at once while one request makes
    // the next in the background, so a slow computation (a year of data) never holds the polls up.
    if (shared && now - shared.at < this.config.POLL_CACHE_MS + this.config.POLL_STALE_MS) {
      if (!this.inFlight.has(flightKey))
        this.make(next, key, flightKey, etag, writes, now).catch(() => undefined);
      return answer(shared.body, shared.etag);
    }

    // A screen that already shows an answer (it revalidates) is asked to wait; a first load only past
    // twice the polls in flight (decision 377). One that joins a computation already asked for costs nothing.
    if (!this.inFlight.has(flightKey)) {
      if (asked !== undefined) this.shedder.admitPoll();
      else this.shedder.admitFirstLoad();
    }
    const flight = this.make(next, key, flightKey, etag, writes, now);
    return from(flight.then((made) => lastValueFrom(answer(made.body, made.etag))));
  }

  /** The service's answer for this key and version, asked once for every identical request (coalesced). */
  private make(
    next: CallHandler,
    key: string,
    flightKey: string,
    etag: string,
    writes: number,
    now: number,
  ): Promise<{ body: unknown; etag: string; writes: number }> {
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      flight = this.shedder
        .track(() => lastValueFrom(next.handle()))
        .then((body) => {
          const made = { body, etag, writes };
          if (this.config.POLL_CACHE_MS > 0) {
            this.cache.set(key, { at: now, ...made });
            this.trimCache(now);
          }
          return made;
        })
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
    }
    return flight;
  }

  private trimCache(now: number): void {
    if (this.cache.size < 5_000) return;
    for (const [key, entry] of this.cache) {
      if (now - entry.at >= this.config.POLL_CACHE_MS + this.config.POLL_STALE_MS) this.cache.delete(key);
    }
  }
}

/**
 * The Fastify side: a request the interceptor found unchanged leaves as 304 with no body; a successful
 * write raises the caller's versions (its next poll sees its own change) and, unless it is a redeem or
 * till call (`@HotWrite()`), forgets the gateway's brief session answers (a sign-out or password change
 * applies at once); a `@ReadOnlyPost()` changes nothing. A redeem's (`@Redeem()`) answer names its code's
 * partners, which the redeem's event does not.
 */
export function installConditionalGet(
  fastify: FastifyInstance,
  versions: PollVersions,
  sessions: SessionCache,
  traits: RouteTraits,
): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    if ((request as MarkedRequest)[NOT_MODIFIED]) {
      void reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    if (
      request.method === 'POST' &&
      reply.statusCode < 300 &&
      traits.has('redeem', request) &&
      typeof payload === 'string'
    ) {
      learnRedeemedCode(versions, payload);
    }
    return payload;
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      !traits.has('readOnlyPost', request)
    ) {
      versions.wrote((request as AuthenticatedRequest).user as Actor | undefined);
      if (!traits.has('hotWrite', request)) sessions.clear();
    }
    done();
  });
}

function learnRedeemedCode(versions: PollVersions, payload: string): void {
  try {
    const body = JSON.parse(payload) as { voucher?: { id?: unknown; partners?: { id?: unknown }[] } };
    const voucher = body.voucher;
    if (typeof voucher?.id !== 'string' || !Array.isArray(voucher.partners)) return;
    versions.learnCode(
      voucher.id,
      voucher.partners.map((partner) => partner.id).filter((id): id is string => typeof id === 'string'),
    );
  } catch {
    // Not the answer's usual shape: the redeem's event still raises the versions.
  }
}
