import {
  RPC,
  ZIP_JOB_NAME,
  ZIP_JOB_RETRY,
  zipQueueName,
  type Actor,
  type ZipJob,
  type ZipJobData,
} from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { refusal, startTestBed, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { Queue } from 'bullmq';
import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect } from 'nats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderingService } from '../src';
import { addIdentityAdmin } from './support/job-owner';
import { rssMb, startWorkerProcess } from './support/worker-process';

// Moved from the gateway's tests: the ZIP worker is the rendering service's; the calls the gateway
// makes for /api/bulk-generate, /api/bulk-download-zip and /api/jobs/{id}[/file] are made over NATS.
const CODES = 1000;
const ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };

let bed: TestBed;
let dataDir: string;
const workers: ChildProcess[] = [];

/** The names in a ZIP, from `unzip -Z1`. */
async function zipEntries(path: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('unzip', ['-Z1', path], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\n').filter(Boolean);
}

/** Polls the job (as GET /api/jobs/{id} does) until it finishes (or the deadline passes). */
async function waitForJob(
  id: string,
  timeoutMs = 60_000,
  onPoll?: (job: ZipJob) => void | Promise<void>,
): Promise<ZipJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await bed.call(RPC.rendering.getJob, { id });
    await onPoll?.(job);
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.state} (${job.progress}%)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess(bed.env, { RENDER_CONCURRENCY: '4' });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'avpass-zip-data-'));
  // The in-process rendering service only answers calls; the ZIP workers are the child processes.
  bed = await startTestBed({
    name: 'rendering',
    env: { RENDERING_MODE: 'api', PUBLIC_URL: 'https://pass.example.org', DATA_DIR: dataDir },
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

it('ZIPs waiting for a worker tell their place in the queue', async () => {
  // No worker runs yet (the rendering service here only answers calls): every job waits.
  const code = await bed.call(RPC.vouchers.generate, {
    clinic: 'Queue Gym',
    service: 'Day pass',
    expirationDate: '2099-12-31',
    discountValue: 10,
  });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await bed.call(RPC.rendering.createZipJob, {
      qrCodes: [code.id],
      format: 'svg',
      variant: 'qr',
    });
    expect(created).toMatchObject({ state: 'queued', position: i });
    ids.push(created.id);
  }
  const positions = await Promise.all(
    ids.map(async (id) => (await bed.call(RPC.rendering.getJob, { id })).position),
  );
  expect(positions).toEqual([0, 1, 2]);
});

it('a ZIP of 1,200 selected codes is checked and counted in one call to vouchers, not one per 500', async () => {
  const batch = await bed.call(RPC.vouchers.bulkGenerate, {
    batchName: 'Selection',
    facility: 'Count Once Gym',
    quantity: 1200,
    discountType: 'percentage',
    discountValue: 10,
    service: 'Day pass',
    expirationDate: '2099-12-31',
    usageLimit: 1,
  });
  const ids = (
    await bed.call(RPC.vouchers.resolveLinks, { batchId: batch.batchId!, limit: 2000, count: false })
  ).items.map((link) => link.id);
  expect(ids).toHaveLength(1200);
  // Every request rendering makes to vouchers' resolve, as NATS carries it.
  const nc = await connect({ servers: bed.env.NATS_URL });
  const asked: number[] = [];
  const sub = nc.subscribe(`${bed.env.NATS_NAMESPACE}.${RPC.vouchers.resolveForRender}`, {
    callback: (_error, msg) => {
      const { data } = JSON.parse(new TextDecoder().decode(msg.data)) as {
        data: { payload: { ids?: string[] } };
      };
      if (data.payload.ids) asked.push(data.payload.ids.length);
    },
  });
  await nc.flush();
  try {
    const created = await bed.call(RPC.rendering.createZipJob, {
      qrCodes: ids,
      format: 'svg',
      variant: 'qr',
    });
    expect(created).toMatchObject({ state: 'queued', total: 1200 });
    await nc.flush();
    expect(asked).toEqual([1200]);
  } finally {
    sub.unsubscribe();
    await nc.close();
  }
});

it(
  'a 1,000-code ZIP survives its worker being killed mid-job, with bounded worker memory',
  { timeout: 180_000 },
  async () => {
    const batch = await bed.call(RPC.vouchers.bulkGenerate, {
      batchName: 'Kill test',
      facility: 'Sharp Edge Fitness',
      quantity: CODES,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Day pass',
      expirationDate: '2099-12-31',
      usageLimit: 1,
    });
    expect(batch.batchId).toEqual(expect.any(String));

    const first = await startWorker();
    // Voucher cards (a bare QR takes well under a millisecond: the job would end before a poll saw it).
    const created = await bed.call(RPC.rendering.createZipJob, {
      batchId: batch.batchId,
      format: 'png',
      variant: 'card',
    });
    expect(created.state).not.toBe('failed');
    expect(created.total).toBe(CODES);
    const jobId: string = created.id;

    // Sample the workers' resident memory while they work.
    let peakMb = 0;
    const sampler = setInterval(() => {
      for (const worker of workers) {
        if (worker.pid && worker.exitCode === null && worker.signalCode === null) {
          void rssMb(worker.pid).then((mb) => {
            if (mb) peakMb = Math.max(peakMb, mb);
          });
        }
      }
    }, 100);

    try {
      let progressAtKill = 0;
      const startedAt = Date.now();
      await waitForJob(jobId, 60_000, async (job) => {
        if (job.progress > 10 && !progressAtKill) {
          progressAtKill = job.progress;
          first.kill('SIGKILL');
          throw new Error('killed'); // stop polling; the job continues below
        }
      }).catch((error: Error) => {
        if (error.message !== 'killed') throw error;
      });
      expect(progressAtKill).toBeGreaterThan(10);
      expect(progressAtKill).toBeLessThan(100);

      // Not finished: the file is not there yet.
      const early = await refusal(bed.call(RPC.rendering.jobFile, { id: jobId }));
      expect(early.code).toBe('CONFLICT'); // 409 at the gateway
      expect(early.message).toBe('The ZIP file is not ready yet. Please wait for the job to finish.');

      await startWorker();
      const job = await waitForJob(jobId, 120_000);
      const seconds = (Date.now() - startedAt) / 1000;
      expect(job).toMatchObject({ state: 'completed', done: CODES, total: CODES, progress: 100 });

      // The gateway streams the file the service names (relative to DATA_DIR) once it is ready.
      const file = await bed.call(RPC.rendering.jobFile, { id: jobId });
      expect(file.file).toBe(`jobs/${jobId}.zip`);
      const zipPath = join(dataDir, file.file);
      const zipBytes = (await stat(zipPath)).size;
      const entries = await zipEntries(zipPath);
      expect(entries).toHaveLength(CODES);
      expect(new Set(entries).size).toBe(CODES);
      expect(
        entries.every((name) =>
          /^qr-preview-sharp-edge-fitness-[0-9a-f]{8}(-[0-9a-f-]{36})?\.png$/.test(name),
        ),
      ).toBe(true);
      // The killed attempt's partial file was replaced, not left behind.
      expect((await readdir(join(dataDir, 'jobs'))).filter((f) => f.endsWith('.part'))).toEqual([]);

      console.log(
        `1,000-code ZIP: killed at ${progressAtKill}%, completed after ${seconds.toFixed(1)} s in total, ` +
          `${(zipBytes / 1024 / 1024).toFixed(1)} MB, worker peak RSS ${peakMb.toFixed(0)} MB`,
      );
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
    } finally {
      clearInterval(sampler);
    }
  },
);

it('a ZIP job queued without chunks (by the previous version) gets its one chunk and completes', async () => {
  if (!workers.some((w) => w.exitCode === null && w.signalCode === null)) await startWorker();
  const code = await bed.call(RPC.vouchers.generate, {
    clinic: 'Old Queue Gym',
    service: 'Day pass',
    expirationDate: '2099-12-31',
    discountValue: 10,
  });
  const queue = new Queue<ZipJobData>(zipQueueName(bed.env.NATS_NAMESPACE!), {
    connection: { url: bed.env.REDIS_URL },
  });
  try {
    const data: ZipJobData = {
      ownerUserId: ADMIN.userId,
      actor: ADMIN,
      source: { ids: [code.id] },
      format: 'png',
      variant: 'qr',
      fileName: 'qr-codes-png-legacy.zip',
      total: 1,
      requestId: 'legacy-zip',
    };
    const job = await queue.add(ZIP_JOB_NAME, data, { jobId: randomUUID(), ...ZIP_JOB_RETRY });
    const done = await waitForJob(job.id!, 60_000);
    expect(done).toMatchObject({ state: 'completed', done: 1, total: 1 });
    const file = await bed.call(RPC.rendering.jobFile, { id: job.id! });
    expect(file).toEqual({ fileName: 'qr-codes-png-legacy.zip', file: `jobs/${job.id}.zip` });
    expect(await zipEntries(join(dataDir, file.file))).toEqual([
      `qr-code-old-queue-gym-${code.id.slice(0, 8)}.png`,
    ]);
  } finally {
    await queue.close();
  }
});
