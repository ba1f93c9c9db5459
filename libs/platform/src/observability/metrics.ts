import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

/**
 * The process's metrics, in one registry (one app per process in production; tests that run several
 * apps in one process share it). Names and labels are the ones docs/deploy.md lists and the alert
 * rules and dashboard use (`npm run deploy:validate` checks them). Hot paths only increment counters
 * and observe histograms; gauges that need a query are filled on scrape by each app's collectors.
 *
 * Each metric starts outside the registry and is exported by the app that produces it
 * (exportMetrics): the gateway does not show an outbox_backlog of 0, nor a service request counts.
 */
export const metricsRegistry = new Registry();

/**
 * The event loop's lag is sampled every 100 ms, not prom-client's default 10 ms: that timer cost each
 * service about 3.5 ms of CPU a second at rest (`npm run bench:idle`: the whole platform 92 → 55 ms a
 * second), and a scrape every 15 s still reads ten samples a second. The gateway's load shedding keeps
 * its own 10 ms monitor (gateway/src/http/load-shedding.ts). Decision 375.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

const registers: Registry[] = [];

/** Makes these metrics part of the scrape (once; calling again is harmless). */
export function exportMetrics(...metrics: Metric[]): void {
  for (const metric of metrics) {
    const name = (metric as unknown as { name: string }).name;
    if (!metricsRegistry.getSingleMetric(name)) metricsRegistry.registerMetric(metric);
  }
}

export const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered by the gateway, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
});

export const httpRequestDurationSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time the gateway took to answer a request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export type RpcOutcome = 'ok' | 'error' | 'timeout';

export const rpcCallsTotal = new Counter({
  name: 'rpc_calls_total',
  help: 'RPC calls this app made, by subject and outcome (error: the service unavailable or failing; a refusal is ok)',
  labelNames: ['subject', 'outcome'] as const,
  registers,
});

export const rpcDurationSeconds = new Histogram({
  name: 'rpc_duration_seconds',
  help: 'Time an RPC call this app made took, by subject',
  labelNames: ['subject'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const outboxBacklog = new Gauge({
  name: 'outbox_backlog',
  help: 'Outbox events not yet published to JetStream',
  registers,
});

export const outboxOldestAgeSeconds = new Gauge({
  name: 'outbox_oldest_age_seconds',
  help: 'Age of the oldest outbox event not yet published (0 when none)',
  registers,
});

export const consumerLag = new Gauge({
  name: 'consumer_lag',
  help: 'JetStream messages pending for an event consumer',
  labelNames: ['consumer'] as const,
  registers,
});

export const consumerRedeliveriesTotal = new Counter({
  name: 'consumer_redeliveries_total',
  help: 'Event deliveries after the first, by consumer',
  labelNames: ['consumer'] as const,
  registers,
});

export const bullmqJobs = new Gauge({
  name: 'bullmq_jobs',
  help: 'BullMQ jobs by queue and state',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const bullmqJobDurationSeconds = new Histogram({
  name: 'bullmq_job_duration_seconds',
  help: 'Time a worker took to process a BullMQ job, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers,
});

export type RedeemOutcome = 'redeemed' | 'used_up' | 'expired' | 'inactive' | 'rate_limited';

export const voucherRedeemsTotal = new Counter({
  name: 'voucher_redeems_total',
  help: 'Redeem attempts by outcome',
  labelNames: ['outcome'] as const,
  registers,
});

/**
 * Why a sign-in attempt had to wait: its (account, address) pair, its address, its trusted device, or
 * its account's budget across every untrusted source.
 */
export type LoginThrottleReason = 'username_address' | 'address' | 'device' | 'account';

export const loginLockoutsTotal = new Counter({
  name: 'login_lockouts_total',
  help: 'Sign-in attempts refused with 429 because they came before their wait was over, by the count that made them wait',
  labelNames: ['reason'] as const,
  registers,
});

export const loginAccountAttacksTotal = new Counter({
  name: 'login_account_attacks_total',
  help: 'Accounts found under attack: their failed sign-ins from untrusted sources passed LOGIN_ACCOUNT_FREE_FAILURES (once per episode)',
  registers,
});

/** Something an app refreshes right before a scrape (a gauge from one cheap query). */
export type MetricsCollector = () => Promise<void> | void;
