import { MAIL_JOB_NAME, mailQueueName, type MailJobData } from '@avpass/contracts';
import { DeliveryRelay } from '../delivery/delivery-relay';
import type { MailConfig } from './mail-config';
import { OutgoingMailRepository } from './outgoing-mail.repository';

export interface MailRelayOptions {
  config: Pick<MailConfig, 'MAIL_JOB_ATTEMPTS' | 'MAIL_JOB_BACKOFF_MS' | 'MAIL_SWEEP_MS'> & {
    REDIS_URL: string;
    NATS_NAMESPACE: string;
  };
  /** The service whose outgoing_mail this is (its queue is its own). */
  service: string;
  batchSize?: number;
}

/** A mail's job id: one job per mail at a time, whoever queues it. */
export const mailJobId = (mailId: string) => `mail-${mailId}`;

/**
 * Queues the job of every committed, queued mail: at once when a transaction that recorded a mail
 * commits (MailOutbox kicks), and at every sweep (MAIL_SWEEP_MS) for mails whose job was never queued
 * (Redis away) or was queued that long ago and still has not sent them (a job lost with Redis). The
 * relay SMS shares (DeliveryRelay, decision 317) on outgoing_mail's rows and the mail queue.
 */
export class MailRelay extends DeliveryRelay<MailJobData> {
  constructor(mails: OutgoingMailRepository, options: MailRelayOptions) {
    super({
      channel: 'mail',
      rows: mails.deliveryState,
      redisUrl: options.config.REDIS_URL,
      queueName: mailQueueName(options.config.NATS_NAMESPACE, options.service),
      jobName: MAIL_JOB_NAME,
      jobId: mailJobId,
      jobData: (mailId) => ({ mailId }),
      attempts: options.config.MAIL_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.config.MAIL_JOB_BACKOFF_MS },
      sweepMs: options.config.MAIL_SWEEP_MS,
      batchSize: options.batchSize,
    });
  }

  /** One pass: claims the mails owed a job and queues one each; how many it claimed. */
  enqueueOwedMail(): Promise<number> {
    return this.enqueueOwed();
  }
}
