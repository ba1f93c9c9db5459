// deploy/observability/prometheus.yml (docker compose's Prometheus), generated from the list of
// services: one scrape target per app on its operator port.
import { GENERATED } from './text.mjs';

export function prometheus(services) {
  const targets = ['gateway', ...services.map((s) => s.name)]
    .map((name) => {
      const target = `      - targets: ['${name}:9464']\n        labels: { app: ${name} }`;
      const workers = services.find((s) => s.name === name)?.workers;
      return workers
        ? `      # Compose runs one ${name} container in ${workers.modeVariable}=all (API and workers together).\n${target}`
        : target;
    })
    .join('\n');
  return `${GENERATED}
# Prometheus for \`docker compose --profile observability up\`: scrapes every AV Pass app on its operator
# port (METRICS_PORT, 9464 in every container; never published to the host, and never the gateway's
# public port 3000) and evaluates alerts.yml. On Kubernetes the PodMonitor in deploy/k8s plays this part.
global:
  scrape_interval: 15s
  evaluation_interval: 15s

rule_files:
  - /etc/prometheus/alerts.yml

scrape_configs:
  - job_name: avpass
    metrics_path: /metrics
    static_configs:
      # One target per compose service; the \`app\` label is what alerts and the dashboard group by.
${targets}

  - job_name: prometheus
    static_configs:
      - targets: ['127.0.0.1:9090']
`;
}
