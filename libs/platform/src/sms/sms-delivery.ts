import { Injectable, type Provider } from '@nestjs/common';
import type { ServicePlatformOptions } from '../service/service-platform-options';
import { twilioSettings, type TwilioSettings } from './sms-config';
import { SMS_SETTINGS, SmsOutbox } from './sms-outbox';
import { SmsRelay } from './sms-relay';
import { SmsTemplates } from './sms-templates';
import { SmsWakeOnCommit } from './sms-wake-on-commit';
import { SmsWebhooks } from './sms-webhooks';
import { SmsWorker } from './sms-worker';
import { OutgoingSmsRepository } from './outgoing-sms.repository';
import { TwilioSmsProvider } from './twilio-sms-provider';

/**
 * The SMS path's moving parts, started and stopped by ServiceLifecycle as MailDelivery's: none while
 * SMS is off (TWILIO_* unset), when SmsOutbox refuses every send.
 */
@Injectable()
export class SmsDelivery {
  constructor(
    readonly relay: SmsRelay | null,
    readonly worker: SmsWorker | null,
  ) {}

  start(): void {
    this.worker?.start();
    this.relay?.start();
  }

  async stop(): Promise<void> {
    await this.worker?.stop();
    await this.relay?.stop();
  }
}

/** The providers of a service that sends SMS (ServicePlatformOptions.sms set); none otherwise. */
export function smsPlatformProviders(options: ServicePlatformOptions): Provider[] {
  const sms = options.sms;
  if (!sms) return [];
  // A partial set of credentials stops the start-up here (ConfigurationError), whatever the schema did.
  const settings = twilioSettings(sms);
  const config = {
    ...sms,
    REDIS_URL: options.config.REDIS_URL,
    NATS_NAMESPACE: options.config.NATS_NAMESPACE,
  };
  const running: Provider[] = settings
    ? [
        {
          provide: SmsRelay,
          inject: [OutgoingSmsRepository],
          useFactory: (rows: OutgoingSmsRepository) => new SmsRelay(rows, { config, service: options.name }),
        },
        {
          provide: SmsWorker,
          inject: [OutgoingSmsRepository, SmsTemplates],
          useFactory: (rows: OutgoingSmsRepository, templates: SmsTemplates) =>
            new SmsWorker(
              rows,
              new TwilioSmsProvider(settings),
              { config, service: options.name },
              templates,
            ),
        },
        {
          provide: SmsDelivery,
          inject: [SmsRelay, SmsWorker],
          useFactory: (relay: SmsRelay, worker: SmsWorker) => new SmsDelivery(relay, worker),
        },
      ]
    : [{ provide: SmsDelivery, useValue: new SmsDelivery(null, null) }];
  return [
    { provide: SMS_SETTINGS, useValue: settings satisfies TwilioSettings | null },
    OutgoingSmsRepository,
    SmsOutbox,
    SmsTemplates,
    SmsWebhooks,
    SmsWakeOnCommit,
    ...running,
  ];
}

/** What a service that sends SMS may inject: the outbox, its templates, the webhooks' handling and the rows. */
export const SMS_EXPORTS = [SmsOutbox, SmsTemplates, SmsWebhooks, OutgoingSmsRepository];
