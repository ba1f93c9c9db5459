import { Injectable, type Provider } from '@nestjs/common';
import type { ServicePlatformOptions } from '../service/service-platform-options';
import type { MailRole } from './mail-config';
import { MailOutbox } from './mail-outbox';
import { MailProviders } from './mail-providers';
import { MailRelay } from './mail-relay';
import { MailWakeOnCommit } from './mail-wake-on-commit';
import { MailWorker } from './mail-worker';
import { OutgoingMailRepository } from './outgoing-mail.repository';

/**
 * The mail path's moving parts, started by ServiceLifecycle once the migrations ran (the relay reads
 * outgoing_mail) and stopped before the ORM closes: the worker first (no send is cut), then the relay.
 * The role (ServicePlatformOptions.mailRole) says which of them this process runs: a process that only
 * relays records and queues mail, one that is only a worker sends it.
 */
@Injectable()
export class MailDelivery {
  constructor(
    readonly relay: MailRelay,
    readonly worker: MailWorker,
    readonly role: MailRole = 'all',
  ) {}

  start(): void {
    if (this.role !== 'relay') this.worker.start();
    if (this.role !== 'worker') this.relay.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.relay.stop();
  }
}

/** The providers of a service that sends mail (ServicePlatformOptions.mail set); none otherwise. */
export function mailPlatformProviders(options: ServicePlatformOptions): Provider[] {
  const mail = options.mail;
  if (!mail) return [];
  const config = {
    ...mail,
    REDIS_URL: options.config.REDIS_URL,
    NATS_NAMESPACE: options.config.NATS_NAMESPACE,
  };
  return [
    OutgoingMailRepository,
    MailProviders,
    {
      provide: MailRelay,
      inject: [OutgoingMailRepository],
      useFactory: (mails: OutgoingMailRepository) => new MailRelay(mails, { config, service: options.name }),
    },
    {
      provide: MailWorker,
      inject: [OutgoingMailRepository, MailProviders],
      useFactory: (mails: OutgoingMailRepository, providers: MailProviders) =>
        new MailWorker(mails, providers, {
          config,
          service: options.name,
          concurrency: config.MAIL_CONCURRENCY,
        }),
    },
    MailOutbox,
    MailWakeOnCommit,
    {
      provide: MailDelivery,
      inject: [MailRelay, MailWorker],
      useFactory: (relay: MailRelay, worker: MailWorker) =>
        new MailDelivery(relay, worker, options.mailRole ?? 'all'),
    },
  ];
}

/** What a service that sends mail may inject: the outbox, its providers' registry and the rows. */
export const MAIL_EXPORTS = [MailOutbox, MailProviders, OutgoingMailRepository];
