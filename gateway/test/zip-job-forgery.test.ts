import { ZIP_JOB_RETRY, zipChunkQueueName, zipQueueName } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, saveTo, zipEntries } from './support/downloads';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// A ZIP job is data in Redis: whoever can add a job (the queue board was open to anyone, issue 22 #1)
// writes its payload. The worker checks the payload against its contract and renders as the owner
// is now, never as the role written in the job.

let h: Harness;
let dir: string;
let admin: string;
let partner: { companyId: string; userId: string; token: string };
let codes: { id: string }[];
let redis: Redis;
let zips: Queue;
let chunks: Queue;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers', 'rendering'] });
  dir = await mkdtemp(join(tmpdir(), 'avpass-forgery-'));
  admin = await h.adminToken();
  partner = await createPartnerWithUser(h, 'Forged Partner');
  codes = [];
  for (const clinic of ['Partner Gym', 'Other Gym', 'Third Gym']) {
    const res = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Day pass',
        expirationDate: '2099-12-31',
        usageLimit: 1,
      },
    });
    expect(res.status).toBe(201);
    codes.push(res.body);
  }
  // Only the first code is the partner's.
  const assign = await h.api(`/api/qr-codes/${codes[0]!.id}/assign-partners`, {
    method: 'POST',
    token: admin,
    json: { partnerIds: [partner.companyId] },
  });
  expect(assign.status).toBe(200);
  redis = new Redis(String(h.env.REDIS_URL), { maxRetriesPerRequest: null });
  zips = new Queue(zipQueueName(String(h.env.NATS_NAMESPACE)), { connection: redis });
  chunks = new Queue(zipChunkQueueName(String(h.env.NATS_NAMESPACE)), { connection: redis });
}, 120_000);
afterAll(async () => {
  await zips?.close();
  await chunks?.close();
  redis?.disconnect();
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A payload as a forger writes it: the partner as owner, with the role of a super administrator. */
function forged(source: unknown, extra: Record<string, unknown> = {}) {
  return {
    ownerUserId: partner.userId,
    actor: { userId: partner.userId, role: 'super_admin', companyId: null },
    source,
    format: 'png',
    variant: 'qr',
    fileName: 'forged.zip',
    total: 3,
    requestId: 'forged-request',
    ...extra,
  };
}

/** Adds a job straight to the queue (as the open board's "add" did) and waits for its first attempt. */
async function addAndSettle(queue: Queue, data: unknown): Promise<{ state: string; job: Job }> {
  const added = await queue.add(queue === zips ? 'bulk-download-zip' : 'bulk-download-zip-chunk', data, {
    jobId: randomUUID(),
    ...ZIP_JOB_RETRY,
  });
  let settled: { state: string; job: Job } | undefined;
  await waitFor(
    async () => {
      const job = await queue.getJob(added.id!);
      if (!job || job.attemptsMade < 1) return false;
      settled = { state: await job.getState(), job };
      return true;
    },
    { timeoutMs: 60_000 },
  );
  return settled!;
}

describe('ZIP jobs added behind the service’s back', () => {
  it('a forged super_admin job for codes the partner may not see fails, and the partner downloads nothing', async () => {
    const { state, job } = await addAndSettle(zips, forged({ ids: [codes[1]!.id, codes[2]!.id] }));
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1); // refused for good, not retried
    expect(existsSync(join(h.dataDir, 'jobs', `${job.id}.zip`))).toBe(false);
    const file = await h.api(`/api/jobs/${job.id}/file`, { token: partner.token });
    expect(file.status).toBe(409);
    expect(file.body.message).toMatch(/could not be made/);
  });

  it('a forged super_admin job for "all" codes holds only the codes the partner may see', async () => {
    const { state, job } = await addAndSettle(zips, forged({ all: true }));
    expect(state).toBe('completed');
    const file = await download(h, `/api/jobs/${job.id}/file`, { token: partner.token });
    expect(file.status).toBe(200);
    const entries = await zipEntries(await saveTo(dir, 'forged-all.zip', file.data));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain(codes[0]!.id.slice(0, 8));
  });

  it('a job whose payload breaks the contract fails at once, without a retry, and says so', async () => {
    for (const data of [
      forged({ all: true }, { actor: { userId: partner.userId, role: 'root', companyId: null } }),
      forged({ all: true }, { format: 'exe' }),
      forged({ everything: true }),
      // An owner and an actor that are not the same user: never written by the rendering service.
      forged({ all: true }, { ownerUserId: randomUUID() }),
      { ownerUserId: partner.userId },
      'not even an object',
    ]) {
      const { state, job } = await addAndSettle(zips, data);
      expect(state, JSON.stringify(data)).toBe('failed');
      expect(job.attemptsMade).toBe(1);
      expect(job.failedReason).toMatch(/^This ZIP job's data is not valid/);
    }
  });

  it('an owner who is not a user (or no longer active) gets nothing rendered', async () => {
    const stranger = randomUUID();
    const { state, job } = await addAndSettle(
      zips,
      forged(
        { all: true },
        { ownerUserId: stranger, actor: { userId: stranger, role: 'super_admin', companyId: null } },
      ),
    );
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('The owner of this ZIP job can no longer download QR codes');
  });

  it('a chunk job added on its own (not a chunk of a ZIP) renders nothing', async () => {
    const parentId = randomUUID();
    const { state, job } = await addAndSettle(chunks, {
      parentId,
      index: 0,
      actor: { userId: partner.userId, role: 'super_admin', companyId: null },
      source: { ids: [codes[1]!.id] },
      offset: 0,
      count: 1,
      format: 'png',
      variant: 'qr',
      requestId: 'forged-chunk',
    });
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/not a chunk of a ZIP job/);
    expect(existsSync(join(h.dataDir, 'jobs', `${parentId}.chunks`))).toBe(false);
  });
});
