import { ClientNats, ServerNats, type NatsOptions } from '@nestjs/microservices';

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
}
