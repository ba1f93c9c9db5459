import { smsJobDataSchema, smsQueueName } from '@avpass/contracts';
import { DeliveryWorker } from '../delivery/delivery-worker';
import type { SmsConfig } from './sms-config';
import type { OutgoingSms, SmsProvider } from './sms-types';
import { OutgoingSmsRepository } from './outgoing-sms.repository';
import { SmsTemplates } from './sms-templates';
import { SmsRefusedError } from './twilio-sms-provider';

export interface SmsWorkerOptions {
  config: Pick<SmsConfig, 'SMS_CONCURRENCY' | 'SMS_RATE_PER_SECOND'> & {
    REDIS_URL: string;
    NATS_NAMESPACE: string;
  };
  service: string;
}

/**
 * Sends the service's recorded SMS through its provider, at most SMS_RATE_PER_SECOND over all instances
 * (BullMQ's limiter): the job loop mail uses (DeliveryWorker, decision 317). A refusal (SmsRefusedError)
 * fails the SMS at once with the provider's reason and code; a 429 or 5xx is retried after its
 * Retry-After; anything else on the doubling backoff. A row a registered template renders
 * (SmsTemplates) is sent as it renders, its body as stored otherwise.
 */
export class SmsWorker {
  private readonly delivery: DeliveryWorker<OutgoingSms>;

  constructor(
    sms: OutgoingSmsRepository,
    provider: SmsProvider,
    options: SmsWorkerOptions,
    templates: SmsTemplates = new SmsTemplates(),
  ) {
    this.delivery = new DeliveryWorker<OutgoingSms>(
      {
        rowId: (data) => smsJobDataSchema.safeParse(data).data?.smsId ?? null,
        find: (id) => sms.findSms(id),
        send: async (row) =>
          (await provider.sendSms({ to: row.recipient, body: await templates.render(row) })).providerId,
        markSent: (id, providerId) => sms.markSmsSent(id, providerId),
        markAttemptFailed: (id, error, final) =>
          sms.markSmsAttemptFailed(
            id,
            error instanceof Error ? error.message : String(error),
            final,
            error instanceof SmsRefusedError ? error.code : null,
          ),
      },
      {
        channel: 'sms',
        redisUrl: options.config.REDIS_URL,
        queueName: smsQueueName(options.config.NATS_NAMESPACE, options.service),
        concurrency: options.config.SMS_CONCURRENCY,
        limiter: { max: options.config.SMS_RATE_PER_SECOND, duration: 1000 },
      },
    );
  }

  start(): void {
    this.delivery.start();
  }

  async stop(): Promise<void> {
    await this.delivery.stop();
  }
}
