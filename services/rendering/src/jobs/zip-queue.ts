import { zipChunkQueueName, zipQueueName, type ZipChunkJobData, type ZipJobData } from '@avpass/contracts';
import { FlowProducer, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { RenderingConfig } from '../config';

/** BullMQ needs connections that retry forever (maxRetriesPerRequest: null), apart from the platform's. */
export function bullConnection(config: RenderingConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
}

/**
 * Per-chunk progress of a chunked ZIP job: a hash (field = chunk index, value = codes rendered) that
 * chunk workers set and the job's reader sums. A retried chunk starts again from 0.
 */
export function zipProgressKey(namespace: string, parentId: string): string {
  return `bull:${zipChunkQueueName(namespace)}:progress:${parentId}`;
}

/** The producer side: the API enqueues ZIP jobs and reads their state. */
export class ZipQueue {
  readonly queue: Queue<ZipJobData>;
  /** Chunks of chunked ZIP jobs (their counts are exported; KEDA scales workers on its wait list). */
  readonly chunkQueue: Queue<ZipChunkJobData>;
  readonly flows: FlowProducer;
  readonly connection: Redis;

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
    this.chunkQueue = new Queue<ZipChunkJobData>(zipChunkQueueName(config.NATS_NAMESPACE), {
      connection: this.connection,
    });
    this.chunkQueue.on('error', () => undefined);
    this.flows = new FlowProducer({ connection: this.connection });
    this.flows.on('error', () => undefined);
  }

  /** Codes rendered so far by a chunked job's chunks. */
  async chunkProgress(namespace: string, parentId: string): Promise<number> {
    const values = await this.connection.hvals(zipProgressKey(namespace, parentId));
    return values.reduce((sum, value) => sum + (Number(value) || 0), 0);
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

  /**
   * ZIPs a worker takes before this one's next chunk, or null when none of its chunks is waiting: the
   * distinct ZIPs of the chunks after its last entry in the chunk queue's wait list (workers take from
   * the tail; chunk ids are `<parentId>-chunk-<index>`).
   */
  async chunksAhead(parentId: string): Promise<number | null> {
    const ids = await this.connection.lrange(this.chunkQueue.toKey('wait'), 0, -1);
    const prefix = `${parentId}-chunk-`;
    let last = -1;
    ids.forEach((id, index) => {
      if (id.startsWith(prefix)) last = index;
    });
    if (last < 0) return null;
    const ahead = new Set(ids.slice(last + 1).map((id) => id.slice(0, id.lastIndexOf('-chunk-'))));
    ahead.delete(parentId);
    return ahead.size;
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.chunkQueue.close();
    await this.flows.close();
    this.connection.disconnect();
  }
}
