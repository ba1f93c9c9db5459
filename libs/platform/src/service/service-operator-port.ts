import { MikroORM } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import {
  consumerLag,
  consumerRedeliveriesTotal,
  exportMetrics,
  outboxBacklog,
  outboxOldestAgeSeconds,
  rpcCallsTotal,
  rpcDurationSeconds,
  type MetricsCollector,
} from '../observability/metrics';
import { OperatorServer } from '../observability/operator-server';
import { ConsumersLifecycle } from './consumers-lifecycle';
import { ServiceHealthCheck } from './service-health-check';
import type { ServicePlatformOptions } from './service-platform-options';
import { SERVICE_OPTIONS } from './tokens';

/**
 * The service's operator port (when METRICS_PORT is set): ready once ServiceLifecycle finished
 * start-up and the service's health answer (PostgreSQL, JetStream, Redis when used) is up. On every
 * scrape: the outbox backlog (one query on the partial index of unpublished rows) and each event
 * consumer's lag. A service adds its own collectors with addCollector (rendering: its queues).
 */
@Injectable()
export class ServiceOperatorPort {
  private readonly server: OperatorServer | null;

  constructor(
    @Inject(SERVICE_OPTIONS) options: ServicePlatformOptions,
    private readonly orm: MikroORM,
    health: ServiceHealthCheck,
    consumers: ConsumersLifecycle,
  ) {
    exportMetrics(rpcCallsTotal, rpcDurationSeconds, outboxBacklog, outboxOldestAgeSeconds);
    if (options.subscribers?.length) exportMetrics(consumerLag, consumerRedeliveriesTotal);
    const port = options.config.METRICS_PORT;
    this.server =
      port === undefined
        ? null
        : new OperatorServer({
            name: options.name,
            port,
            host: options.config.OPERATOR_HOST,
            metricsToken: options.config.METRICS_TOKEN,
            readiness: {
              [options.name]: async () => {
                const answer = await health.check();
                if (answer.status === 'up') return;
                const down = Object.entries(answer.details)
                  .filter(([, d]) => d.status !== 'up')
                  .map(([name, d]) => `${name} ${d.message ?? 'down'}`);
                throw new Error(down.join('; '));
              },
            },
          });
    this.server?.addCollector(() => this.collectOutbox());
    this.server?.addCollector(() => consumers.collectLag());
  }

  /** Where it listens (null when METRICS_PORT is unset or before listen()). */
  get address(): AddressInfo | null {
    return this.server?.address ?? null;
  }

  /** The port it listens on (null when METRICS_PORT is unset). */
  get port(): number | null {
    return this.server?.port ?? null;
  }

  addCollector(collector: MetricsCollector): void {
    this.server?.addCollector(collector);
  }

  async listen(): Promise<void> {
    await this.server?.listen();
  }

  markStarted(): void {
    this.server?.markStarted();
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private async collectOutbox(): Promise<void> {
    const schema = this.orm.config.get('schema');
    const [row] = await this.orm.em.getConnection().execute<{ backlog: string; age: number | null }[]>(
      `select count(*) as backlog, extract(epoch from now() - min(occurred_at))::float8 as age
         from "${schema}".outbox_events where published_at is null`,
    );
    outboxBacklog.set(Number(row?.backlog ?? 0));
    outboxOldestAgeSeconds.set(Math.max(0, Number(row?.age ?? 0)));
  }
}
