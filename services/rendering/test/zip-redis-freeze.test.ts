import { RPC, ZIP_JOB_NAME, zipQueueName, type Actor } from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { refusal, startTestBed, TcpProxy, waitFor, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderingService } from '../src';
import { addIdentityAdmin } from './support/job-owner';
import { startWorkerProcess } from './support/worker-process';
import { ZIP_ABANDONED, zipJobIdFor } from '../src/jobs/zip-abandon';

// Issue 22, defect 4: Redis frozen (as with `kill -STOP`) while a ZIP is being queued. The command
// times out (503) after it was sent, and Redis applies it once it thaws. The rendering service's API
// and its worker reach Redis through the proxy; this test's own look at the queue does not.
const ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');

let bed: TestBed;
let dataDir: string;
let proxy: TcpProxy;
let worker: ChildProcess | undefined;
let inspector: Redis;
let queue: Queue;
let request: { qrCodes: string[]; format: 'svg'; variant: 'qr' };

/** The ZIP files written so far. */
async function zipFiles(): Promise<string[]> {
  const names = await readdir(join(dataDir, 'jobs')).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.zip')).sort();
}

/** Once `count` jobs have finished and no job waits or runs: the finished jobs by state. */
async function finishedJobs(count: number) {
  await waitFor(
    async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      const finished = await queue.getJobCounts('completed', 'failed');
      return Object.values(counts).every((n) => n === 0) && finished.completed! + finished.failed! >= count;
    },
    { timeoutMs: 30_000, message: `${count} ZIP job(s) to finish` },
  );
  return {
    completed: await queue.getJobs(['completed']),
    failed: await queue.getJobs(['failed']),
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'avpass-zip-freeze-'));
  proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  const port = await proxy.start();
  const proxiedRedis = new URL(redisUrl);
  proxiedRedis.hostname = '127.0.0.1';
  proxiedRedis.port = String(port);
  bed = await startTestBed({
    name: 'rendering-redis-freeze',
    env: { RENDERING_MODE: 'api', PUBLIC_URL: 'https://pass.example.org', DATA_DIR: dataDir },
    defaultActor: ADMIN,
    rpcTimeoutMs: 15_000,
    start: async (b) => {
      await addIdentityAdmin(b, ADMIN); // the workers render as the job's owner: a real user
      await b.add(createServiceApp(partnersService, { env: b.env }));
      await b.add(createServiceApp(vouchersService, { env: b.env }));
      await b.add(
        createServiceApp(renderingService, { env: { ...b.env, REDIS_URL: proxiedRedis.toString() } }),
      );
    },
  });
  // The worker, in its own process (as in zip-worker.test.ts), reaches Redis through the proxy too.
  worker = await startWorkerProcess(bed.env, { REDIS_URL: proxiedRedis.toString() });
  inspector = new Redis(bed.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queue = new Queue(zipQueueName(bed.env.NATS_NAMESPACE!), { connection: inspector });
  const code = await bed.call(RPC.vouchers.generate, {
    clinic: 'Freeze Gym',
    service: 'Day pass',
    expirationDate: '2099-12-31',
    discountValue: 10,
  });
  request = { qrCodes: [code.id], format: 'svg', variant: 'qr' };
});

afterAll(async () => {
  proxy?.thaw();
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  inspector?.disconnect();
  if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await bed?.close();
  await proxy?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('ZIPs answered 503 while Redis is frozen are queued once it thaws but never run', async () => {
  proxy.freeze();
  const refused = await Promise.all(
    Array.from({ length: 5 }, () => refusal(bed.call(RPC.rendering.createZipJob, request))),
  );
  expect(refused.map((error) => error.code)).toEqual(Array(5).fill('SERVICE_UNAVAILABLE'));
  proxy.thaw();

  // The adds did land once Redis thawed (the defect's precondition): five jobs...
  const { completed, failed } = await finishedJobs(5);
  expect(completed.length + failed.length).toBe(5);
  // ...that a worker took and dropped before any work: no ZIP written.
  expect(completed).toEqual([]);
  expect(failed.map((job) => job.failedReason)).toEqual(Array(5).fill(ZIP_ABANDONED));
  expect(await zipFiles()).toEqual([]);
  await queue.clean(0, 100, 'failed');
});

it('a retry with the same Idempotency-Key answers the one job that did get queued, and one ZIP', async () => {
  const idempotencyKey = `zip-${randomUUID()}`;
  const jobId = zipJobIdFor(ADMIN.userId, idempotencyKey);
  // Redis stops just as the add is sent (after the look for an earlier job with this key).
  proxy.freezeWhen((chunk) => chunk.includes(ZIP_JOB_NAME) && chunk.includes(jobId));
  const refused = await refusal(bed.call(RPC.rendering.createZipJob, { ...request, idempotencyKey }));
  expect(refused.code).toBe('SERVICE_UNAVAILABLE');
  proxy.thaw();
  await waitFor(() => queue.getJob(jobId), { message: 'the refused add to land once Redis thawed' });

  // Redis is back: the retry (the producer may need a moment to reconnect) answers that job.
  const retried = await waitFor(() => bed.call(RPC.rendering.createZipJob, { ...request, idempotencyKey }), {
    timeoutMs: 20_000,
    intervalMs: 250,
    message: 'the retry to be accepted',
  });
  expect(retried.id).toBe(jobId);
  const { completed, failed } = await finishedJobs(1);
  expect(failed).toEqual([]);
  expect(completed.map((job) => job.id)).toEqual([jobId]);
  expect(await zipFiles()).toEqual([`${jobId}.zip`]);

  // The same key again: the same job, done; the same key for another request is refused.
  const again = await bed.call(RPC.rendering.createZipJob, { ...request, idempotencyKey });
  expect(again).toMatchObject({ id: jobId, state: 'completed' });
  const other = await refusal(
    bed.call(RPC.rendering.createZipJob, { ...request, format: 'png', idempotencyKey }),
  );
  expect(other.code).toBe('CONFLICT');
  expect(other.message).toMatch(/Idempotency-Key/);
  expect(await zipFiles()).toEqual([`${jobId}.zip`]);
});
