// docker-compose.yml, generated from the list of services: the infrastructure, one block per service and
// the gateway, which waits for every service.
import { GENERATED } from './text.mjs';

function composeServices(services) {
  const blocks = {};
  for (const service of services) {
    const lines = [`  ${service.name}:`];
    if (service.bootstrapsAdmin)
      lines.push(
        '    environment:',
        '      <<: *app-environment',
        '      ADMIN_PASSWORD: ${ADMIN_PASSWORD:-}',
        '      ADMIN_USERNAME: ${ADMIN_USERNAME:-admin}',
      );
    if (service.dataDir) lines.push('    volumes:', '      - data:/data');
    const command = ['node', ...(service.nodeArgs ?? []), `services/${service.name}/dist/main.js`];
    if (service.nodeArgs?.length)
      lines.push('    # Node flags from libs/contracts/src/services.ts (nodeArgs).');
    lines.push(`    command: [${command.map((part) => `'${part}'`).join(', ')}]`, '    <<: *app');
    blocks[service.name] = lines.join('\n');
  }
  blocks.gateway = `  gateway:
    depends_on:
      <<: *app-depends-on
${[...services]
  .map((s) => s.name)
  .sort()
  .map((name) => `      ${name}:\n        condition: service_started`)
  .join('\n')}
    volumes:
      - data:/data
    environment:
      <<: *app-environment
      PORT: '3000'
    ports:
      - '127.0.0.1:3000:3000'
    command: ['node', 'gateway/dist/main.js']
    healthcheck:
      test:
        - CMD
        - node
        - -e
        - "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
      interval: 10s
      timeout: 5s
      retries: 5
      start_period: 20s
    <<: *app`;
  return blocks;
}

const COMPOSE_INFRASTRUCTURE = {
  grafana: `  grafana:
    image: grafana/grafana:11.4.0
    depends_on:
      prometheus:
        condition: service_started
    volumes:
      - ./deploy/observability/grafana/provisioning:/etc/grafana/provisioning:ro
      - ./deploy/observability/grafana/dashboards:/var/lib/grafana/dashboards:ro
      - grafana-data:/var/lib/grafana
    environment:
      GF_AUTH_ANONYMOUS_ENABLED: 'false'
      GF_SECURITY_ADMIN_PASSWORD: \${GRAFANA_ADMIN_PASSWORD:-admin}
      GF_USERS_ALLOW_SIGN_UP: 'false'
    ports:
      - '127.0.0.1:3001:3000'
    restart: unless-stopped
    profiles: ['observability']`,
  maildev: `  maildev:
    # Catches every mail the apps send (SMTP_URL's default): read it at http://localhost:1080. Set SMTP_URL
    # to a real SMTP server to deliver mail instead. It keeps the mail in memory only.
    image: maildev/maildev:2.2.1
    ports:
      - '127.0.0.1:1080:1080'
    restart: unless-stopped`,
  nats: `  nats:
    # The alpine variant: the default (scratch) nats image has no shell or wget for a health check.
    image: nats:2.10-alpine
    volumes:
      - nats-data:/data
    command: ['-js', '-sd', '/data', '-m', '8222']
    restart: unless-stopped
    healthcheck:
      test: ['CMD', 'wget', '-q', '--spider', 'http://127.0.0.1:8222/healthz']
      interval: 5s
      timeout: 3s
      retries: 10`,
  postgres: `  postgres:
    image: postgres:15
    volumes:
      - postgres-data:/var/lib/postgresql/data
    environment:
      POSTGRES_DB: avpass
      POSTGRES_PASSWORD: postgres
      POSTGRES_USER: postgres
    restart: unless-stopped
    healthcheck:
      test: ['CMD', 'pg_isready', '-U', 'postgres', '-d', 'avpass']
      interval: 5s
      timeout: 3s
      retries: 10`,
  prometheus: `  prometheus:
    image: prom/prometheus:v3.1.0
    volumes:
      - ./deploy/observability/prometheus.yml:/etc/prometheus/prometheus.yml:ro
      - ./deploy/observability/alerts.yml:/etc/prometheus/alerts.yml:ro
      - prometheus-data:/prometheus
    ports:
      - '127.0.0.1:9090:9090'
    command:
      - --config.file=/etc/prometheus/prometheus.yml
      - --storage.tsdb.path=/prometheus
      - --storage.tsdb.retention.time=15d
    restart: unless-stopped
    healthcheck:
      test: ['CMD', 'wget', '-q', '--spider', 'http://127.0.0.1:9090/-/ready']
      interval: 10s
      timeout: 3s
      retries: 10
    profiles: ['observability']`,
  redis: `  redis:
    image: redis:7
    volumes:
      - redis-data:/data
    restart: unless-stopped
    healthcheck:
      test: ['CMD', 'redis-cli', 'ping']
      interval: 5s
      timeout: 3s
      retries: 10`,
};

export function compose(services) {
  const blocks = { ...COMPOSE_INFRASTRUCTURE, ...composeServices(services) };
  const body = Object.keys(blocks)
    .sort()
    .map((name) => blocks[name])
    .join('\n\n');
  return `${GENERATED}
# AV Pass, full stack on one machine: \`DB_ROLE_SECRET=... docker compose up --build\`, then http://localhost:3000
#
# Secrets come from the host environment (or an untracked .env next to this file), never from the repo:
#   DB_ROLE_SECRET   required; secret behind the per-service PostgreSQL roles' passwords
#   ADMIN_USERNAME   optional (default admin) } identity bootstraps the first administrator
#   ADMIN_PASSWORD   optional                 } from these when set
# postgres/postgres is a local-only bootstrap superuser (the database port is not published);
# DATABASE_URL is that admin URL: each service creates its own role and schema with it.
#
# Mail (SMTP_URL, MAIL_FROM) goes to the maildev service unless SMTP_URL names a real server: read it at
# http://localhost:1080.
#
# \`docker compose --profile observability up\` adds Prometheus (http://localhost:9090, alert rules from
# deploy/observability/alerts.yml) and Grafana (http://localhost:3001, the AV Pass dashboard provisioned;
# admin password from GRAFANA_ADMIN_PASSWORD, default admin).

# Shared by the apps (the services and the gateway): one image, built from deploy/Dockerfile.
x-app: &app
  image: avpass:local
  build:
    context: .
    dockerfile: deploy/Dockerfile
  depends_on: &app-depends-on
    nats:
      condition: service_healthy
    postgres:
      condition: service_healthy
    redis:
      condition: service_healthy
  environment: &app-environment
    BUSINESS_TIMEZONE: America/Los_Angeles
    DATA_DIR: /data
    DATABASE_URL: postgres://postgres:postgres@postgres:5432/avpass
    DB_ROLE_SECRET: \${DB_ROLE_SECRET:?set DB_ROLE_SECRET}
    MAIL_FROM: '\${MAIL_FROM:-AV Pass <no-reply@avpass.local>}'
    # Operator port serving /metrics (and /healthz), reached only inside the compose network.
    METRICS_PORT: '9464'
    NATS_NAMESPACE: avpass
    NATS_URL: nats://nats:4222
    NODE_ENV: production
    # The operator port on every interface of the container (Prometheus scrapes it over the compose
    # network); outside containers the apps bind it to 127.0.0.1. METRICS_TOKEN stays unset here.
    OPERATOR_HOST: 0.0.0.0
    PUBLIC_URL: http://localhost:3000
    REDIS_URL: redis://redis:6379
    SMTP_URL: \${SMTP_URL:-smtp://maildev:1025}
  restart: unless-stopped
  init: true

name: avpass

services:
${body}

volumes:
  data:
  grafana-data:
  nats-data:
  postgres-data:
  prometheus-data:
  redis-data:
`;
}
