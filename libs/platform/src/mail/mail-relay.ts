import { MAIL_JOB_NAME, mailQueueName, type MailJobData } from '@avpass/contracts';
import { Logger } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
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
 * (Redis away) or was queued that long ago and still has not sent them (a job lost with Redis). A
 * job that still exists keeps its id, so a sweep never makes a second one; the mail row, not the job,
 * is what says a mail is owed.
 */
export class MailRelay {
  private readonly logger = new Logger('MailRelay');
  readonly queue: Queue<MailJobData>;
  private readonly connection: Redis;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;
  /** After a failure the relay waits its backoff out; kicks do not cut it short (stop does). */
  private backingOff = false;

  constructor(
    private readonly mails: OutgoingMailRepository,
    private readonly options: MailRelayOptions,
  ) {
    // Fails fast while Redis is away: the rows wait for the next pass.
    this.connection = new Redis(options.config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 2000,
      connectTimeout: 3000,
    });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<MailJobData>(mailQueueName(options.config.NATS_NAMESPACE, options.service), {
      connection: this.connection,
    });
    this.queue.on('error', () => undefined);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Queue soon: a transaction that recorded mail committed. */
  kick(): void {
    this.kicked = true;
    if (!this.backingOff) this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.queue.close();
    this.connection.disconnect();
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      this.kicked = false;
      let full = false;
      try {
        full = (await this.enqueueOwedMail()) === (this.options.batchSize ?? 100);
        backoff = 0;
      } catch (error) {
        backoff = Math.min(backoff ? backoff * 2 : 250, 5000);
        this.logger.warn(`mail jobs deferred: ${(error as Error).message}; retrying in ${backoff} ms`);
      }
      this.backingOff = backoff > 0;
      if (!full) await this.sleep(backoff || this.options.config.MAIL_SWEEP_MS);
    }
  }

  private jobOptions(mailId: string): JobsOptions {
    return {
      jobId: mailJobId(mailId),
      attempts: this.options.config.MAIL_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.options.config.MAIL_JOB_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  /** One pass: claims the mails owed a job and queues one each; how many it claimed. */
  async enqueueOwedMail(): Promise<number> {
    const owed = await this.mails.claimMailToEnqueue(
      this.options.config.MAIL_SWEEP_MS,
      this.options.batchSize ?? 100,
    );
    if (!owed.length) return 0;
    const results = await Promise.allSettled(owed.map(({ id, again }) => this.enqueue(id, again)));
    const failed = owed.filter((_, i) => results[i]!.status === 'rejected').map(({ id }) => id);
    if (failed.length) {
      await this.mails.releaseMailToEnqueue(failed);
      throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    }
    return owed.length;
  }

  private async enqueue(mailId: string, again: boolean): Promise<void> {
    if (again) {
      // A job that ended (its last attempt failed but the row could not say so) would keep the id taken.
      const previous = await this.queue.getJob(mailJobId(mailId));
      if (previous && ((await previous.isFailed()) || (await previous.isCompleted())))
        await previous.remove();
    }
    await this.queue.add(MAIL_JOB_NAME, { mailId }, this.jobOptions(mailId));
  }

  /** A pause that stop ends, and a kick too unless backing off (at once if one came since the claim). */
  private sleep(ms: number): Promise<void> {
    if (!this.running || (this.kicked && !this.backingOff)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
