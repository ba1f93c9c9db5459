// The observability files: Prometheus's compose targets against docker-compose.yml, the alert rules and
// the Grafana dashboard, whose every query is parsed with Prometheus's PromQL grammar and may name only
// the metrics the apps export.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import { ALERTS, loadYaml, OBSERVABILITY, problem, rel } from './report.mjs';

/**
 * The metrics the apps export on METRICS_PORT (the contract between the instrumentation and the alert
 * rules and dashboard here): a rule or panel naming anything else is a typo or a missing metric.
 */
const METRICS = {
  http_requests_total: 'counter',
  http_request_duration_seconds: 'histogram',
  rpc_calls_total: 'counter',
  rpc_duration_seconds: 'histogram',
  outbox_backlog: 'gauge',
  outbox_oldest_age_seconds: 'gauge',
  consumer_lag: 'gauge',
  consumer_redeliveries_total: 'counter',
  bullmq_jobs: 'gauge',
  bullmq_job_duration_seconds: 'histogram',
  voucher_redeems_total: 'counter',
  login_lockouts_total: 'counter',
  login_account_attacks_total: 'counter',
  up: 'gauge', // set by Prometheus itself
};

// ---------------------------------------------------------------- PromQL

/**
 * Parses an expression with Prometheus's own PromQL grammar (@prometheus-io/lezer-promql): a syntax error
 * is a problem; returns the metric names the expression selects.
 */
function promqlMetrics(expr, where) {
  // Grafana's interval variables are not PromQL; any duration parses the same.
  const query = expr.replace(/\$__(rate_)?interval|\$__range/g, '5m');
  const names = new Set();
  let error;
  promqlParser.parse(query).iterate({
    enter(node) {
      if (node.type.isError) error ??= node.from;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.add(query.slice(node.from, node.to));
    },
  });
  if (error !== undefined)
    problem(where, `PromQL syntax error at "${query.slice(Math.max(0, error - 20), error + 20).trim()}"`);
  return names;
}

function checkMetric(name, where) {
  const base = name.replace(/_(bucket|count|sum)$/, '');
  const known = METRICS[name] ?? (METRICS[base] === 'histogram' ? 'histogram' : undefined);
  if (!known) problem(where, `metric ${name} is not one the apps export`);
}

// ---------------------------------------------------------------- observability files

export function checkObservability(compose) {
  const services = compose?.services ?? {};
  const prometheus = loadYaml(join(OBSERVABILITY, 'prometheus.yml'));
  const where = rel(join(OBSERVABILITY, 'prometheus.yml'));
  const metricsPort = String(compose?.['x-app']?.environment?.METRICS_PORT ?? '');
  if (!metricsPort) problem('docker-compose.yml', 'the apps set no METRICS_PORT');
  const scraped = new Set();
  for (const job of prometheus?.scrape_configs ?? []) {
    for (const group of job.static_configs ?? []) {
      for (const target of group.targets ?? []) {
        const [host, port] = target.split(':');
        if (host === '127.0.0.1' || host === 'localhost') continue;
        scraped.add(host);
        if (!services[host]) problem(where, `target ${target}: no compose service ${host}`);
        else if (port !== metricsPort)
          problem(where, `target ${target}: the apps serve /metrics on ${metricsPort}`);
        if (port === '3000')
          problem(where, `target ${target}: the gateway's public port never serves /metrics`);
      }
    }
  }
  for (const [serviceName, service] of Object.entries(services)) {
    if (service.image === compose['x-app']?.image && !scraped.has(serviceName))
      problem(where, `app ${serviceName} is not scraped`);
  }
  const mounts = (service) =>
    (service?.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[1] : v.target));
  for (const file of prometheus?.rule_files ?? []) {
    if (!mounts(services.prometheus).includes(file))
      problem(where, `rule file ${file} is not mounted into the prometheus service`);
  }

  const alerts = loadYaml(ALERTS);
  const alertsWhere = rel(ALERTS);
  const alertNames = new Set();
  for (const group of alerts?.groups ?? []) {
    for (const rule of group.rules ?? []) {
      const r = `${alertsWhere} ${rule.alert ?? '(unnamed)'}`;
      if (!rule.alert || !rule.expr) problem(r, 'a rule needs alert and expr');
      if (alertNames.has(rule.alert)) problem(r, 'alert name used twice');
      alertNames.add(rule.alert);
      if (!rule.labels?.severity) problem(r, 'has no severity label');
      if (!rule.annotations?.summary) problem(r, 'has no summary annotation');
      for (const metric of promqlMetrics(String(rule.expr ?? ''), r)) checkMetric(metric, r);
    }
  }
  for (const required of [
    'OutboxBacklogGrowing',
    'ConsumerLagHigh',
    'QueueJobsFailing',
    'Gateway5xxRate',
    'LoginLockoutsSpiking',
  ]) {
    if (!alertNames.has(required)) problem(alertsWhere, `alert ${required} is missing`);
  }

  const datasources = loadYaml(join(OBSERVABILITY, 'grafana/provisioning/datasources/prometheus.yml'));
  const uids = new Set((datasources?.datasources ?? []).map((d) => d.uid));
  const dashboardProviders = loadYaml(join(OBSERVABILITY, 'grafana/provisioning/dashboards/avpass.yml'));
  for (const provider of dashboardProviders?.providers ?? []) {
    if (!mounts(services.grafana).includes(provider.options?.path)) {
      problem(
        'grafana provisioning',
        `dashboards path ${provider.options?.path} is not mounted into the grafana service`,
      );
    }
  }
  const dashboardFile = join(OBSERVABILITY, 'grafana/dashboards/avpass.json');
  let dashboard;
  try {
    dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));
  } catch (error) {
    problem(rel(dashboardFile), `invalid JSON: ${error.message}`);
    return alerts;
  }
  const panelIds = new Set();
  for (const panel of dashboard.panels ?? []) {
    const p = `${rel(dashboardFile)} panel "${panel.title}"`;
    if (panelIds.has(panel.id)) problem(p, `id ${panel.id} used twice`);
    panelIds.add(panel.id);
    if (panel.type === 'row') continue;
    if (!uids.has(panel.datasource?.uid))
      problem(p, `datasource ${panel.datasource?.uid} is not provisioned`);
    for (const target of panel.targets ?? []) {
      for (const metric of promqlMetrics(target.expr ?? '', p)) checkMetric(metric, p);
    }
  }
  return alerts;
}

export function prometheusRuleFrom(alerts) {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'avpass', labels: { release: 'kube-prometheus-stack' } },
    spec: { groups: alerts.groups },
  };
}
