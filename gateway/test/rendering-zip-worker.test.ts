import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { download, saveTo, waitForJob, zipEntries } from './support/downloads';
import { startHarness, type Harness } from './support/harness';

const ROOT = resolve(__dirname, '../..');
const REGISTER = join(ROOT, 'services/rendering/test/support/register-ts.cjs');
const CODES = 1000;

let h: Harness;
let admin: string;
let dir: string;
const workers: ChildProcess[] = [];

/**
 * A rendering worker in its own process (RENDERING_MODE=worker), run from the TypeScript sources.
 * Short lock and stall intervals so a killed worker's job is noticed within seconds.
 */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '-r', REGISTER, join(ROOT, 'services/rendering/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...h.env,
        RENDERING_MODE: 'worker',
        RENDER_CONCURRENCY: '4',
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

/** VmRSS of a process in MB, or null once it is gone. */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  // The in-process rendering service only answers calls; the ZIP workers are the child processes.
  h = await startHarness(
    { RENDERING_MODE: 'api', PUBLIC_URL: 'https://pass.example.org' },
    { services: ['partners', 'vouchers', 'rendering'] },
  );
  admin = await h.adminToken();
  dir = await mkdtemp(join(tmpdir(), 'avpass-zip-'));
});
afterAll(async () => {
  for (const worker of workers)
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('ZIPs waiting for a worker tell their place in the queue', async () => {
  // No worker runs yet (the rendering service here only answers calls): every job waits.
  const code = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: { clinic: 'Queue Gym', service: 'Day pass', expirationDate: '2099-12-31', discountValue: 10 },
  });
  expect(code.status).toBe(201);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [code.body.id], format: 'svg', variant: 'qr' },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ state: 'queued', position: i });
    ids.push(created.body.id);
  }
  const positions = await Promise.all(
    ids.map(async (id) => (await h.api(`/api/jobs/${id}`, { token: admin })).body.position),
  );
  expect(positions).toEqual([0, 1, 2]);
});

it(
  'a 1,000-code ZIP survives its worker being killed mid-job, with bounded worker memory',
  { timeout: 180_000 },
  async () => {
    const batch = await h.api('/api/bulk-generate', {
      method: 'POST',
      token: admin,
      json: {
        batchName: 'Kill test',
        facility: 'Sharp Edge Fitness',
        quantity: CODES,
        discountType: 'percentage',
        discountValue: 20,
        service: 'Day pass',
        expirationDate: '2099-12-31',
        usageLimit: 1,
      },
    });
    expect(batch.status).toBe(201);

    const first = await startWorker();
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { batchId: batch.body.batchId, format: 'png', variant: 'qr' },
    });
    expect(created.status).toBe(202);
    expect(created.body.total).toBe(CODES);
    const jobId: string = created.body.id;

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
      await waitForJob(h, jobId, admin, 60_000, async (job) => {
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
      const early = await h.api(`/api/jobs/${jobId}/file`, { token: admin });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('The ZIP file is not ready yet. Please wait for the job to finish.');

      await startWorker();
      const job = await waitForJob(h, jobId, admin, 120_000);
      const seconds = (Date.now() - startedAt) / 1000;
      expect(job).toMatchObject({ state: 'completed', done: CODES, total: CODES, progress: 100 });

      const file = await download(h, job.downloadUrl, { token: admin });
      expect(file.status).toBe(200);
      const entries = await zipEntries(await saveTo(dir, 'thousand.zip', file.data));
      expect(entries).toHaveLength(CODES);
      expect(new Set(entries).size).toBe(CODES);
      expect(
        entries.every((name) => /^qr-code-sharp-edge-fitness-[0-9a-f]{8}(-[0-9a-f-]{36})?\.png$/.test(name)),
      ).toBe(true);
      // The killed attempt's partial file was replaced, not left behind.
      expect((await readdir(join(h.dataDir, 'jobs'))).filter((f) => f.endsWith('.part'))).toEqual([]);

      console.log(
        `1,000-code ZIP: killed at ${progressAtKill}%, completed after ${seconds.toFixed(1)} s in total, ` +
          `${(file.data.length / 1024 / 1024).toFixed(1)} MB, worker peak RSS ${peakMb.toFixed(0)} MB`,
      );
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
    } finally {
      clearInterval(sampler);
    }
  },
);
