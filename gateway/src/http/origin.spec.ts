import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentUrlOf } from './origin';

/** A real Fastify answering the deploymentUrl it would add, with and without a trusted proxy. */
function app(trustProxy: boolean, publicUrl?: string) {
  const server = Fastify({ trustProxy });
  server.post('/make', (req) => deploymentUrlOf(req.body, req, publicUrl));
  return server;
}

async function made(
  server: ReturnType<typeof app>,
  headers: Record<string, string>,
  body: object = {},
): Promise<{ deploymentUrl?: string }> {
  const response = await server.inject({ method: 'POST', url: '/make', headers, payload: body });
  return response.json();
}

describe('the origin a new code links to', () => {
  const direct = app(false);
  const proxied = app(true);
  const configured = app(true, 'https://pass.example.org/');
  beforeAll(() => Promise.all([direct.ready(), proxied.ready(), configured.ready()]));
  afterAll(() => Promise.all([direct.close(), proxied.close(), configured.close()]));

  it('PUBLIC_URL wins over every header, without its trailing slash', async () => {
    expect(
      await made(configured, {
        host: 'internal:3000',
        origin: 'http://page.example',
        'x-forwarded-host': 'proxy.example',
      }),
    ).toEqual({ deploymentUrl: 'https://pass.example.org' });
  });

  it("the page's own origin, when the browser sends one", async () => {
    expect(await made(direct, { host: 'internal:3000', origin: 'https://club.example' })).toEqual({
      deploymentUrl: 'https://club.example',
    });
  });

  it('an Origin that is not an http(s) origin is ignored for the Host', async () => {
    for (const origin of ['null', 'https://club.example/path', 'ftp://club.example']) {
      expect(await made(direct, { host: '192.168.1.20:3000', origin })).toEqual({
        deploymentUrl: 'http://192.168.1.20:3000',
      });
    }
  });

  it('without an Origin, the Host header the request came to', async () => {
    expect(await made(direct, { host: '192.168.1.20:3000' })).toEqual({
      deploymentUrl: 'http://192.168.1.20:3000',
    });
  });

  it("a trusted proxy's X-Forwarded-Proto and X-Forwarded-Host", async () => {
    expect(
      await made(proxied, {
        host: 'gateway:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'pass.club.example',
      }),
    ).toEqual({ deploymentUrl: 'https://pass.club.example' });
  });

  it('forwarded headers are not believed without TRUST_PROXY', async () => {
    expect(
      await made(direct, {
        host: 'gateway:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      }),
    ).toEqual({ deploymentUrl: 'http://gateway:3000' });
  });

  it('a Host that is not a host name falls back to localhost', async () => {
    expect(await made(direct, { host: 'evil.example/phish?x=' })).toEqual({
      deploymentUrl: 'http://localhost',
    });
  });

  it('a deploymentUrl the client sent is left as sent (none added)', async () => {
    expect(await made(direct, { host: 'gateway:3000' }, { deploymentUrl: 'https://site.example' })).toEqual(
      {},
    );
  });
});
