import { ServiceOperatorPort } from '@avpass/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayOperatorPort } from '../src/health/gateway-operator-port';
import { waitForJob } from './support/downloads';
import { startHarness, type Harness } from './support/harness';

// Every app on its own operator port (METRICS_PORT=0: a free port each), never the public one.
let h: Harness;
let admin: string;
const ports: Record<string, number> = {};

beforeAll(async () => {
  h = await startHarness(
    {
      METRICS_PORT: '0',
      REDEEM_RATE_LIMIT: '3',
      REDEEM_RATE_WINDOW_SECONDS: '60',
      LOGIN_FREE_FAILURES: '2',
      LOGIN_DELAY_BASE_SECONDS: '60',
    },
    { services: ['partners', 'vouchers', 'rendering'] },
  );
  admin = await h.adminToken();
  ['identity', 'partners', 'vouchers', 'rendering'].forEach((name, i) => {
    ports[name] = h.services[i]!.get(ServiceOperatorPort).port!;
  });
  ports.gateway = h.gateway.get(GatewayOperatorPort).port!;
}, 120_000);
afterAll(async () => h?.close());

const operator = (app: string, path: string) => fetch(`http://127.0.0.1:${ports[app]}${path}`);

async function scrape(app: string): Promise<string> {
  const res = await operator(app, '/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample, e.g. sample(text, 'voucher_redeems_total', { outcome: 'redeemed' }). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

const family = (text: string, name: string, type: string) =>
  expect(text, `${name} missing`).toContain(`# TYPE ${name} ${type}`);

describe('operator port', () => {
  it('every app answers /healthz and /readyz with 200, each on its own port apart from the public one', async () => {
    const publicPort = Number(new URL(h.url).port);
    const distinct = new Set(Object.values(ports));
    expect(distinct.size).toBe(5);
    expect(distinct.has(publicPort)).toBe(false);
    for (const app of Object.keys(ports)) {
      expect((await operator(app, '/healthz')).status, `${app} /healthz`).toBe(200);
      const ready = await operator(app, '/readyz');
      expect(ready.status, `${app} /readyz`).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready' });
    }
    const gatewayReady = await (await operator('gateway', '/readyz')).json();
    expect(Object.keys(gatewayReady.checks).sort()).toEqual(['nats', 'postgres', 'redis']);
  });

  it('the public port does not serve /metrics', async () => {
    const res = await h.api('/metrics');
    expect(String(res.body)).not.toContain('# TYPE');
  });

  it('after a redeem, a refusal, a rate limit, a lockout and a ZIP, the counters moved and every family is there', async () => {
    const code = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Peak Physio',
        discountType: 'percentage',
        discountValue: '25',
        service: 'Assessment',
        expirationDate: '2099-12-31',
        usageLimit: '1',
        deploymentUrl: 'https://site.example',
      },
    });
    expect(code.status).toBe(201);
    const id = code.body.id as string;
    expect((await h.api(`/api/redeem/${id}`, { method: 'POST' })).status).toBe(200);
    expect((await h.api(`/api/redeem/${id}`, { method: 'POST' })).status).toBe(409);
    expect((await h.api(`/api/redeem/${id}`, { method: 'POST' })).status).toBe(409);
    expect((await h.api(`/api/redeem/${id}`, { method: 'POST' })).status).toBe(429);
    for (let i = 0; i < 3; i++)
      await h.api('/api/auth/login', {
        method: 'POST',
        json: { username: 'nobody', password: 'wrong-pass' },
      });
    const zip = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [id], format: 'png' },
    });
    expect(zip.status).toBe(202);
    expect((await waitForJob(h, zip.body.id, admin)).state).toBe('completed');

    const gateway = await scrape('gateway');
    family(gateway, 'http_requests_total', 'counter');
    family(gateway, 'http_request_duration_seconds', 'histogram');
    family(gateway, 'process_cpu_seconds_total', 'counter'); // prom-client's default metrics
    expect(
      sample(gateway, 'http_requests_total', { route: '/api/redeem/:id', method: 'POST', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(gateway, 'http_request_duration_seconds_count', { route: '/api/redeem/:id', status: '409' }),
    ).toBeGreaterThanOrEqual(2);
    expect(gateway).not.toContain(`route="/api/redeem/${id}"`); // the pattern, never the raw URL
    expect(
      sample(gateway, 'rpc_calls_total', { subject: 'vouchers.codes.redeem.v1', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(4);
    family(gateway, 'rpc_duration_seconds', 'histogram');

    const vouchers = await scrape('vouchers');
    expect(sample(vouchers, 'voucher_redeems_total', { outcome: 'redeemed' })).toBeGreaterThanOrEqual(1);
    expect(sample(vouchers, 'voucher_redeems_total', { outcome: 'used_up' })).toBeGreaterThanOrEqual(2);
    expect(sample(vouchers, 'voucher_redeems_total', { outcome: 'rate_limited' })).toBeGreaterThanOrEqual(1);
    family(vouchers, 'outbox_backlog', 'gauge');
    expect(sample(vouchers, 'outbox_backlog')).not.toBeNull();
    expect(sample(vouchers, 'outbox_oldest_age_seconds')).not.toBeNull();

    const identity = await scrape('identity');
    expect(sample(identity, 'login_lockouts_total')).toBeGreaterThanOrEqual(1);
    family(identity, 'consumer_redeliveries_total', 'counter');

    // The partners service consumes no events (decision 105); identity and vouchers consume its own.
    expect(
      sample(identity, 'consumer_lag', { consumer: 'identity__partners_partner_deleted_v1' }),
    ).not.toBeNull();

    const rendering = await scrape('rendering');
    expect(sample(rendering, 'bullmq_jobs', { state: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(sample(rendering, 'bullmq_jobs', { state: 'waiting' })).not.toBeNull();
    // The chunk queue of large ZIPs (KEDA scales workers on it) is counted too, with its parents' state.
    expect(rendering).toMatch(/bullmq_jobs\{queue="[^"]+-rendering-zip-chunk",state="waiting"\} \d+/);
    expect(rendering).toMatch(/bullmq_jobs\{queue="[^"]+-rendering-zip",state="waiting-children"\} \d+/);
    expect(sample(rendering, 'bullmq_job_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    // The renderer asks vouchers for the codes: its own RPC calls count too.
    expect(rendering).toMatch(/rpc_calls_total\{subject="vouchers\.[^"]+",outcome="ok"\} [1-9]/);
  }, 120_000);
});
