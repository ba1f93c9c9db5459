import { ClientNats, ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { coalesceNatsWrites } from './nats-write-coalescing';

/**
 * NestJS's NATS transport with every subject prefixed by the deployment's namespace
 * (`avpass.identity.auth.login`), so two deployments or test runs sharing one NATS server never
 * answer each other's requests. Idempotent: a subject that already carries the prefix is kept.
 */
function namespaced(namespace: string, route: string): string {
  return route.startsWith(`${namespace}.`) ? route : `${namespace}.${route}`;
}

export class NamespacedNatsServer extends ServerNats {
  constructor(
    private readonly namespace: string,
    options: NatsOptions['options'],
  ) {
    super(options ?? {});
  }

  protected override normalizePattern(pattern: Parameters<ServerNats['normalizePattern']>[0]): string {
    return namespaced(this.namespace, super.normalizePattern(pattern));
  }

  /**
   * Ready once the NATS server holds the subscriptions: Nest's own start subscribes and reports ready at
   * once, before the SUBs have reached the server, so a request another connection sent right then (the
   * first caller of a restarted instance) was told "no responders" and answered 503. One round trip
   * (flush) closes that window.
   */
  override start(callback: (err?: unknown, ...optionalParams: unknown[]) => void): void {
    const nc = this.unwrap<NatsConnection>();
    // Replies to requests answered in one turn of the event loop go out in one write.
    coalesceNatsWrites(nc);
    this.bindEvents(nc);
    nc.flush().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  /** Each subscription's route, worked out once: Nest's own first tries JSON.parse on every message. */
  private readonly routes = new Map<string, string>();

  /**
   * Nest asks this for every request (the subscription's subject, one of the handlers' few): its own
   * answer JSON.parses the subject first, and a plain subject makes that throw, an exception with a
   * stack trace per request (issue 40's profile of the redeem). Same answer, cached per subject.
   */
  protected override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < 10_000) this.routes.set(pattern, route);
    }
    return route;
  }
}

export class NamespacedNatsClient extends ClientNats {
  constructor(
    private readonly namespace: string,
    options: NatsOptions['options'],
  ) {
    super(options ?? {});
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return namespaced(this.namespace, super.normalizePattern(pattern));
  }

  /** Requests made in one turn of the event loop go out in one write (the gateway under load). */
  override async createClient(): Promise<NatsConnection> {
    const nc = (await super.createClient()) as NatsConnection;
    coalesceNatsWrites(nc);
    return nc;
  }
}
