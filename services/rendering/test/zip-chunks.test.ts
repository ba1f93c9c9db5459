import { RPC, zipChunkQueueName, type Actor, type ZipJob } from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { Queue } from 'bullmq';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderingService } from '../src';

// Chunked ZIP jobs (a BullMQ flow): chunks of 100 codes rendered by two worker processes, one of
// them killed mid-chunk; the parent assembles one ZIP from the chunk files.
const ROOT = resolve(__dirname, '../../..');
const REGISTER = join(ROOT, 'services/rendering/test/support/register-ts.cjs');
const CODES = 1000;
const CHUNK = 100;
const ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
const run = promisify(execFile);

let bed: TestBed;
let dataDir: string;
const workers: ChildProcess[] = [];

async function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '-r', REGISTER, join(ROOT, 'services/rendering/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...bed.env,
        RENDERING_MODE: 'worker',
        RENDER_CONCURRENCY: '2',
        ZIP_CHUNK_SIZE: String(CHUNK),
        ZIP_LOCK_DURATION_MS: '4000',
        ZIP_STALLED_INTERVAL_MS: '2000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  workers.push(child);
  const lines: string[] = [];
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start:\n${lines.join('\n')}`)), 60_000);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 50) lines.shift();
        if (line.includes('rendering service ready')) {
          clearTimeout(timer);
          ready();
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`worker exited (${code ?? signal}) during start-up:\n${lines.join('\n')}`));
    });
  });
  return child;
}

async function rssMb(pid: number): Promise<number | null> {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
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
  'a 1,000-code ZIP in 10 chunks is rendered by two workers; killing one costs only its chunk',
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

    // Queued before any worker runs: a chunked job is queued with no place in the ZIP queue.
    const created = await bed.call(RPC.rendering.createZipJob, {
      batchId: batch.batchId,
      format: 'png',
      variant: 'qr',
    });
    expect(created).toMatchObject({ state: 'queued', total: CODES, done: 0, position: null });
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
        if (!killedAt && job.done >= 250) {
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
        `chunked 1,000-code ZIP: first worker killed at ${killedAt} codes, ${restarted.length} chunk(s) restarted, worker peak RSS ${peakMb.toFixed(0)} MB`,
      );
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
    } finally {
      clearInterval(sampler);
      await chunkQueue.close();
    }
  },
);
