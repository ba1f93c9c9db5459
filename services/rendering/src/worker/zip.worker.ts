import {
  ZIP_CHUNK_JOB_NAME,
  zipChunkQueueName,
  zipQueueName,
  type ZipChunkJobData,
  type ZipChunkResult,
  type ZipJobData,
  type ZipJobResult,
} from '@avpass/contracts';
import {
  bullmqJobDurationSeconds,
  DomainError,
  exportMetrics,
  PeriodicJob,
  RpcClient,
} from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DelayedError, Queue, UnrecoverableError, WaitingChildrenError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { RENDERING_CONFIG, type RenderingConfig } from '../config';
import {
  assembleZip,
  bullConnection,
  chunkData,
  chunkJobOptions,
  claimAbandoned,
  copySingleEntry,
  countVisible,
  JobFiles,
  jobFileKind,
  ZIP_ABANDONED,
  ZIP_JOB_INVALID,
  ZipChunkBuilder,
  ZipJobOwners,
  zipChunkJobData,
  zipJobData,
  zipProgressKey,
} from '../jobs';
import { VoucherRenderer } from '../render';

/** Refusals that a retry cannot change (the codes were deleted or unassigned meanwhile). */
const PERMANENT = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_FAILED', 'UNAUTHENTICATED']);
/** Why a chunk stops when its ZIP has failed (another chunk failed for good): nothing left to render for. */
export const ZIP_ALREADY_FAILED = 'The ZIP this chunk belongs to has failed; the chunk is not rendered';

/**
 * The BullMQ workers for ZIP jobs (thin: the builders do the work). Every ZIP is chunked (a BullMQ
 * flow, see zipChunkQueueName; a small one is one chunk): this process takes chunk jobs from the
 * chunk queue (ZIP_CHUNK_WORKER_CONCURRENCY at once) and renders each into its chunk file; a killed
 * or failed chunk is retried alone (ZIP_CHUNK_JOB_RETRY). The ZIP job, released by BullMQ once every
 * chunk is done, is assembled here by copying the chunk files into one ZIP, and answers where it is.
 * A job or chunk whose worker dies is noticed once its lock lapses (ZIP_LOCK_DURATION_MS) and runs
 * again from the start. Finished files are purged after JOB_FILE_TTL_HOURS.
 */
@Injectable()
export class ZipWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ZipWorker');
  private readonly files: JobFiles;
  private readonly chunkBuilder: ZipChunkBuilder;
  private readonly owners: ZipJobOwners;
  private worker?: Worker<ZipJobData, ZipJobResult>;
  private chunkWorker?: Worker<ZipChunkJobData, ZipChunkResult>;
  /** The ZIP queue, read by chunks for their parent's state. */
  private parents?: Queue<ZipJobData>;
  /** The chunk queue, where a job queued without chunks gets its one (split). */
  private chunks?: Queue<ZipChunkJobData>;
  private connection?: Redis;
  private readonly purgeJob = new PeriodicJob('ZIP file purge', this.logger, () => this.purge());
  private closing = false;
  /** Recorded on each job it processes (processedBy): which pod or process rendered what. */
  private readonly workerName = `${hostname()}:${process.pid}`;
  private readonly running = new Map<string, AbortController>();

  constructor(
    @Inject(RENDERING_CONFIG) private readonly config: RenderingConfig,
    private readonly rpc: RpcClient,
    renderer: VoucherRenderer,
  ) {
    this.files = new JobFiles(config.DATA_DIR);
    this.chunkBuilder = new ZipChunkBuilder(rpc, renderer, config.RENDER_CONCURRENCY);
    this.owners = new ZipJobOwners(rpc);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.RENDERING_MODE === 'api') return;
    exportMetrics(bullmqJobDurationSeconds);
    await this.files.ensureDir();
    this.connection = bullConnection(this.config);
    this.worker = new Worker<ZipJobData, ZipJobResult>(
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
    this.chunks = new Queue<ZipChunkJobData>(zipChunkQueueName(this.config.NATS_NAMESPACE), {
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
    this.purgeJob.start(this.config.JOB_PURGE_INTERVAL_MS);
    this.logger.log(
      `ZIP worker started (${this.config.ZIP_WORKER_CONCURRENCY} job(s) and ${this.config.ZIP_CHUNK_WORKER_CONCURRENCY} chunk(s) at once, ${this.config.RENDER_CONCURRENCY} renders per job)`,
    );
  }

  /**
   * One attempt of a ZIP job or chunk: stoppable when its lock is lost or the process shuts down,
   * timed, and its refusals sorted (one a retry cannot change fails it for good).
   */
  private async attempt<R>(
    job: Job,
    token: string | undefined,
    key: string,
    work: (signal: AbortSignal) => Promise<R>,
  ): Promise<R> {
    const abort = new AbortController();
    this.running.set(key, abort);
    const endTimer = bullmqJobDurationSeconds.startTimer({ queue: job.queueName });
    try {
      return await work(abort.signal);
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
      this.running.delete(key);
    }
  }

  /** A ZIP job, released once every chunk has rendered: their files become one ZIP. */
  private process(job: Job<ZipJobData, ZipJobResult>, token?: string): Promise<ZipJobResult> {
    return this.attempt(job, token, job.id!, async (signal) => {
      // A job whose request was answered 503 is dropped before any work (zip-abandon.ts).
      if (await claimAbandoned(this.connection!, this.config, job.id!))
        throw new UnrecoverableError(ZIP_ABANDONED);
      // Nothing in a job is trusted (anything that can add a job wrote it): its payload is checked
      // against the contract, and its codes are resolved as its owner is now (zip-job-owner.ts).
      const data = zipJobData(job.data);
      // Released because a chunk failed for good: the ZIP fails, saying why the chunk did.
      const [failure] = Object.values(await job.getFailedChildrenValues());
      if (failure !== undefined) throw new UnrecoverableError(String(failure));
      if (!data.chunks && (await this.split(job, data, token))) throw new WaitingChildrenError();
      return this.assemble(job, signal);
    });
  }

  /**
   * A job queued without chunks (by a previous version, or added behind the service's back): checked
   * as a request would be (its owner is a user now, every code is theirs to see: refused for good
   * otherwise), it gets its one chunk (added first, under its fixed id, so a retry after a crash adds
   * nothing twice) and waits for it. False when the chunk has already completed (go on and assemble).
   */
  private async split(
    job: Job<ZipJobData, ZipJobResult>,
    data: ZipJobData,
    token?: string,
  ): Promise<boolean> {
    const requestId = data.requestId || `zip-${job.id}`;
    const actor = await this.owners.actorOf(data.ownerUserId, requestId);
    const total = await countVisible(this.rpc, { requestId, actor }, data.source);
    if (total === 0) throw new UnrecoverableError('There are no QR codes to download');
    const chunks = { count: 1, size: total };
    data = { ...data, total };
    const ttlSeconds = Math.round(this.config.JOB_FILE_TTL_HOURS * 3600);
    await this.chunks!.add(ZIP_CHUNK_JOB_NAME, chunkData(data, job.id!, 0, chunks.size), {
      ...chunkJobOptions(job.id!, 0, ttlSeconds),
      parent: { id: job.id!, queue: job.queueQualifiedName },
    });
    await job.updateData({ ...job.data, total, chunks });
    return job.moveToWaitingChildren(token!);
  }

  /**
   * Every chunk has rendered: their files become one ZIP, DATA_DIR/jobs/<jobId>.zip; a print sheet's
   * one PDF becomes DATA_DIR/jobs/<jobId>.pdf as it is (a ZIP holding one file is only a detour).
   */
  private async assemble(job: Job<ZipJobData, ZipJobResult>, signal: AbortSignal): Promise<ZipJobResult> {
    const jobId = job.id!;
    const chunks = job.data.chunks!;
    const values = Object.values(await job.getChildrenValues<ZipChunkResult>());
    if (values.length !== chunks.count)
      throw new Error(`expected ${chunks.count} rendered chunks, found ${values.length}`);
    const rendered = values.reduce((sum, chunk) => sum + chunk.entries, 0);
    await job.updateProgress({ done: rendered, total: Math.max(job.data.total, rendered) });
    await this.files.ensureDir();
    const dir = this.files.chunkDir(jobId);
    const kind = jobFileKind(job.data);
    const partPath = this.files.partPath(jobId, kind);
    try {
      const { bytes } =
        kind === 'pdf'
          ? await copySingleEntry(dir, partPath, { signal })
          : await assembleZip(dir, chunks.count, partPath, { signal });
      await rename(partPath, this.files.finalPath(jobId, kind));
      await rm(dir, { recursive: true, force: true });
      await this.connection?.del(zipProgressKey(this.config.NATS_NAMESPACE, jobId));
      return { entries: rendered, bytes, file: this.files.location(jobId, kind) };
    } catch (error) {
      await rm(partPath, { force: true });
      throw error;
    }
  }

  /** One chunk of a ZIP job, into DATA_DIR/jobs/<parentId>.chunks/<index>.chunk. */
  private processChunk(job: Job<ZipChunkJobData, ZipChunkResult>, token?: string): Promise<ZipChunkResult> {
    return this.attempt(job, token, `chunk:${job.id}`, async (signal) => {
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
      return this.chunkBuilder.build({
        dir: this.files.chunkDir(data.parentId),
        data: { ...data, actor },
        sheet: parent.sheet,
        signal,
        onProgress: async (done) => {
          await setProgress(done);
          await stopIfZipFailed();
        },
      });
    });
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

  /** Deletes the ZIP files past their time to live. */
  private async purge(): Promise<void> {
    const removed = await this.files.purgeOlderThan(this.config.JOB_FILE_TTL_HOURS * 3600 * 1000);
    if (removed) this.logger.log(`purged ${removed} expired ZIP file(s)`);
  }

  // Before the RPC client and Redis close: running jobs are handed back, then the worker stops.
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.purgeJob.stop();
    for (const abort of this.running.values()) abort.abort();
    await Promise.all([this.worker?.close(), this.chunkWorker?.close()]);
    await Promise.all([this.parents?.close(), this.chunks?.close()]);
    this.connection?.disconnect();
  }
}
