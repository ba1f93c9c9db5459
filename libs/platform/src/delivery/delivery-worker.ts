import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker, type Job, type MinimalJob } from 'bullmq';
import { Redis } from 'ioredis';

export type DeliveryChannel = 'mail' | 'sms';

export const deliveryLoggerName = (channel: DeliveryChannel, part: 'Relay' | 'Worker') =>
  `${channel === 'mail' ? 'Mail' : 'Sms'}${part}`;

/**
 * A send the provider asked to try again later (Twilio's 429 or a 5xx with Retry-After): the job's retry
 * waits at least `retryAfterMs`, longer if its backoff says so. Other errors retry on the backoff alone;
 * an UnrecoverableError is not retried (a permanent refusal: its reason goes on the row).
 */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** The backoff type whose retries honour RetryLaterError (exponential from the job's delay otherwise). */
export const RETRY_AFTER_BACKOFF = 'retry-after';

/** BullMQ's backoffStrategy for RETRY_AFTER_BACKOFF: the larger of the doubling delay and the provider's. */
export function retryAfterBackoff(
  attemptsMade: number,
  type?: string,
  err?: Error,
  job?: MinimalJob,
): number {
  const backoff = job?.opts.backoff;
  const delay = typeof backoff === 'object' ? (backoff.delay ?? 1000) : 1000;
  const doubling = Math.round(delay * 2 ** Math.max(0, attemptsMade - 1));
  const asked = err instanceof RetryLaterError ? err.retryAfterMs : 0;
  return type === RETRY_AFTER_BACKOFF ? Math.max(doubling, asked) : doubling;
}

/** What the worker needs of a channel: its row by id, how to send one, how to write the outcome. */
export interface DeliveryChannelPort<Row extends { id: string; status: string }> {
  /** The row a job names (null: not a job of this channel, which then fails without retries). */
  rowId(data: unknown): string | null;
  find(id: string): Promise<Row | null>;
  /** Sends one; what identifies the message at the provider (a Message-ID, a message SID). */
  send(row: Row): Promise<string | null>;
  markSent(id: string, providerId: string | null): Promise<void>;
  markAttemptFailed(id: string, error: unknown, final: boolean): Promise<void>;
}

export interface DeliveryWorkerOptions {
  channel: DeliveryChannel;
  redisUrl: string;
  queueName: string;
  concurrency: number;
  /** At most `max` sends every `duration` ms over all of the queue's workers (the provider's rate). */
  limiter?: { max: number; duration: number };
}

/**
 * Sends a channel's recorded messages: a job names a row and nothing else is taken from it (decision
 * 78). A failed send throws and BullMQ retries it with backoff; each failure is written on the row, and
 * the last one (or an UnrecoverableError) marks it `failed` with the reason. Mail and SMS share it
 * (decision 317): a channel is its row, its sender and its outcome columns.
 */
export class DeliveryWorker<Row extends { id: string; status: string }> {
  private readonly logger: Logger;
  private worker?: Worker;
  private connection?: Redis;
  /** The queue itself, to hold every worker of it back when the provider asks (Retry-After). */
  private queue?: Queue;

  constructor(
    private readonly port: DeliveryChannelPort<Row>,
    private readonly options: DeliveryWorkerOptions,
  ) {
    this.logger = new Logger(deliveryLoggerName(options.channel, 'Worker'));
  }

  start(): void {
    this.connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker(this.options.queueName, (job) => this.run(job), {
      connection: this.connection,
      concurrency: this.options.concurrency,
      limiter: this.options.limiter,
      settings: { backoffStrategy: retryAfterBackoff },
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    if (this.options.limiter) {
      this.queue = new Queue(this.options.queueName, { connection: this.connection });
      this.queue.on('error', () => undefined);
    }
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }

  private async run(job: Job): Promise<string> {
    const id = this.port.rowId(job.data);
    if (!id) throw new UnrecoverableError(`not a ${this.options.channel} job`);
    const row = await this.port.find(id);
    if (!row) return `no such ${this.options.channel}`;
    if (row.status !== 'queued') return `already ${row.status}`;
    try {
      await this.port.markSent(row.id, await this.port.send(row));
      return 'sent';
    } catch (error) {
      const final = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const message = error instanceof Error ? error.message : String(error);
      await this.port.markAttemptFailed(row.id, error, final);
      // The provider's Retry-After (a 429: the account's limit) holds back every send of the queue, not
      // only this one's retry (the limiter's counter, so it needs `limiter`).
      if (error instanceof RetryLaterError && error.retryAfterMs > 0)
        await this.queue?.rateLimit(error.retryAfterMs).catch(() => undefined);
      this.logger.warn(
        `${this.options.channel} ${row.id} attempt ${job.attemptsMade + 1}${final ? ' (last)' : ''} failed: ${message}`,
      );
      throw error;
    }
  }
}
