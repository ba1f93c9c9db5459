import { RPC, zipQueueName, type Actor } from '@avpass/contracts';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { refusal, startTestBed, TcpProxy, type TestBed } from '@avpass/platform/testing';
import { vouchersService } from '@avpass/vouchers-service';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderingService } from '../src';

// Only the rendering service reaches Redis through the proxy: cutting it is a Redis outage for the
// ZIP producer while the other services (and this test's own look at the queue) keep their Redis.
const ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');

let bed: TestBed;
let dataDir: string;
let proxy: TcpProxy;
let inspector: Redis;
let queue: Queue;

/** Every job of this bed's ZIP queue, whatever its state. */
async function jobsInQueue(): Promise<number> {
  const counts = await queue.getJobCounts();
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'avpass-zip-outage-'));
  proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  const port = await proxy.start();
  const proxiedRedis = new URL(redisUrl);
  proxiedRedis.hostname = '127.0.0.1';
  proxiedRedis.port = String(port);
  bed = await startTestBed({
    name: 'rendering-redis-outage',
    env: { RENDERING_MODE: 'api', PUBLIC_URL: 'https://pass.example.org', DATA_DIR: dataDir },
    defaultActor: ADMIN,
    rpcTimeoutMs: 15_000,
    start: async (b) => {
      await b.add(createServiceApp(partnersService, { env: b.env }));
      await b.add(createServiceApp(vouchersService, { env: b.env }));
      await b.add(
        createServiceApp(renderingService, { env: { ...b.env, REDIS_URL: proxiedRedis.toString() } }),
      );
    },
  });
  inspector = new Redis(bed.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queue = new Queue(zipQueueName(bed.env.NATS_NAMESPACE!), { connection: inspector });
});

afterAll(async () => {
  proxy?.restore();
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  inspector?.disconnect();
  await bed?.close();
  await proxy?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a ZIP asked for while Redis is down answers 503 with Retry-After and is not queued once Redis is back', async () => {
  const code = await bed.call(RPC.vouchers.generate, {
    clinic: 'Outage Gym',
    service: 'Day pass',
    expirationDate: '2099-12-31',
    discountValue: 10,
  });
  const request = { qrCodes: [code.id], format: 'svg' as const, variant: 'qr' as const };
  expect(await jobsInQueue()).toBe(0);

  proxy.cut();
  const startedAt = Date.now();
  const refused = await refusal(bed.call(RPC.rendering.createZipJob, request));
  const answeredInMs = Date.now() - startedAt;
  expect(refused.code).toBe('SERVICE_UNAVAILABLE'); // 503 at the gateway
  expect(refused.retryAfter).toBeGreaterThan(0); // Retry-After at the gateway
  expect(refused.message).not.toMatch(/redis|ECONNREFUSED|ioredis|offline queue/i);

  proxy.restore();
  // Redis is back: the producer reconnects and takes requests again...
  const deadline = Date.now() + 20_000;
  let created: { id: string; state: string } | undefined;
  while (!created) {
    try {
      created = await bed.call(RPC.rendering.createZipJob, request);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  expect(created.state).toBe('queued');
  // ...and nothing of the refused request was resent after the reconnect: give a late resend time
  // to land, then the queue holds exactly the one job that was answered as queued.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const ids = (
    await queue.getJobs([
      'waiting',
      'waiting-children', // a ZIP whose chunks wait
      'active',
      'delayed',
      'prioritized',
      'completed',
      'failed',
    ])
  ).map((job) => job.id);
  expect(ids).toEqual([created.id]);
  expect(await jobsInQueue()).toBe(1);
  // Refused at once, well inside the RPC timeout (15 s here): the producer does not wait for Redis.
  expect(answeredInMs).toBeLessThan(5_000);
  console.log(
    `ZIP during a Redis outage: SERVICE_UNAVAILABLE (retryAfter ${refused.retryAfter} s) in ${answeredInMs} ms; ` +
      `after restore the queue holds ${ids.length} job (the accepted one)`,
  );
});
