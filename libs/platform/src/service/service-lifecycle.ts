import {
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AuditRetention } from '../audit/audit-retention';
import { MigrationRunner } from '../database/migration-runner';
import { EventTablesRetention } from '../events/event-tables-retention';
import { OutboxRelay } from '../events/outbox-relay';
import { MailDelivery } from '../mail/mail-delivery';
import { SmsDelivery } from '../sms/sms-delivery';
import { ConsumersLifecycle } from './consumers-lifecycle';
import { EventStreamSetup } from './event-stream-setup';
import { ServiceConnections } from './service-connections';
import { ServiceOperatorPort } from './service-operator-port';

/**
 * The one place that orders start-up and shutdown (Nest runs one module's hooks concurrently, so the
 * steps are not hooks of their own): migrations, then the stream, the relay and the consumers; on the
 * way down the consumers and the relay stop before the ORM closes its pool (a relay poll caught in
 * between would wait for a connection), and the connections close last. The operator port listens
 * before migrations and is ready after the consumers started.
 */
@Injectable()
export class ServiceLifecycle
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('EventBus');

  constructor(
    private readonly migrations: MigrationRunner,
    private readonly retention: AuditRetention,
    private readonly eventTables: EventTablesRetention,
    private readonly stream: EventStreamSetup,
    private readonly relay: OutboxRelay,
    private readonly consumers: ConsumersLifecycle,
    private readonly connections: ServiceConnections,
    private readonly operatorPort: ServiceOperatorPort,
    /** Present in a service that sends mail (ServicePlatformOptions.mail). */
    @Optional() private readonly mail?: MailDelivery,
    /** Present in a service that sends SMS (ServicePlatformOptions.sms). */
    @Optional() private readonly sms?: SmsDelivery,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The operator port first: /healthz answers (and /readyz says "starting") during migrations.
    await this.operatorPort.listen();
    await this.migrations.run();
    await this.stream.ensure();
    this.relay.start();
    this.retention.start();
    this.eventTables.start();
    this.mail?.start();
    this.sms?.start();
    await this.consumers.start();
    this.logger.log(`relay started; ${this.consumers.count} consumer(s)`);
    this.operatorPort.markStarted();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers.stop();
    await this.mail?.stop();
    await this.sms?.stop();
    await this.relay.stop();
    await this.retention.stop();
    await this.eventTables.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.operatorPort.close();
    await this.connections.close();
  }
}
