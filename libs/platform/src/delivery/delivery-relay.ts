import { Logger } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { deliveryLoggerName, type DeliveryChannel } from './delivery-worker';

/** What the relay needs of a channel's table (DeliveryStateTable does it for every channel). */
export interface OwedDeliveries {
  claimToEnqueue(staleMs: number, limit: number): Promise<{ id: string; again: boolean }[]>;
  releaseToEnqueue(ids: string[]): Promise<void>;
}

export interface DeliveryRelayOptions<Data> {
  /** Names the logger and the log lines. */
  channel: DeliveryChannel;
  rows: OwedDeliveries;
  redisUrl: string;
  queueName: string;
  jobName: string;
  /** One job per row at a time, whoever queues it. */
  jobId: (rowId: string) => string;
  jobData: (rowId: string) => Data;
  attempts: number;
  /** BullMQ's backoff: 'exponential', or a type the channel's worker computes (backoffStrategy). */
  backoff: { type: string; delay: number };
  /** How often the sweep looks, and how long a queued row's job may be gone before it is queued again. */
  sweepMs: number;
  batchSize?: number;
}

/**
 * Queues the job of every committed, queued row of one channel's outgoing table: at once when a
 * transaction that recorded one commits (the channel's outbox kicks), and at every sweep for rows whose
 * job was never queued (Redis away) or was queued a sweep ago and still has not sent them (a job lost
 * with Redis). A job that still exists keeps its id, so a sweep never makes a second one; the row, not
 * the job, is what says a message is owed. Mail (MailRelay) and SMS share it (decision 317).
 */
export class DeliveryRelay<Data extends object = object> {
  private readonly logger: Logger;
  readonly queue: Queue<Data>;
  private readonly connection: Redis;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;
  /** After a failure the relay waits its backoff out; kicks do not cut it short (stop does). */
  private backingOff = false;

  constructor(private readonly options: DeliveryRelayOptions<Data>) {
    this.logger = new Logger(deliveryLoggerName(options.channel, 'Relay'));
    // Fails fast while Redis is away: the rows wait for the next pass.
    this.connection = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 2000,
      connectTimeout: 3000,
    });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<Data>(options.queueName, { connection: this.connection });
    this.queue.on('error', () => undefined);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Queue soon: a transaction that recorded a message committed. */
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
        full = (await this.enqueueOwed()) === (this.options.batchSize ?? 100);
        backoff = 0;
      } catch (error) {
        backoff = Math.min(backoff ? backoff * 2 : 250, 5000);
        this.logger.warn(
          `${this.options.channel} jobs deferred: ${(error as Error).message}; retrying in ${backoff} ms`,
        );
      }
      this.backingOff = backoff > 0;
      if (!full) await this.sleep(backoff || this.options.sweepMs);
    }
  }

  private jobOptions(rowId: string): JobsOptions {
    return {
      jobId: this.options.jobId(rowId),
      attempts: this.options.attempts,
      backoff: this.options.backoff,
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  /**
   * One pass: claims the rows owed a job and queues one each in one round trip (addBulk); how many it
   * claimed. A row claimed again by the sweep whose job is still waiting its turn (a long send's
   * backlog behind the provider's rate) is left to that job: only a job gone, or ended without the row
   * saying so, is queued anew (decision 346). If that fails, every claimed row is released for the next
   * pass (a job that did get queued keeps its id, so queueing it again is a no-op).
   */
  async enqueueOwed(): Promise<number> {
    const owed = await this.options.rows.claimToEnqueue(this.options.sweepMs, this.options.batchSize ?? 100);
    if (!owed.length) return 0;
    try {
      const waiting = await this.jobsStillWaiting(owed.filter(({ again }) => again).map(({ id }) => id));
      const due = owed.filter(({ id }) => !waiting.has(id));
      if (due.length)
        await this.queue.addBulk(
          due.map(({ id }) => ({
            name: this.options.jobName as never,
            data: this.options.jobData(id) as never,
            opts: this.jobOptions(id),
          })),
        );
    } catch (error) {
      await this.options.rows.releaseToEnqueue(owed.map(({ id }) => id));
      throw error;
    }
    return owed.length;
  }

  /**
   * Of rows whose job was queued before, those whose job is still to run (one state ask each, sent
   * together); a job that ended (its last attempt failed but the row could not say so) is removed,
   * as it would keep the id taken.
   */
  private async jobsStillWaiting(rowIds: string[]): Promise<Set<string>> {
    const states = await Promise.all(rowIds.map((id) => this.queue.getJobState(this.options.jobId(id))));
    const waiting = new Set<string>();
    await Promise.all(
      rowIds.map(async (id, i) => {
        const state = states[i];
        if (state === 'completed' || state === 'failed') await this.queue.remove(this.options.jobId(id));
        else if (state !== 'unknown') waiting.add(id);
      }),
    );
    return waiting;
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
