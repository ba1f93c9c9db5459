import {
  DEFAULT_CARD_SIZE,
  RPC,
  ZIP_CHUNK_JOB_NAME,
  ZIP_JOB_NAME,
  ZIP_JOB_RETRY,
  zipChunkQueueName,
  zipJobResultSchema,
  zipQueueName,
  type Actor,
  type AuditAction,
  type BulkDownloadZipInput,
  type RpcMeta,
  type ZipJob,
  type ZipJobData,
  type ZipJobFile,
  type ZipProgress,
  type ZipSource,
} from '@avpass/contracts';
import {
  assertSameRequest,
  AuditTrail,
  bullmqJobs,
  DomainError,
  exportMetrics,
  fingerprintOf,
  keyedCall,
  RpcClient,
  ServiceOperatorPort,
  Transactions,
  type KeyedCall,
} from '@avpass/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { RENDERING_CONFIG, type RenderingConfig } from '../config';
import { countVisible } from './code-pages';
import { JobFiles, jobFileKind } from './job-files';
import { zipJobIdFor, ZipAbandonment } from './zip-abandon';
import { chunkData, chunkingOf, chunkJobOptions } from './zip-plan';
import { ZipQueue } from './zip-queue';

function zipFileName(input: BulkDownloadZipInput, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  // A print sheet is one PDF: served as it is, never inside a ZIP (issue 27).
  if (input.sheet) return `qr-cards-sheet-${input.sheet}-${stamp}.pdf`;
  return `${input.variant === 'card' ? 'qr-previews' : 'qr-codes'}-${input.format}-${stamp}.zip`;
}

function sourceOf(input: BulkDownloadZipInput): ZipSource {
  if (input.ids) return { ids: input.ids };
  if (input.batchId) return { batchId: input.batchId };
  return { all: true };
}

type AskedZip = Pick<ZipJobData, 'ownerUserId' | 'source' | 'format' | 'variant' | 'size' | 'sheet'>;

/**
 * What a ZIP request asks, as its Idempotency-Key's fingerprint sees it: built alike from the request
 * and from the payload of the job it queued (the job is the key's record: it keeps no fingerprint).
 */
function askedZip(asked: AskedZip) {
  const { ownerUserId, source, format, variant, size, sheet } = asked;
  return { ownerUserId, source, format, variant, size: size ?? DEFAULT_CARD_SIZE, sheet };
}

/** The request as an idempotent call (platform): its key names the job, its fingerprint the request. */
function zipCall(input: BulkDownloadZipInput, actor: Actor): KeyedCall | null {
  const asked = askedZip({
    ownerUserId: actor.userId,
    source: sourceOf(input),
    format: input.format,
    variant: input.variant,
    size: input.size,
    ...(input.sheet ? { sheet: input.sheet } : {}),
  });
  return keyedCall({
    actor,
    operation: RPC.rendering.createZipJob,
    request: { idempotencyKey: input.idempotencyKey, ...asked },
  });
}

/** ZIP jobs as their owner sees them: enqueue, follow, download. Nobody else sees a job (404). */
@Injectable()
export class ZipJobsService implements OnApplicationShutdown {
  private readonly logger = new Logger('ZipJobs');
  private readonly zipQueue: ZipQueue;
  private readonly files: JobFiles;
  private readonly abandonment: ZipAbandonment;

  constructor(
    @Inject(RENDERING_CONFIG) private readonly config: RenderingConfig,
    private readonly rpc: RpcClient,
    operatorPort: ServiceOperatorPort,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {
    this.zipQueue = new ZipQueue(config);
    this.files = new JobFiles(config.DATA_DIR);
    this.abandonment = new ZipAbandonment(this.zipQueue.connection, config);
    exportMetrics(bullmqJobs);
    operatorPort.addCollector(() => this.collectJobCounts());
  }

  /** bullmq_jobs on scrape: each queue's job counts by state (one round trip to Redis per queue). */
  private async collectJobCounts(): Promise<void> {
    for (const queue of [this.zipQueue.queue, this.zipQueue.chunkQueue] as const) {
      const counts = await queue.getJobCounts(
        'waiting',
        'waiting-children',
        'active',
        'delayed',
        'prioritized',
        'failed',
        'completed',
      );
      for (const [state, count] of Object.entries(counts))
        bullmqJobs.set({ queue: queue.name, state }, count);
    }
  }

  /**
   * Queues a ZIP job. Its id is chosen before the add (from the owner and the Idempotency-Key, when
   * given); a request that fails after it may have queued or revived the job marks the id abandoned,
   * so that a job answered 503 never runs (zip-abandon.ts). A retry with the key answers that job.
   */
  async create(input: BulkDownloadZipInput, actor: Actor, meta: RpcMeta): Promise<ZipJob> {
    const { requestId } = meta;
    const keyed = zipCall(input, actor);
    const jobId = keyed ? zipJobIdFor(actor.userId, keyed.scope.key) : randomUUID();
    const attempt = { id: randomUUID(), mayHaveQueued: false };
    try {
      if (keyed) {
        const earlier = await this.replay(jobId, keyed, actor, attempt);
        if (earlier) return earlier;
      }
      const job = await this.enqueue(jobId, input, actor, requestId, attempt);
      // Its entry once it is queued (a retry answered with the same job above writes none); if the
      // entry cannot be written the request fails and the job is abandoned with it (catch below).
      await this.recordAudit(meta, 'rendering.zip-job.requested', job.id, actor, {
        source: sourceOf(input),
        format: input.format,
        variant: input.variant,
        size: input.size,
        sheet: input.sheet ?? null,
        total: job.total,
        fileName: job.fileName,
      });
      return job;
    } catch (error) {
      if (attempt.mayHaveQueued) void this.abandonment.abandon(jobId, attempt.id);
      throw error;
    }
  }

  /**
   * The job an earlier request with this key queued, as it is now; null when there is none to
   * answer (never queued, expired, or dropped as abandoned: then queued again under the same id).
   * The same key with another request is the platform's one 409.
   */
  private async replay(
    jobId: string,
    keyed: KeyedCall,
    actor: Actor,
    attempt: { id: string; mayHaveQueued: boolean },
  ): Promise<ZipJob | null> {
    const job = await this.zipQueue.queue.getJob(jobId);
    if (!job) {
      await this.abandonment.clear(jobId);
      return null;
    }
    assertSameRequest(keyed, fingerprintOf(askedZip(job.data)));
    attempt.mayHaveQueued = true; // a revive that times out may still land
    const mark = await this.abandonment.revive(jobId, attempt.id);
    if (mark === 'live') attempt.mayHaveQueued = false; // an earlier request was answered with it
    if (mark !== 'parked') return this.get(jobId, actor);
    // A worker dropped it as abandoned (it is failing now): queue it again under the same id.
    const deadline = Date.now() + 5000;
    while ((await job.getState()) !== 'failed') {
      if (Date.now() > deadline) {
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          'The ZIP request is being retried; please try again.',
          undefined,
          2,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await job.remove();
    await this.abandonment.clear(jobId);
    return null;
  }

  private async enqueue(
    jobId: string,
    input: BulkDownloadZipInput,
    actor: Actor,
    requestId: string,
    attempt: { mayHaveQueued: boolean },
  ): Promise<ZipJob> {
    const source = sourceOf(input);
    // Every code must be visible to the requester now (one call for a list of ids).
    const total = await countVisible(this.rpc, { requestId, actor }, source);
    if (total === 0) {
      throw DomainError.validation('There are no QR codes to download', {
        qrCodes: ['There are no QR codes to download'],
      });
    }
    const ttlSeconds = Math.round(this.config.JOB_FILE_TTL_HOURS * 3600);
    const data: ZipJobData = {
      ownerUserId: actor.userId,
      actor,
      source,
      format: input.format,
      variant: input.variant,
      size: input.size,
      ...(input.sheet ? { sheet: input.sheet } : {}),
      fileName: zipFileName(input, new Date()),
      total,
      requestId,
    };
    const opts = {
      jobId,
      ...ZIP_JOB_RETRY,
      removeOnComplete: { age: ttlSeconds },
      removeOnFail: { age: ttlSeconds },
    };
    // Every ZIP is a BullMQ flow: one child per chunk (any worker renders it; a small ZIP is one
    // chunk), the parent assembles the ZIP.
    const chunks = chunkingOf(data, this.config.ZIP_CHUNK_SIZE);
    const parent: ZipJobData = { ...data, chunks };
    // Each chunk of a batch or of "all" seeks to its first code by keyset (one pass over the index
    // here, rather than every chunk skipping its offset: quadratic in the batch's size).
    const starts =
      'ids' in data.source || chunks.count === 1
        ? []
        : (
            await this.rpc.call(
              RPC.vouchers.chunkStarts,
              { ...data.source, every: chunks.size },
              { requestId, actor },
            )
          ).cursors;
    attempt.mayHaveQueued = true;
    const flow = await this.zipQueue.flows.add({
      name: ZIP_JOB_NAME,
      queueName: zipQueueName(this.config.NATS_NAMESPACE),
      data: parent,
      opts,
      children: Array.from({ length: chunks.count }, (_, index) => ({
        name: ZIP_CHUNK_JOB_NAME,
        queueName: zipChunkQueueName(this.config.NATS_NAMESPACE),
        data: chunkData(parent, jobId, index, chunks.size, starts[index - 1], starts[index]),
        opts: chunkJobOptions(jobId, index, ttlSeconds),
      })),
    });
    return this.describe(flow.job as Job<ZipJobData>, 'queued', await this.zipQueue.chunksAhead(jobId), 0);
  }

  async get(id: string, actor: Actor): Promise<ZipJob> {
    const job = await this.owned(id, actor);
    const state = await job.getState();
    if (job.data.chunks && (state === 'waiting-children' || state === 'waiting')) {
      // Its chunks are rendering (or all done, the ZIP waits to be put together): progress is their
      // sum; queued, with its place in the chunk queue, until the first code is rendered.
      const done = await this.zipQueue.chunkProgress(this.config.NATS_NAMESPACE, job.id!);
      if (done > 0) return this.describe(job, 'active', null, done);
      return this.describe(job, 'queued', await this.zipQueue.chunksAhead(job.id!), 0);
    }
    return this.describe(
      job,
      toJobState(state),
      state === 'waiting' ? await this.zipQueue.waitingAhead(job.id!) : null,
      undefined,
      state === 'failed' ? await this.failureOf(job) : null,
    );
  }

  /**
   * Where the finished ZIP is (relative to DATA_DIR), as its worker reported it: this job's own file
   * in DATA_DIR/jobs or nothing (a return value is data in Redis; a forged one is refused). The
   * gateway opens it: whether it still exists is checked there, once.
   */
  async file(id: string, actor: Actor, meta: RpcMeta): Promise<ZipJobFile> {
    const job = await this.owned(id, actor);
    const state = toJobState(await job.getState());
    if (state === 'failed')
      throw new DomainError('CONFLICT', `This ZIP could not be made: ${await this.failureOf(job)}`);
    if (state !== 'completed')
      throw new DomainError('CONFLICT', 'The ZIP file is not ready yet. Please wait for the job to finish.');
    const result = zipJobResultSchema.safeParse(job.returnvalue);
    // A job finished by a previous version did not say: its file is where every ZIP's is.
    const own = this.files.location(job.id!, jobFileKind(job.data));
    const file = result.success ? (result.data.file ?? this.files.location(job.id!)) : null;
    if (file !== own) {
      this.logger.error(`ZIP job ${job.id} names a file that is not its own (${JSON.stringify(file)})`);
      throw new DomainError('NOT_FOUND', 'This ZIP file is not available. Please start the download again.');
    }
    await this.recordAudit(meta, 'rendering.zip-job.downloaded', job.id!, actor, {
      fileName: job.data.fileName,
    });
    return { fileName: job.data.fileName, file };
  }

  /** A ZIP job's entry (it lives in Redis: the entry is the one row of its own transaction). */
  private recordAudit(
    meta: RpcMeta,
    action: Extract<AuditAction, `rendering.zip-job.${string}`>,
    jobId: string,
    actor: Actor,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const changes = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, { before: null, after: value }]),
    );
    return this.transactions.run(async (tx) => {
      this.audit.appendEntry(tx, meta, {
        action,
        targetType: 'zip-job',
        targetId: jobId,
        companyId: actor.companyId ?? null,
        changes,
      });
    });
  }

  /**
   * Why a ZIP failed, in its own words or its chunk's: a ZIP failed by a chunk (failParentOnFailure)
   * only says "child <key> failed", so the chunk's reason is read (a deleted code, an owner gone).
   */
  private async failureOf(job: Job<ZipJobData>): Promise<string> {
    // Read before its state, the job may have failed since: read again for its reason.
    const failed = job.failedReason ? job : ((await this.zipQueue.queue.getJob(job.id!)) ?? job);
    const reason = failed.failedReason ?? 'The ZIP could not be made';
    const child = /^child (\S+) failed$/.exec(reason)?.[1];
    const chunkId = child?.slice(child.lastIndexOf(':') + 1);
    if (!chunkId?.startsWith(`${job.id}-chunk-`)) return reason;
    return (await this.zipQueue.chunkQueue.getJob(chunkId))?.failedReason ?? reason;
  }

  private async owned(id: string, actor: Actor): Promise<Job<ZipJobData>> {
    const job = await this.zipQueue.queue.getJob(id);
    if (!job || job.data.ownerUserId !== actor.userId) throw DomainError.notFound('ZIP job');
    return job;
  }

  private describe(
    job: Job<ZipJobData>,
    state: ZipJob['state'],
    position: number | null = null,
    chunksDone?: number,
    failure: string | null = null,
  ): ZipJob {
    const progress = job.progress as Partial<ZipProgress> | number | undefined;
    const result = job.returnvalue as { entries?: number } | null | undefined;
    const total = typeof progress === 'object' && progress.total ? progress.total : job.data.total;
    let done = typeof progress === 'object' && typeof progress.done === 'number' ? progress.done : 0;
    if (chunksDone !== undefined) done = Math.min(chunksDone, total);
    if (state === 'completed') done = result?.entries ?? total;
    const percent =
      state === 'completed' ? 100 : total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
    return {
      id: job.id!,
      state,
      progress: percent,
      total: state === 'completed' ? done : total,
      done,
      format: job.data.format,
      variant: job.data.variant,
      fileName: job.data.fileName,
      error: state === 'failed' ? (failure ?? job.failedReason ?? 'The ZIP could not be made') : null,
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      downloadUrl: `/api/jobs/${job.id}/file`,
      position: state === 'queued' ? position : null,
      sheet: job.data.sheet ?? null,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.zipQueue.close();
  }
}

/** BullMQ's states in the contract's words: waiting, delayed (a retry's backoff) and the like are queued. */
export function toJobState(state: string): ZipJob['state'] {
  switch (state) {
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return 'queued';
  }
}
