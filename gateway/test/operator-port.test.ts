import { ServiceOperatorPort } from '@avpass/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayOperatorPort } from '../src/health/gateway-operator-port';
import { startHarness, type Harness } from './support/harness';

// Issue 22 #7: the operator ports of the gateway and of a service, started from the environment as in
// production, listen on loopback by default and guard /metrics with METRICS_TOKEN when it is set.
const TOKEN = 'operator-port-test-token-0123456789';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN }, { services: [] });
}, 120_000);
afterAll(async () => h?.close());

const ports = () => ({
  gateway: h.gateway.get(GatewayOperatorPort),
  identity: h.services[0]!.get(ServiceOperatorPort),
});

describe('operator ports', () => {
  it('listen on 127.0.0.1 when OPERATOR_HOST is not set (HOST=0.0.0.0 notwithstanding)', () => {
    for (const [app, port] of Object.entries(ports())) {
      expect(port.address, app).toMatchObject({ address: '127.0.0.1' });
    }
  });

  it('/metrics needs the bearer token; /healthz and /readyz stay open', async () => {
    for (const [app, port] of Object.entries(ports())) {
      const base = `http://127.0.0.1:${port.port}`;
      const bare = await fetch(`${base}/metrics`);
      expect(bare.status, `${app} /metrics without the token`).toBe(401);
      expect(await bare.text()).not.toContain('# TYPE');
      const wrong = await fetch(`${base}/metrics`, {
        headers: { authorization: 'Bearer not-the-token-at-all' },
      });
      expect(wrong.status, `${app} /metrics with another token`).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status, `${app} /metrics with the token`).toBe(200);
      expect(await ok.text()).toContain('# TYPE');
      expect((await fetch(`${base}/healthz`)).status, `${app} /healthz`).toBe(200);
      expect((await fetch(`${base}/readyz`)).status, `${app} /readyz`).toBe(200);
    }
  });
});
