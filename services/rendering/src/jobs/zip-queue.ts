import { zipQueueName, type ZipJobData } from '@avpass/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { RenderingConfig } from '../config';

/** BullMQ needs connections that retry forever (maxRetriesPerRequest: null), apart from the platform's. */
export function bullConnection(config: RenderingConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
}

/** The producer side: the API enqueues ZIP jobs and reads their state. */
export class ZipQueue {
  readonly queue: Queue<ZipJobData>;
  private readonly connection: Redis;

  constructor(config: RenderingConfig) {
    // The producer fails fast while Redis is away (no offline queue, nothing resent after a
    // reconnect, a deadline inside the RPC timeout): a request that answers 503 has not queued a job
    // that would run later (only the worker needs a connection that waits forever).
    this.connection = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 2000,
      connectTimeout: 3000,
    });
    this.connection.on('error', () => undefined); // each failed command reports itself (503)
    this.queue = new Queue<ZipJobData>(zipQueueName(config.NATS_NAMESPACE), { connection: this.connection });
    this.queue.on('error', () => undefined); // re-emitted connection errors; unhandled they end the process
  }

  /**
   * Jobs a worker takes before this one, or null when it is not waiting. BullMQ pushes new jobs at
   * the head of its wait list and workers take from the tail: the entries after this job's index.
   */
  async waitingAhead(jobId: string): Promise<number | null> {
    const key = this.queue.toKey('wait');
    const [index, length] = await Promise.all([this.connection.lpos(key, jobId), this.connection.llen(key)]);
    return index === null ? null : Math.max(0, length - 1 - index);
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
