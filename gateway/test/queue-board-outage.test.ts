import { TcpProxy, waitFor } from '@avpass/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, loadGatewayConfig } from '../src';
import { startHarness, type Harness } from './support/harness';

// The queue board and the call that opens it while Redis is away (issue 22 #3): 503 with Retry-After
// at once, like the rest of the platform, never a request held until Redis is back. A second gateway
// reaches Redis through a proxy this test cuts and freezes; the services keep their own Redis.

const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
/** Far beyond the board's own deadline (2 s): a request still unanswered by then was held. */
const HELD = 12_000;

let h: Harness;
let proxy: TcpProxy;
let gateway: INestApplication;
let url: string;
let admin: string;
let cookie: string;
let queue: string;

async function call(path: string, init: RequestInit & { token?: string; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  const res = await fetch(`${url}${path}`, { ...init, headers, signal: AbortSignal.timeout(HELD) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as any) : null };
}

beforeAll(async () => {
  h = await startHarness();
  proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  const port = await proxy.start();
  const proxied = new URL(redisUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  gateway = await createGateway(loadGatewayConfig({ ...h.env, REDIS_URL: proxied.toString() }));
  await gateway.listen({ port: 0, host: '127.0.0.1' } as never);
  url = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  admin = await h.adminToken();
  queue = `${h.env.NATS_NAMESPACE}-rendering-zip`;
}, 60_000);
afterAll(async () => {
  proxy?.thaw();
  proxy?.restore();
  await gateway?.close();
  await proxy?.stop();
  await h?.close();
});

/** The board and its session call answer again once Redis is back (ioredis reconnects on its own). */
async function boardWorks(): Promise<void> {
  await waitFor(async () => (await call('/admin/queues/api/queues', { cookie })).status === 200, {
    timeoutMs: 20_000,
    message: 'the board answers again',
  });
}

function expectUnavailable(res: { status: number; headers: Headers; body: any }, what: string): void {
  expect(res.status, what).toBe(503);
  expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
  expect(res.body.message, what).toBe('AV Pass is temporarily unavailable. Please try again in a moment.');
}

describe('the queue board while Redis is away', () => {
  it('opens with a session cookie while Redis is there', async () => {
    const session = await call('/api/queues/session', { method: 'POST', token: admin });
    expect(session.status).toBe(200);
    cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
    await boardWorks();
  });

  it('Redis stopped: the board, its writes and the session call answer 503 with Retry-After at once', async () => {
    proxy.cut();
    try {
      expectUnavailable(await call('/api/queues/session', { method: 'POST', token: admin }), 'session');
      expectUnavailable(await call('/admin/queues/api/queues', { cookie }), 'board api');
      expectUnavailable(await call('/admin/queues/', { cookie }), 'board page');
      expectUnavailable(
        await call(`/admin/queues/api/queues/${queue}/pause`, { method: 'PUT', cookie }),
        'pause',
      );
      // Without a cookie there is nothing to look up: still 401.
      expect((await call('/admin/queues/api/queues')).status).toBe(401);
    } finally {
      proxy.restore();
    }
    await boardWorks();
  });

  it('Redis frozen (accepts, never answers): 503 with Retry-After after the command deadline', async () => {
    proxy.freeze();
    try {
      expectUnavailable(await call('/admin/queues/api/queues', { cookie }), 'board api');
      expectUnavailable(await call('/api/queues/session', { method: 'POST', token: admin }), 'session');
    } finally {
      proxy.thaw();
    }
    await boardWorks();
  });

  it('Redis freezing after the session check (inside a board handler): 503 with Retry-After', async () => {
    // The session lookup goes through; the first command about the queue itself is held.
    proxy.freezeWhen((chunk) => chunk.includes(queue) && !chunk.includes('queue-board:session'));
    try {
      expectUnavailable(await call('/admin/queues/api/queues', { cookie }), 'board api');
    } finally {
      proxy.thaw();
    }
    await boardWorks();
    // The queue was never paused by the refused PUT.
    const queues = await call('/admin/queues/api/queues', { cookie });
    expect(queues.body.queues[0].isPaused).toBe(false);
  });
});
