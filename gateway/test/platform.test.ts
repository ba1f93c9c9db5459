import { testNamespace } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, loadGatewayConfig } from '../src';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BODY_LIMIT_BYTES: '4096', RPC_TIMEOUT_MS: '1500' });
});
afterAll(async () => h?.close());

describe('the gateway', () => {
  it('answers an unknown API route with a 404 in JSON', async () => {
    const res = await h.api('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Not found' });
  });

  it('refuses an oversized body with 413 and malformed JSON with 400', async () => {
    const big = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: 'a'.repeat(10_000), password: 'x' },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The request is too large.');
    const bad = await h.api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not valid JSON/);
  });

  it('sends security headers and carries the request id', async () => {
    const res = await h.api('/api/public/partners', { headers: { 'x-request-id': 'test-request-12345' } });
    expect(res.headers.get('x-request-id')).toBe('test-request-12345');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const err = await h.api('/api/vendors', { headers: { 'x-request-id': 'another-request-1' } });
    expect(err.body.requestId).toBe('another-request-1');
  });

  it('publishes its OpenAPI document', async () => {
    const res = await h.api('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/vendors', '/api/upload/vendor-photo']),
    );
  });

  it('reports health per dependency and per service, 503 while a service is missing', async () => {
    const res = await h.api('/health');
    expect(res.body.infrastructure).toEqual({
      postgres: { status: 'up' },
      redis: { status: 'up' },
      nats: { status: 'up' },
    });
    expect(res.body.services.identity.status).toBe('up');
    expect(res.body.services.partners.status).toBe('up');
    // This harness runs only identity and partners.
    expect(res.body.services.vouchers.status).toBe('down');
    expect(res.status).toBe(503);
  });

  it('says which dependency is missing on /health, and the driver error text only to a super_admin', async () => {
    // A second gateway on the same services whose PostgreSQL is reached through a proxy, then cut.
    const { TcpProxy } = await import('@avpass/platform/testing');
    const database = new URL(String(h.env.DATABASE_URL));
    const proxy = new TcpProxy(database.hostname, Number(database.port || 5432));
    const port = await proxy.start();
    const proxied = new URL(database);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    const gateway = await startGatewayOnly({ DATABASE_URL: proxied.toString() });
    const staff = await createPartnerWithUser(h, 'Health Check Gym');
    try {
      proxy.cut();
      const anonymous = await gateway.api('/health');
      expect(anonymous.status).toBe(503);
      expect(anonymous.body.infrastructure.postgres).toEqual({ status: 'down', message: 'unreachable' });
      expect(anonymous.body.infrastructure.redis).toEqual({ status: 'up' });
      // This harness runs only identity and partners: vouchers is named as down, with a plain message.
      expect(anonymous.body.services.vouchers.status).toBe('down');
      const text = JSON.stringify(anonymous.body);
      expect(text).not.toMatch(/ECONNREFUSED|connect |127\.0\.0\.1|localhost|::1/);
      expect(text).not.toContain(String(port));
      expect(text).not.toContain('"detail"');

      // A partner's user is signed in but is not a super_admin: the same answer as anonymous.
      const partner = await gateway.api('/health', { token: staff.token });
      expect(partner.body.infrastructure.postgres).toEqual({ status: 'down', message: 'unreachable' });

      const admin = await gateway.api('/health', { token: await h.adminToken() });
      expect(admin.status).toBe(503);
      expect(admin.body.infrastructure.postgres).toMatchObject({ status: 'down', message: 'unreachable' });
      expect(admin.body.infrastructure.postgres.detail).toMatch(/ECONNREFUSED|timeout/i);

      proxy.restore();
      const back = await gateway.api('/health');
      expect(back.body.infrastructure.postgres).toEqual({ status: 'up' });
    } finally {
      await gateway.close();
      await proxy.stop();
    }
  });

  it('turns a service that does not answer into a 503 with a clear message, not a hang', async () => {
    // A namespace with no services behind it: the gateway gets no responders.
    const started = Date.now();
    const res = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: 'a', password: 'b' },
      headers: {},
    });
    expect(res.status).toBe(401); // identity is up here
    const isolated = await startGatewayOnly({ NATS_NAMESPACE: testNamespace() });
    try {
      const down = await isolated.api('/api/public/partners');
      expect(down.status).toBe(503);
      expect(down.body.message).toBe(
        'The partners service is not responding right now. Please try again in a moment.',
      );
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await isolated.close();
    }
  });
});

/** Another gateway in this process, on the harness's environment with these changes. */
async function startGatewayOnly(changes: NodeJS.ProcessEnv) {
  const app = await createGateway(loadGatewayConfig({ ...h.env, ...changes }));
  await app.listen({ port: 0, host: '127.0.0.1' } as never);
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    api: async (path: string, init: { token?: string } = {}) => {
      const res = await fetch(`${url}${path}`, {
        headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    close: () => app.close(),
  };
}
