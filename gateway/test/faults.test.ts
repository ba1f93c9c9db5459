import { TcpProxy, waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// The platform under a steady redeem load (10 connections over 150 codes assigned to a partner) while
// its PostgreSQL, NATS and Redis connections are cut in turn, each through a TCP proxy this test holds.
const CONNECTIONS = 10;
const CODES = 150;
const USAGE_LIMIT = 50;
const FAULT_MS = Number(process.env.FAULT_MS ?? 5000);
const STEADY_MS = 1500;

let h: Harness;
let directDatabaseUrl: string;
const proxies: Record<'postgres' | 'nats' | 'redis', TcpProxy> = {
  postgres: new TcpProxy('127.0.0.1', 5432),
  nats: new TcpProxy('127.0.0.1', 4222),
  redis: new TcpProxy('127.0.0.1', 6379),
};
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Points a URL's host:port at a proxy. */
function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  for (const proxy of Object.values(proxies)) await proxy.start();
  h = await startHarness(
    { REDEEM_RATE_LIMIT: '100000' },
    {
      services: ['partners', 'vouchers'],
      rewriteEnv: (env) => {
        directDatabaseUrl = String(env.DATABASE_URL);
        const pg = new URL(directDatabaseUrl);
        if (Number(pg.port || 5432) !== 5432)
          throw new Error(`the fault test proxies PostgreSQL on 5432, not ${pg.host}`);
        return {
          ...env,
          DATABASE_URL: viaProxy(directDatabaseUrl, proxies.postgres),
          NATS_URL: viaProxy(String(env.NATS_URL), proxies.nats),
          REDIS_URL: viaProxy(String(env.REDIS_URL), proxies.redis),
        };
      },
    },
  );
}, 180_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  for (const proxy of Object.values(proxies)) proxy.restore();
  await h?.close();
  for (const proxy of Object.values(proxies)) await proxy.stop();
});

interface Answer {
  status: number; // 0: no HTTP answer
  retryAfter: string | null;
  at: number;
}

describe('faults under a redeem load', () => {
  it('PostgreSQL, NATS and Redis cut in turn: only 503 with Retry-After while down, recovery in seconds, every redeem counted once', async () => {
    const admin = await h.adminToken();
    const partner = await createPartnerWithUser(h, `Fault Gym ${randomUUID().slice(0, 8)}`);
    const batch = await h.api('/api/bulk-generate', {
      method: 'POST',
      token: admin,
      json: {
        batchName: 'Fault load',
        facility: 'Fault Gym',
        quantity: CODES,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Day pass',
        expirationDate: '2099-06-30',
        usageLimit: String(USAGE_LIMIT),
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    // The bulk answer holds the batch's first page only; the batch's detail lists every one of its codes.
    const detail = await h.api(`/api/admin/batches/${batch.body.batchId}`, { token: admin });
    expect(detail.status).toBe(200);
    const codes = (detail.body.qrCodes as { id: string }[]).map((c) => c.id);
    expect(codes).toHaveLength(CODES);
    for (let i = 0; i < codes.length; i += 5) {
      await Promise.all(
        codes.slice(i, i + 5).map(async (id) => {
          const res = await h.api(`/api/qr-codes/${id}/assign-partners`, {
            method: 'POST',
            token: admin,
            json: { partnerIds: [partner.companyId] },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }),
      );
    }

    const answers: Answer[] = [];
    const finalByKey = new Map<string, number>();
    let stopping = false;
    let lastOk = 0;
    const send = async (id: string, key: string): Promise<Answer> => {
      try {
        const res = await fetch(`${h.url}/api/redeem/${id}`, {
          method: 'POST',
          headers: { 'idempotency-key': key },
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after'), at: Date.now() };
      } catch {
        return { status: 0, retryAfter: null, at: Date.now() };
      }
    };
    // One redeem intent: the same key until a definitive answer, like the voucher page.
    const redeemOnce = async (id: string) => {
      const key = randomUUID();
      const giveUpAt = Date.now() + 60_000;
      for (;;) {
        const answer = await send(id, key);
        answers.push(answer);
        if (answer.status === 200) lastOk = answer.at;
        if (answer.status !== 503 && answer.status !== 0) {
          finalByKey.set(key, answer.status);
          return;
        }
        if (Date.now() > giveUpAt) throw new Error(`redeem ${id} never got a definitive answer`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (!stopping) await redeemOnce(codes[Math.floor(Math.random() * codes.length)]!);
    });

    const figures: Record<string, unknown>[] = [];
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sleep(STEADY_MS);
    for (const name of ['postgres', 'nats', 'redis'] as const) {
      const from = answers.length;
      proxies[name].cut();
      const cutAt = Date.now();
      await sleep(FAULT_MS / 2);
      if (name === 'redis') {
        // Sign-in cannot count failures without Redis: it says so (503), quickly, instead of a 500.
        for (const path of ['/api/auth/login', '/api/auth/company-login']) {
          const started = Date.now();
          const res = await h.api(path, { method: 'POST', json: { username: 'admin', password: 'wrong' } });
          expect(res.status, `${path} while Redis is down: ${JSON.stringify(res.body)}`).toBe(503);
          expect(res.headers.get('retry-after')).toBeTruthy();
          expect(Date.now() - started).toBeLessThan(3000);
        }
      }
      await sleep(FAULT_MS / 2);
      proxies[name].restore();
      const restoredAt = Date.now();
      await waitFor(() => (lastOk > restoredAt ? true : null), {
        timeoutMs: 20_000,
        message: `a redeem succeeds after ${name} is back`,
      });
      const recoveryMs = lastOk - restoredAt;
      await sleep(STEADY_MS);
      const during = answers.slice(from);
      const byStatus: Record<number, number> = {};
      for (const a of during) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      const unavailableWithoutRetryAfter = during.filter((a) => a.status === 503 && !a.retryAfter).length;
      figures.push({
        fault: name,
        cutMs: restoredAt - cutAt,
        byStatus,
        recoveryMs,
        unavailableWithoutRetryAfter,
      });
      expect(byStatus[500] ?? 0, `${name}: no 500`).toBe(0);
      expect(unavailableWithoutRetryAfter, `${name}: every 503 has Retry-After`).toBe(0);
      expect(recoveryMs, `${name}: recovered within a few seconds`).toBeLessThan(10_000);
    }
    stopping = true;
    await Promise.all(workers);

    // Invariants, read from the database directly (not through the proxy).
    const db = new Client({ connectionString: directDatabaseUrl });
    await db.connect();
    const rows = await db.query<{
      id: string;
      usage_count: number;
      usage_limit: number;
      redemptions: string;
    }>(
      `select q.id, q.usage_count, q.usage_limit,
              (select count(*) from vouchers.redemptions r where r.qr_code_id = q.id) as redemptions
         from vouchers.qr_codes q where q.id = any($1::uuid[])`,
      [codes],
    );
    await db.end();
    const totalRedemptions = rows.rows.reduce((n, r) => n + Number(r.redemptions), 0);
    const succeededKeys = [...finalByKey.values()].filter((s) => s === 200).length;
    const statusTotals: Record<number, number> = {};
    for (const a of answers) statusTotals[a.status] = (statusTotals[a.status] ?? 0) + 1;
    console.log(
      JSON.stringify(
        { faults: figures, requests: answers.length, statusTotals, succeededKeys, totalRedemptions },
        null,
        1,
      ),
    );
    expect(statusTotals[500] ?? 0).toBe(0);
    for (const r of rows.rows) {
      expect(Number(r.redemptions), `usage of ${r.id} equals its redemption rows`).toBe(r.usage_count);
      expect(r.usage_count).toBeLessThanOrEqual(r.usage_limit);
    }
    // Every intent that ended in success is one redemption, retried or not; no other redemption exists.
    expect(totalRedemptions).toBe(succeededKeys);

    // The partners read model catches up with what the vouchers service holds.
    const active = rows.rows.filter((r) => r.usage_count < r.usage_limit).length;
    await waitFor(
      async () => {
        const res = await h.api('/api/public/partners');
        const row = (res.body as { id: string; activeOffers: number; totalQrCodes: number }[]).find(
          (x) => x.id === partner.companyId,
        );
        return row?.activeOffers === active && row.totalQrCodes === CODES ? true : null;
      },
      { timeoutMs: 30_000, message: `partners read model shows ${active}/${CODES}` },
    );
    expect(unhandled).toEqual([]);
  }, 180_000);
});
