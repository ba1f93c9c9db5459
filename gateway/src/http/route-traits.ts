import {
  applyDecorators,
  Injectable,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
  type OnModuleInit,
} from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ConditionalGetInterceptor } from './conditional-get';

/**
 * A route's traits, declared on the controller method (house habit 19) and read once at start-up into
 * sets keyed by method and route pattern, so the Fastify hooks that consult them per request stay cheap.
 */
export type RouteTrait = 'polled' | 'hotWrite' | 'redeem' | 'readOnlyPost';

const TRAIT_KEYS: Record<RouteTrait, string> = {
  polled: 'avpass:route:polled',
  hotWrite: 'avpass:route:hot-write',
  redeem: 'avpass:route:redeem',
  readOnlyPost: 'avpass:route:read-only-post',
};

/** The one method each trait applies to (a trait on another method stops the gateway at start-up). */
const TRAIT_METHODS: Partial<Record<RouteTrait, RequestMethod>> = {
  polled: RequestMethod.GET,
  redeem: RequestMethod.POST,
  readOnlyPost: RequestMethod.POST,
};

/** How a polled route is answered (decision 250). */
export interface PolledOptions {
  /**
   * Whether the poll versions tell when its answer changed (default true): the answer depends on nothing
   * but data whose every change is an event or a write through this gateway naming its scope, and on the
   * caller's role and company. Then it gets the conditional GET: an ETag, 304 when unchanged, answers
   * shared for POLL_CACHE_MS, coalesced and shed when busy. `false` for a poll whose answer changes
   * without such an event (with time, in Redis, for a company no event names): it keeps only the
   * session answer of a second ago and counts among the polls in flight.
   */
  conditional?: boolean;
}

/**
 * A GET the screens poll (spec §9; issue 28): every such route says so, and whether the conditional GET
 * applies (`@Polled()`) or no version source covers its answer (`@Polled({ conditional: false })`).
 */
export const Polled = (options: PolledOptions = {}) =>
  options.conditional === false
    ? SetMetadata(TRAIT_KEYS.polled, { conditional: false })
    : applyDecorators(
        SetMetadata(TRAIT_KEYS.polled, { conditional: true }),
        UseInterceptors(ConditionalGetInterceptor),
      );
/** A write at the till's pace: it changes data (the poll versions follow) but no session, so the gateway's brief session answers are kept. */
export const HotWrite = () => SetMetadata(TRAIT_KEYS.hotWrite, true);
/** A redeem: its answer names the code's partners (its event does not), which the poll versions learn. */
export const Redeem = () => SetMetadata(TRAIT_KEYS.redeem, true);
/** A POST that changes nothing (a till's look at a code): it raises no version and keeps the sessions. */
export const ReadOnlyPost = () => SetMetadata(TRAIT_KEYS.readOnlyPost, true);

/** One declared route: the method and the pattern Fastify registers (`/api/redeem/:id`). */
export interface DeclaredRoute {
  method: string;
  url: string;
  traits: RouteTrait[];
  /** A polled route the conditional GET applies to (`@Polled()`, not `@Polled({ conditional: false })`). */
  conditional?: true;
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** `/` + the controller's and the method's paths, joined the way Nest joins them (no global prefix here). */
function joinPath(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [String(value ?? '')];

/**
 * The routes' traits, collected from every controller's decorators when the module starts. A trait on
 * the wrong method (a polled POST) is a mistake in the code: the gateway refuses to start.
 */
@Injectable()
export class RouteTraits implements OnModuleInit {
  private readonly byTrait = new Map<RouteTrait, Set<string>>(
    (Object.keys(TRAIT_KEYS) as RouteTrait[]).map((trait) => [trait, new Set<string>()]),
  );
  private declared: DeclaredRoute[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const declared: DeclaredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as (...args: unknown[]) => unknown;
        const traits = (Object.keys(TRAIT_KEYS) as RouteTrait[]).filter((trait) =>
          this.reflector.get<boolean | undefined>(TRAIT_KEYS[trait], handler),
        );
        if (traits.length === 0) continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (requestMethod === undefined) {
          throw new Error(
            `${controller.name}.${name}: route traits (${traits.join(', ')}) on a method that is no route`,
          );
        }
        for (const trait of traits) {
          const wanted = TRAIT_METHODS[trait];
          if (wanted !== undefined && wanted !== requestMethod) {
            throw new Error(
              `${controller.name}.${name}: @${trait} applies to ${RequestMethod[wanted]} routes, not ${RequestMethod[requestMethod]}`,
            );
          }
        }
        const method = RequestMethod[requestMethod];
        const polled = this.reflector.get<{ conditional: boolean } | undefined>(TRAIT_KEYS.polled, handler);
        const conditional = polled?.conditional === true;
        for (const prefix of prefixes) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            const url = joinPath(prefix, path);
            declared.push({ method, url, traits, ...(conditional ? { conditional } : {}) });
            for (const trait of traits) this.byTrait.get(trait)!.add(routeKey(method, url));
          }
        }
      }
    }
    this.declared = declared;
  }

  /** Every route that declares a trait, as the decorators name it (for the test that each exists). */
  routes(): readonly DeclaredRoute[] {
    return this.declared;
  }

  /** Whether the route this request matched declares the trait. */
  has(trait: RouteTrait, request: FastifyRequest): boolean {
    return this.byTrait.get(trait)!.has(routeKey(request.method, request.routeOptions.url ?? ''));
  }

  /** A GET of a polled route (the session cache and load shedding apply). */
  isPolledGet(request: FastifyRequest): boolean {
    return request.method === 'GET' && this.has('polled', request);
  }
}
