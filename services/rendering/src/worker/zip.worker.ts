import { zipQueueName, type ZipJobData } from '@avpass/contracts';
import { bullmqJobDurationSeconds, DomainError, exportMetrics, RpcClient } from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { RENDERING_CONFIG, type RenderingConfig } from '../config';
import { JobFiles } from '../jobs/job-files';
import { ZipBuilder, type ZipBuildResult } from '../jobs/zip-builder';
import { bullConnection } from '../jobs/zip-queue';
import { VoucherRenderer } from '../render/voucher-renderer';

/** Refusals that a retry cannot change (the codes were deleted or unassigned meanwhile). */
const PERMANENT = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_FAILED', 'UNAUTHENTICATED']);

/**
 * The BullMQ worker for ZIP jobs (thin: the builder does the work). A job whose worker dies is
 * noticed once its lock lapses (ZIP_LOCK_DURATION_MS) and runs again from the start; a failed
 * attempt is retried with backoff (ZIP_JOB_RETRY). Finished files are purged after JOB_FILE_TTL_HOURS.
 */
@Injectable()
export class ZipWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ZipWorker');
  private readonly files: JobFiles;
  private readonly builder: ZipBuilder;
  private worker?: Worker<ZipJobData, ZipBuildResult>;
  private connection?: Redis;
  private purgeTimer?: NodeJS.Timeout;
  private closing = false;
  private readonly running = new Map<string, AbortController>();

  constructor(
    @Inject(RENDERING_CONFIG) private readonly config: RenderingConfig,
    rpc: RpcClient,
    renderer: VoucherRenderer,
  ) {
    this.files = new JobFiles(config.DATA_DIR);
    this.builder = new ZipBuilder(rpc, renderer, this.files, config.RENDER_CONCURRENCY);
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
    this.purgeTimer = setInterval(() => void this.purge(), this.config.JOB_PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    void this.purge();
    this.logger.log(
      `ZIP worker started (${this.config.ZIP_WORKER_CONCURRENCY} job(s) at once, ${this.config.RENDER_CONCURRENCY} renders per job)`,
    );
  }

  private async process(job: Job<ZipJobData, ZipBuildResult>, token?: string): Promise<ZipBuildResult> {
    const abort = new AbortController();
    this.running.set(job.id!, abort);
    const endTimer = bullmqJobDurationSeconds.startTimer({ queue: job.queueName });
    try {
      return await this.builder.build({
        jobId: job.id!,
        data: job.data,
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
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
