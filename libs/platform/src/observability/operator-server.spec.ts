import { afterEach, describe, expect, it } from 'vitest';
import { baseEnvSchema, loadConfig } from '../config/env';
import { OperatorServer, type OperatorServerOptions } from './operator-server';

// Issue 22 #7: the operator port listens on loopback unless told otherwise, and /metrics may ask for
// a bearer token while the probes stay open.
const TOKEN = 'metrics-token-0123456789abcdef';
const started: OperatorServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function start(options: Partial<OperatorServerOptions> = {}): Promise<OperatorServer> {
  const server = new OperatorServer({ name: 'spec', port: 0, readiness: {}, ...options });
  started.push(server);
  await server.listen();
  server.markStarted();
  return server;
}

const get = (server: OperatorServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

describe('operator port', () => {
  it('listens on 127.0.0.1 when no host is given', async () => {
    const server = await start();
    expect(server.address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
  });

  it('listens where OPERATOR_HOST says (0.0.0.0 in the containers)', async () => {
    const server = await start({ host: '0.0.0.0' });
    expect(server.address?.address).toBe('0.0.0.0');
  });

  it('without a token, /metrics is open', async () => {
    const server = await start();
    expect((await get(server, '/metrics')).status).toBe(200);
  });

  it('with a token, /metrics answers 401 without it or with another, 200 with it; probes stay open', async () => {
    const server = await start({ metricsToken: TOKEN });
    const bare = await get(server, '/metrics');
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await bare.text()).not.toContain('# TYPE');
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
    ]) {
      expect((await get(server, '/metrics', { authorization })).status, authorization).toBe(401);
    }
    const ok = await get(server, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE');
    expect((await get(server, '/healthz')).status).toBe(200);
    expect((await get(server, '/readyz')).status).toBe(200);
  });
});

describe('operator settings', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig(baseEnvSchema, env);

  it('OPERATOR_HOST defaults to 127.0.0.1 and takes an address; METRICS_TOKEN is optional', () => {
    expect(load({}).OPERATOR_HOST).toBe('127.0.0.1');
    expect(load({}).METRICS_TOKEN).toBeUndefined();
    expect(load({ OPERATOR_HOST: '0.0.0.0' }).OPERATOR_HOST).toBe('0.0.0.0');
    expect(load({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(load({ OPERATOR_HOST: '::', METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });

  it('a bad OPERATOR_HOST or a short METRICS_TOKEN stops start-up', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => load({ OPERATOR_HOST: 'every interface' })).toThrow(/OPERATOR_HOST/);
      expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
      expect(() => load({ METRICS_TOKEN: 'has a space in it, sadly' })).toThrow(/METRICS_TOKEN/);
    } finally {
      console.error = quiet;
    }
  });
});
