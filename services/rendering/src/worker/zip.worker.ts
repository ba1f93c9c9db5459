import {
  zipChunkQueueName,
  zipQueueName,
  type ZipChunkJobData,
  type ZipChunkResult,
  type ZipJobData,
} from '@avpass/contracts';
import { bullmqJobDurationSeconds, DomainError, exportMetrics, RpcClient } from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { RENDERING_CONFIG, type RenderingConfig } from '../config';
import { JobFiles } from '../jobs/job-files';
import { ZipBuilder, type ZipBuildResult } from '../jobs/zip-builder';
import { ZipChunkBuilder } from '../jobs/zip-chunk-builder';
import { assembleZip } from '../jobs/zip-chunks';
import { bullConnection, zipProgressKey } from '../jobs/zip-queue';
import { claimAbandoned, ZIP_ABANDONED } from '../jobs/zip-abandon';
import { ZIP_JOB_INVALID, ZipJobOwners, zipChunkJobData, zipJobData } from '../jobs/zip-job-owner';
import { VoucherRenderer } from '../render/voucher-renderer';

/** Refusals that a retry cannot change (the codes were deleted or unassigned meanwhile). */
const PERMANENT = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_FAILED', 'UNAUTHENTICATED']);
/** Why a chunk stops when its ZIP has failed (another chunk failed for good): nothing left to render for. */
export const ZIP_ALREADY_FAILED = 'The ZIP this chunk belongs to has failed; the chunk is not rendered';

/**
 * The BullMQ workers for ZIP jobs (thin: the builders do the work). A job whose worker dies is
 * noticed once its lock lapses (ZIP_LOCK_DURATION_MS) and runs again from the start; a failed
 * attempt is retried with backoff (ZIP_JOB_RETRY). Finished files are purged after JOB_FILE_TTL_HOURS.
 *
 * Chunked ZIP jobs (a BullMQ flow, see zipChunkQueueName): this process also takes chunk jobs from
 * the chunk queue (ZIP_CHUNK_WORKER_CONCURRENCY at once) and renders each into its chunk files; a
 * killed or failed chunk is retried alone. The parent, released by BullMQ once every chunk is done,
 * is assembled here by copying the chunk files into one ZIP.
 */
@Injectable()
export class ZipWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ZipWorker');
  private readonly files: JobFiles;
  private readonly builder: ZipBuilder;
  private readonly chunkBuilder: ZipChunkBuilder;
  private readonly owners: ZipJobOwners;
  private worker?: Worker<ZipJobData, ZipBuildResult>;
  private chunkWorker?: Worker<ZipChunkJobData, ZipChunkResult>;
  /** The ZIP queue, read by chunks for their parent's state. */
  private parents?: Queue<ZipJobData>;
  private connection?: Redis;
  private purgeTimer?: NodeJS.Timeout;
  private closing = false;
  /** Recorded on each job it processes (processedBy): which pod or process rendered what. */
  private readonly workerName = `${hostname()}:${process.pid}`;
  private readonly running = new Map<string, AbortController>();

  constructor(
    @Inject(RENDERING_CONFIG) private readonly config: RenderingConfig,
    rpc: RpcClient,
    renderer: VoucherRenderer,
  ) {
    this.files = new JobFiles(config.DATA_DIR);
    this.builder = new ZipBuilder(rpc, renderer, this.files, config.RENDER_CONCURRENCY);
    this.chunkBuilder = new ZipChunkBuilder(rpc, renderer, config.RENDER_CONCURRENCY);
    this.owners = new ZipJobOwners(rpc);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.RENDERING_MODE === 'api') return;
    exportMetrics(bullmqJobDurationSeconds);
    await this.files.ensureDir();
    this.connection = bullConnection(this.config);
    this.worker = new Worker<ZipJobData, ZipBuildResult>(
      zipQueueName(this.config.NATS_NAMESPACE),
      (job, token) => this.process(job, token),
      {
        connection: this.connection,
        name: this.workerName,
        concurrency: this.config.ZIP_WORKER_CONCURRENCY,
        lockDuration: this.config.ZIP_LOCK_DURATION_MS,
        stalledInterval: this.config.ZIP_STALLED_INTERVAL_MS,
        // A job whose worker was killed is put back this many times before it is failed.
        maxStalledCount: 3,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`ZIP job ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`ZIP worker: ${error.message}`));
    // A job whose lock could not be renewed belongs to whichever worker takes it over: stop rendering it.
    this.worker.on('lockRenewalFailed', (ids) => this.lockLost(ids, ''));
    this.parents = new Queue<ZipJobData>(zipQueueName(this.config.NATS_NAMESPACE), {
      connection: this.connection,
    });
    this.chunkWorker = new Worker<ZipChunkJobData, ZipChunkResult>(
      zipChunkQueueName(this.config.NATS_NAMESPACE),
      (job, token) => this.processChunk(job, token),
      {
        connection: this.connection,
        name: this.workerName,
        concurrency: this.config.ZIP_CHUNK_WORKER_CONCURRENCY,
        lockDuration: this.config.ZIP_LOCK_DURATION_MS,
        stalledInterval: this.config.ZIP_STALLED_INTERVAL_MS,
        maxStalledCount: 3,
      },
    );
    this.chunkWorker.on('failed', (job, error) =>
      this.logger.warn(
        `ZIP chunk ${job?.data.index} of job ${job?.data.parentId} attempt ${job?.attemptsMade} failed: ${error.message}`,
      ),
    );
    this.chunkWorker.on('error', (error) => this.logger.error(`ZIP chunk worker: ${error.message}`));
    this.chunkWorker.on('lockRenewalFailed', (ids) => this.lockLost(ids, 'chunk:'));
    this.purgeTimer = setInterval(() => void this.purge(), this.config.JOB_PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    void this.purge();
    this.logger.log(
      `ZIP worker started (${this.config.ZIP_WORKER_CONCURRENCY} job(s) and ${this.config.ZIP_CHUNK_WORKER_CONCURRENCY} chunk(s) at once, ${this.config.RENDER_CONCURRENCY} renders per job)`,
    );
  }

  private async process(job: Job<ZipJobData, ZipBuildResult>, token?: string): Promise<ZipBuildResult> {
    const abort = new AbortController();
    this.running.set(job.id!, abort);
    const endTimer = bullmqJobDurationSeconds.startTimer({ queue: job.queueName });
    try {
      // A job whose request was answered 503 is dropped before any work (zip-abandon.ts).
      if (await claimAbandoned(this.connection!, this.config, job.id!))
        throw new UnrecoverableError(ZIP_ABANDONED);
      // Nothing in a job is trusted (anything that can add a job wrote it): its payload is checked
      // against the contract, and its codes are resolved as its owner is now (zip-job-owner.ts).
      const data = zipJobData(job.data);
      if (data.chunks) return await this.assemble(job, abort.signal);
      const actor = await this.owners.actorOf(data.ownerUserId, data.requestId || `zip-${job.id}`);
      return await this.builder.build({
        jobId: job.id!,
        data: { ...data, actor },
        signal: abort.signal,
        onProgress: (progress) => job.updateProgress(progress),
      });
    } catch (error) {
      if (this.closing && abort.signal.aborted) {
        // Shutting down: hand the job back without spending an attempt; another worker starts it over.
        await job.moveToDelayed(Date.now() + 1000, token);
        throw new DelayedError();
      }
      if (error instanceof DomainError && PERMANENT.has(error.code))
        throw new UnrecoverableError(error.message);
      throw error;
    } finally {
      endTimer();
      this.running.delete(job.id!);
    }
  }

  /** A chunked job's parent: every chunk has rendered; their files become one ZIP. */
  private async assemble(job: Job<ZipJobData, ZipBuildResult>, signal: AbortSignal): Promise<ZipBuildResult> {
    const jobId = job.id!;
    const chunks = job.data.chunks!;
    const values = Object.values(await job.getChildrenValues<ZipChunkResult>());
    if (values.length !== chunks.count)
      throw new Error(`expected ${chunks.count} rendered chunks, found ${values.length}`);
    const rendered = values.reduce((sum, chunk) => sum + chunk.entries, 0);
    await job.updateProgress({ done: rendered, total: Math.max(job.data.total, rendered) });
    const dir = this.files.chunkDir(jobId);
    const partPath = this.files.partPath(jobId);
    try {
      const result = await assembleZip(dir, chunks.count, partPath, { signal });
      await rename(partPath, this.files.finalPath(jobId));
      await rm(dir, { recursive: true, force: true });
      await this.connection?.del(zipProgressKey(this.config.NATS_NAMESPACE, jobId));
      return result;
    } catch (error) {
      await rm(partPath, { force: true });
      throw error;
    }
  }

  /** One chunk of a chunked job, into DATA_DIR/jobs/<parentId>.chunks/<index>.{bin,json}. */
  private async processChunk(
    job: Job<ZipChunkJobData, ZipChunkResult>,
    token?: string,
  ): Promise<ZipChunkResult> {
    const abort = new AbortController();
    const key = `chunk:${job.id}`;
    this.running.set(key, abort);
    const endTimer = bullmqJobDurationSeconds.startTimer({ queue: job.queueName });
    const progressKey = zipProgressKey(this.config.NATS_NAMESPACE, job.data.parentId);
    const setProgress = async (done: number) => {
      await this.connection!.multi()
        .hset(progressKey, String(job.data.index), String(done))
        .expire(progressKey, Math.round(this.config.JOB_FILE_TTL_HOURS * 3600))
        .exec();
    };
    // A chunk whose ZIP failed (another chunk failed for good) stops at its next progress report, or
    // before it starts: the ZIP will not be assembled.
    const stopIfZipFailed = async () => {
      if ((await this.parents!.getJobState(job.data.parentId)) === 'failed')
        throw new UnrecoverableError(ZIP_ALREADY_FAILED);
    };
    try {
      // A chunk renders only for the ZIP it was queued under, as that ZIP's owner is now.
      const data = zipChunkJobData(job.data);
      const parent = await this.parentOf(job, data.parentId);
      if (await claimAbandoned(this.connection!, this.config, data.parentId))
        throw new UnrecoverableError(ZIP_ABANDONED);
      await stopIfZipFailed();
      const actor = await this.owners.actorOf(
        parent.ownerUserId,
        data.requestId || `zip-${data.parentId}-${data.index}`,
      );
      await setProgress(0); // a retry starts over
      return await this.chunkBuilder.build({
        dir: this.files.chunkDir(data.parentId),
        data: { ...data, actor },
        signal: abort.signal,
        onProgress: async (done) => {
          await setProgress(done);
          await stopIfZipFailed();
        },
      });
    } catch (error) {
      if (this.closing && abort.signal.aborted) {
        await job.moveToDelayed(Date.now() + 1000, token);
        throw new DelayedError();
      }
      if (error instanceof DomainError && PERMANENT.has(error.code))
        throw new UnrecoverableError(error.message);
      throw error;
    } finally {
      endTimer();
      this.running.delete(key);
    }
  }

  /** The ZIP job a chunk was queued under (a BullMQ flow child of the ZIP queue), checked. */
  private async parentOf(job: Job<ZipChunkJobData, ZipChunkResult>, parentId: string): Promise<ZipJobData> {
    const queued = job.parent?.id === parentId && job.parent.queueKey === this.parents!.qualifiedName;
    const parent = queued ? await this.parents!.getJob(parentId) : undefined;
    if (!parent) throw new UnrecoverableError(`${ZIP_JOB_INVALID} (not a chunk of a ZIP job)`);
    return zipJobData(parent.data);
  }

  private lockLost(ids: string[], prefix: string): void {
    for (const id of ids) {
      const abort = this.running.get(`${prefix}${id}`);
      if (!abort) continue;
      this.logger.warn(`lost the lock of ${prefix ? 'ZIP chunk' : 'ZIP job'} ${id}: stopped rendering it`);
      abort.abort(new Error(`lost the lock of job ${id}`));
    }
  }

  private async purge(): Promise<void> {
    try {
      const removed = await this.files.purgeOlderThan(this.config.JOB_FILE_TTL_HOURS * 3600 * 1000);
      if (removed) this.logger.log(`purged ${removed} expired ZIP file(s)`);
    } catch (error) {
      this.logger.warn(`purge failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // Before the RPC client and Redis close: running jobs are handed back, then the worker stops.
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    for (const abort of this.running.values()) abort.abort();
    await Promise.all([this.worker?.close(), this.chunkWorker?.close()]);
    await this.parents?.close();
    this.connection?.disconnect();
  }
}
