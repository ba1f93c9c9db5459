import { SMS_JOB_NAME, smsQueueName, type SmsJobData } from '@avpass/contracts';
import { DeliveryRelay } from '../delivery/delivery-relay';
import { RETRY_AFTER_BACKOFF } from '../delivery/delivery-worker';
import type { SmsConfig } from './sms-config';
import { OutgoingSmsRepository } from './outgoing-sms.repository';

export interface SmsRelayOptions {
  config: Pick<SmsConfig, 'SMS_JOB_ATTEMPTS' | 'SMS_JOB_BACKOFF_MS' | 'SMS_SWEEP_MS'> & {
    REDIS_URL: string;
    NATS_NAMESPACE: string;
  };
  service: string;
  batchSize?: number;
}

/** An SMS's job id: one job per SMS at a time, whoever queues it. */
export const smsJobId = (smsId: string) => `sms-${smsId}`;

/** Queues the job of every committed, queued SMS: the relay mail uses (DeliveryRelay, decision 317). */
export class SmsRelay extends DeliveryRelay<SmsJobData> {
  constructor(sms: OutgoingSmsRepository, options: SmsRelayOptions) {
    super({
      channel: 'sms',
      rows: sms.deliveryState,
      redisUrl: options.config.REDIS_URL,
      queueName: smsQueueName(options.config.NATS_NAMESPACE, options.service),
      jobName: SMS_JOB_NAME,
      jobId: smsJobId,
      jobData: (smsId) => ({ smsId }),
      attempts: options.config.SMS_JOB_ATTEMPTS,
      // Doubling from the delay, and never sooner than the provider's Retry-After.
      backoff: { type: RETRY_AFTER_BACKOFF, delay: options.config.SMS_JOB_BACKOFF_MS },
      sweepMs: options.config.SMS_SWEEP_MS,
      // A send to a whole list is tens of thousands of rows: a thousand jobs per round trip.
      batchSize: options.batchSize ?? 1000,
    });
  }
}
