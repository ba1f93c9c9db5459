import { RPC, type Actor, type ZipJob } from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { refusal, startTestBed, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

      // The gateway streams DATA_DIR/jobs/{id}.zip once the service says the file is ready.
      await bed.call(RPC.rendering.jobFile, { id: jobId });
      const zipPath = join(dataDir, 'jobs', `${jobId}.zip`);
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
