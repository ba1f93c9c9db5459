import { RPC, zipChunkQueueName, type Actor, type ZipJob } from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderingService } from '../src';
import { addIdentityAdmin } from './support/job-owner';
import { linesOf, rssMb, startWorkerProcess } from './support/worker-process';

// Chunked ZIP jobs (a BullMQ flow): chunks of 100 codes rendered by two worker processes, one of
// them killed mid-chunk; the parent assembles one ZIP from the chunk files.
// Enough codes that the job is seen rendering at a 100 ms poll (a bare QR PNG takes well under 1 ms).
const CODES = 6000;
const CHUNK = 600;
const ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
const run = promisify(execFile);

let bed: TestBed;
let dataDir: string;
const workers: ChildProcess[] = [];

async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess(bed.env, { RENDER_CONCURRENCY: '2', ZIP_CHUNK_SIZE: String(CHUNK) });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'avpass-zip-chunks-'));
  bed = await startTestBed({
    name: 'rendering',
    env: {
      RENDERING_MODE: 'api',
      PUBLIC_URL: 'https://pass.example.org',
      DATA_DIR: dataDir,
      ZIP_CHUNK_SIZE: String(CHUNK),
    },
    defaultActor: ADMIN,
    rpcTimeoutMs: 30_000,
    start: async (b) => {
      await addIdentityAdmin(b, ADMIN); // the workers render as the job's owner: a real user
      await b.add(createServiceApp(partnersService, { env: b.env }));
      await b.add(createServiceApp(vouchersService, { env: b.env }));
      await b.add(createServiceApp(renderingService, { env: b.env }));
    },
  });
});
afterAll(async () => {
  for (const worker of workers)
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await bed?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it(
  'a 6,000-code ZIP in 10 chunks is rendered by two workers; killing one costs only its chunk',
  { timeout: 240_000 },
  async () => {
    const batch = await bed.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Chunk test',
      facility: 'Split Second Gym',
      quantity: CODES,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Day pass',
      expirationDate: '2099-12-31',
      usageLimit: 1,
    });

    // Queued before any worker runs: its place is that of its chunks in the chunk queue (none ahead).
    const created = await bed.call(RPC.rendering.createZipJob, {
      batchId: batch.batchId,
      format: 'png',
      variant: 'qr',
    });
    expect(created).toMatchObject({ state: 'queued', total: CODES, done: 0, position: 0 });
    const jobId = created.id;
    const chunkQueue = new Queue(zipChunkQueueName(bed.env.NATS_NAMESPACE!), {
      connection: { url: bed.env.REDIS_URL },
    });

    const first = await startWorker();
    const second = await startWorker();
    let peakMb = 0;
    const sampler = setInterval(() => {
      for (const worker of [first, second]) {
        if (worker.pid && worker.exitCode === null && worker.signalCode === null)
          void rssMb(worker.pid).then((mb) => (peakMb = Math.max(peakMb, mb ?? 0)));
      }
    }, 100);
    try {
      // Progress is summed over the chunks; kill the first worker once some chunks have finished.
      const seen: ZipJob[] = [];
      let killedAt = 0;
      let job: ZipJob = created;
      const deadline = Date.now() + 180_000;
      while (job.state !== 'completed' && job.state !== 'failed') {
        if (Date.now() > deadline) throw new Error(`job still ${job.state} at ${job.done}/${job.total}`);
        await new Promise((r) => setTimeout(r, 100));
        job = await bed.call(RPC.rendering.getJob, { id: jobId });
        seen.push(job);
        if (!killedAt && job.done >= CODES / 4) {
          killedAt = job.done;
          first.kill('SIGKILL');
        }
      }
      expect(killedAt).toBeGreaterThan(0);
      expect(job).toMatchObject({ state: 'completed', done: CODES, total: CODES, progress: 100 });
      const active = seen.filter((j) => j.state === 'active');
      expect(active.length).toBeGreaterThan(0);
      expect(active.some((j) => j.done > 0 && j.done < CODES && j.progress > 0 && j.progress < 100)).toBe(
        true,
      );

      // One valid ZIP with every code once; the chunk files are gone.
      const zipPath = join(dataDir, 'jobs', `${jobId}.zip`);
      await run('unzip', ['-tq', zipPath]);
      const { stdout } = await run('unzip', ['-Z1', zipPath], { maxBuffer: 16 * 1024 * 1024 });
      const entries = stdout.split('\n').filter(Boolean);
      expect(entries).toHaveLength(CODES);
      expect(new Set(entries).size).toBe(CODES);
      expect(
        entries.every((n) => /^qr-code-split-second-gym-[0-9a-f]{8}(-[0-9a-f-]{36})?\.png$/.test(n)),
      ).toBe(true);
      expect(await readdir(join(dataDir, 'jobs'))).toEqual([`${jobId}.zip`]);

      // Only the killed worker's chunk (it renders one at a time) was started twice; both workers rendered.
      const chunks = await Promise.all(
        Array.from({ length: CODES / CHUNK }, (_, i) => chunkQueue.getJob(`${jobId}-chunk-${i}`)),
      );
      const restarted = chunks.filter((c) => (c?.attemptsStarted ?? 0) > 1 || (c?.stalledCounter ?? 0) > 0);
      expect(chunks.every((c) => c?.finishedOn)).toBe(true);
      expect(restarted.length).toBeLessThanOrEqual(1);
      expect(new Set(chunks.map((c) => c?.processedBy)).size).toBe(2);
      console.log(
        `chunked 6,000-code ZIP: first worker killed at ${killedAt} codes, ${restarted.length} chunk(s) restarted, worker peak RSS ${peakMb.toFixed(0)} MB`,
      );
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
    } finally {
      clearInterval(sampler);
      await chunkQueue.close();
    }
  },
);

it(
  'a chunk that fails for good fails the ZIP, and the other chunks stop instead of rendering for nothing',
  { timeout: 180_000 },
  async () => {
    const batch = await bed.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Doomed ZIP',
      facility: 'Dead End Gym',
      quantity: 1000, // two chunks: 600 and 400 (View Codes lists the first 1,000)
      discountType: 'percentage',
      discountValue: 20,
      service: 'Day pass',
      expirationDate: '2099-12-31',
      usageLimit: 1,
    });
    const ids = (await bed.call(RPC.vouchers.adminBatch, { id: batch.batchId })).qrCodes.map((c) => c.id);
    expect(ids).toHaveLength(1000);
    const chunkQueue = new Queue(zipChunkQueueName(bed.env.NATS_NAMESPACE!), {
      connection: { url: bed.env.REDIS_URL },
    });
    // No worker takes a chunk until the code is gone (the first test's worker is still running).
    await chunkQueue.pause();
    try {
      // Voucher cards: a chunk of them takes seconds, so the second chunk is still rendering when the first fails.
      const created = await bed.call(RPC.rendering.createZipJob, {
        qrCodes: ids,
        format: 'png',
        variant: 'card',
      });
      // A code of the first chunk is deleted: that chunk's resolve is refused for good.
      await bed.call(RPC.vouchers.remove, { id: ids[5]! });
      while (workers.filter((w) => w.exitCode === null && w.signalCode === null).length < 2)
        await startWorker();
      await chunkQueue.resume();
      let job: ZipJob = created;
      const deadline = Date.now() + 120_000;
      while (job.state !== 'failed' && job.state !== 'completed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        job = await bed.call(RPC.rendering.getJob, { id: created.id });
      }
      expect(job.state).toBe('failed');
      // The ZIP says why, in its chunk's words (not BullMQ's "child … failed").
      expect(job.error).toMatch(/^QR code [0-9a-f-]{36} not found$/);
      const [first, second] = await Promise.all(
        [0, 1].map((i) => chunkQueue.getJob(`${created.id}-chunk-${i}`)),
      );
      await expect.poll(async () => chunkQueue.getJobState(second!.id!), { timeout: 30_000 }).toBe('failed');
      const stopped = (await chunkQueue.getJob(second!.id!))!;
      expect(first!.failedReason).toMatch(/not found/i);
      expect(stopped.failedReason).toBe(
        'The ZIP this chunk belongs to has failed; the chunk is not rendered',
      );
      // Stopped at a progress report, well before its 400 cards were done; retried never (unrecoverable).
      expect(stopped.attemptsMade).toBeLessThanOrEqual(1);
      const progress = await bed.call(RPC.rendering.getJob, { id: created.id });
      expect(progress.done).toBeLessThan(1000);
    } finally {
      await chunkQueue.close();
    }
  },
);

it(
  'a worker that loses a chunk’s lock stops rendering it; the chunk is rendered again and the ZIP is whole',
  { timeout: 180_000 },
  async () => {
    const batch = await bed.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Lost lock',
      facility: 'Lock Step Gym',
      quantity: 1000, // chunks of 600 and 400
      discountType: 'percentage',
      discountValue: 20,
      service: 'Day pass',
      expirationDate: '2099-12-31',
      usageLimit: 1,
    });
    const queueName = zipChunkQueueName(bed.env.NATS_NAMESPACE!);
    const chunkQueue = new Queue(queueName, { connection: { url: bed.env.REDIS_URL } });
    const redis = new Redis(bed.env.REDIS_URL!);
    try {
      while (workers.filter((w) => w.exitCode === null && w.signalCode === null).length < 2)
        await startWorker();
      // Voucher cards: a chunk takes seconds, long enough to take its lock away mid-chunk.
      const created = await bed.call(RPC.rendering.createZipJob, {
        batchId: batch.batchId,
        format: 'png',
        variant: 'card',
      });
      const chunkId = `${created.id}-chunk-0`;
      await expect
        .poll(async () => chunkQueue.getJobState(chunkId), { timeout: 60_000, interval: 50 })
        .toBe('active');
      // As if its worker had paused past ZIP_LOCK_DURATION_MS: the lock is gone, its next renewal fails.
      expect(await redis.del(`${chunkQueue.toKey(chunkId)}:lock`)).toBe(1);

      let job: ZipJob = created;
      const deadline = Date.now() + 120_000;
      while (job.state !== 'completed' && job.state !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        job = await bed.call(RPC.rendering.getJob, { id: created.id });
      }
      expect(job).toMatchObject({ state: 'completed', done: 1000, total: 1000 });
      const owner = workers
        .map(linesOf)
        .filter((lines) =>
          lines.some((line) => line.includes(`lost the lock of ZIP chunk ${chunkId}: stopped rendering it`)),
        );
      expect(owner).toHaveLength(1);
      const chunk = (await chunkQueue.getJob(chunkId))!;
      expect((chunk.attemptsStarted ?? 0) + (chunk.stalledCounter ?? 0)).toBeGreaterThan(1);
      const zipPath = join(dataDir, 'jobs', `${created.id}.zip`);
      await run('unzip', ['-tq', zipPath]);
      const { stdout } = await run('unzip', ['-Z1', zipPath], { maxBuffer: 16 * 1024 * 1024 });
      expect(new Set(stdout.split('\n').filter(Boolean)).size).toBe(1000);
    } finally {
      redis.disconnect();
      await chunkQueue.close();
    }
  },
);
