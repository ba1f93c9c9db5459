#!/usr/bin/env node
// `npm run deploy:validate`: checks everything under deploy/ that CI cannot run, offline.
//
// - Renders each kustomization (deploy/k8s/base, overlays/production, infra) the way `kubectl apply -k`
//   would, for the subset of kustomize they use (resources, namespace, labels, images, JSON 6902 patches);
//   any other kustomize field stops the script, so what is checked never drifts from what is applied
//   (where kubectl is installed, its kustomize must render the very same objects).
// - Validates every object against the Kubernetes 1.27 OpenAPI schemas bundled in `kubernetes-models`,
//   KEDA and Prometheus-operator objects against `@kubernetes-models/keda` / `prometheus-operator`, and the
//   CloudNativePG Cluster structurally (no schema package exists for it).
// - Cross-checks what schemas cannot see: references between objects (ConfigMaps, Secret keys, volumes,
//   Service selectors and ports, autoscaler and PDB targets, Ingress backends), probes and resources on
//   every container, the KEDA queue name against NATS_NAMESPACE, the PrometheusRule against
//   deploy/observability/alerts.yml, and the Prometheus and Grafana files against docker-compose.yml;
//   every alert and panel query is parsed with Prometheus's PromQL grammar and may name only the
//   metrics the apps export.
//
// - Checks that the files generated from the list of services (libs/contracts/src/services.ts) by
//   tools/generate-deploy.mjs (compose, Dockerfile, the services' manifests, Prometheus targets) are
//   what the generator writes now: a hand edit or a service added without `npm run deploy:generate` fails.
//
// `node tools/validate-deploy.mjs --write-prometheus-rule` regenerates the overlay's PrometheusRule from
// alerts.yml.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { deployDrift } from './generate-deploy.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const K8S = join(ROOT, 'deploy/k8s');
const OBSERVABILITY = join(ROOT, 'deploy/observability');
const KUSTOMIZATIONS = ['base', 'overlays/production', 'infra'];
const SECRET_EXAMPLE = join(K8S, 'base/secret.example.yaml');
const ALERTS = join(OBSERVABILITY, 'alerts.yml');
const PROMETHEUS_RULE = join(K8S, 'overlays/production/prometheus-rule.yaml');
/** YAML files in a kustomization folder that are deliberately not among its resources. */
const NOT_RESOURCES = new Set(['kustomization.yaml', 'secret.example.yaml', 'nats-values.yaml']);

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

const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);
const rel = (path) => relative(ROOT, path);

// ---------------------------------------------------------------- YAML

function loadYamlDocuments(path) {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'), { merge: true });
  const objects = [];
  for (const doc of docs) {
    if (doc.errors.length) {
      for (const error of doc.errors) problem(rel(path), `invalid YAML: ${error.message.split('\n')[0]}`);
      continue;
    }
    const value = doc.toJS({ maxAliasCount: -1 });
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

function loadYaml(path) {
  return loadYamlDocuments(path)[0];
}

// ---------------------------------------------------------------- kustomize (the subset used here)

const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'PersistentVolume',
  'StorageClass',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'IngressClass',
  'PriorityClass',
]);
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet']);

/** Renders a kustomization folder into [{ object, source }]. */
function kustomize(dir) {
  const file = join(dir, 'kustomization.yaml');
  const where = rel(file);
  const k = loadYaml(file) ?? {};
  for (const key of Object.keys(k)) {
    if (!KUSTOMIZATION_FIELDS.has(key))
      problem(where, `kustomize field "${key}" is not supported by this validator`);
  }
  if (k.kind !== 'Kustomization') problem(where, 'kind must be Kustomization');

  const listed = new Set();
  const items = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) {
      problem(where, `resource ${entry} does not exist`);
      continue;
    }
    if (statSync(path).isDirectory()) items.push(...kustomize(path));
    else {
      listed.add(basename(path));
      items.push(...loadYamlDocuments(path).map((object) => ({ object, source: rel(path) })));
    }
  }
  // A manifest left out of `resources` is never applied: say so rather than let it rot.
  for (const name of readdirSync(dir)) {
    if (/\.ya?ml$/.test(name) && !NOT_RESOURCES.has(name) && !listed.has(name)) {
      problem(where, `${name} is not listed in resources`);
    }
  }

  for (const label of k.labels ?? []) {
    if (label.includeSelectors)
      problem(where, 'labels with includeSelectors are not supported by this validator');
    for (const { object } of items) {
      object.metadata ??= {};
      object.metadata.labels = { ...object.metadata.labels, ...label.pairs };
      if (label.includeTemplates && WORKLOADS.has(object.kind) && object.spec?.template) {
        object.spec.template.metadata ??= {};
        object.spec.template.metadata.labels = { ...object.spec.template.metadata.labels, ...label.pairs };
      }
    }
  }
  if (k.namespace) {
    for (const { object } of items) {
      if (!CLUSTER_SCOPED.has(object.kind)) (object.metadata ??= {}).namespace = k.namespace;
    }
  }
  for (const image of k.images ?? []) {
    let used = false;
    for (const { object } of items) {
      for (const container of podContainers(object)) {
        const name = container.image?.replace(/[@:].*$/, '');
        if (name !== image.name) continue;
        used = true;
        const tag = image.digest ? `@${image.digest}` : image.newTag !== undefined ? `:${image.newTag}` : '';
        container.image = `${image.newName ?? image.name}${tag}`;
      }
    }
    if (!used) problem(where, `image ${image.name} is used by no container`);
  }
  for (const [i, patch] of (k.patches ?? []).entries()) {
    const target = patch.target ?? {};
    const ops = patch.path ? loadYaml(resolve(dir, patch.path)) : parse(patch.patch ?? '');
    if (!Array.isArray(ops)) {
      problem(where, `patches[${i}] must be a JSON 6902 patch (a list of operations) with a target`);
      continue;
    }
    const matches = items.filter(
      ({ object }) =>
        (!target.kind || object.kind === target.kind) &&
        (!target.name || object.metadata?.name === target.name) &&
        (!target.namespace || object.metadata?.namespace === target.namespace),
    );
    if (!matches.length) problem(where, `patches[${i}] (${target.kind}/${target.name}) matches no object`);
    for (const match of matches) {
      try {
        match.object = applyJsonPatch(match.object, ops);
      } catch (error) {
        problem(where, `patches[${i}] on ${target.kind}/${target.name}: ${error.message}`);
      }
    }
  }
  return items;
}

function applyJsonPatch(document, ops) {
  const result = structuredClone(document);
  for (const op of ops) {
    const segments = op.path
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = segments.pop();
    let parent = result;
    for (const segment of segments) {
      parent = parent?.[Array.isArray(parent) ? Number(segment) : segment];
      if (parent === undefined) throw new Error(`path ${op.path} does not exist`);
    }
    const isArray = Array.isArray(parent);
    const key = isArray && last !== '-' ? Number(last) : last;
    switch (op.op) {
      case 'add':
        if (isArray) parent.splice(key === '-' ? parent.length : key, 0, op.value);
        else parent[key] = op.value;
        break;
      case 'replace':
      case 'remove':
      case 'test':
        if (!(key in parent)) throw new Error(`path ${op.path} does not exist`);
        if (op.op === 'test' && !isDeepStrictEqual(parent[key], op.value))
          throw new Error(`test ${op.path} failed`);
        if (op.op === 'replace') parent[key] = op.value;
        if (op.op === 'remove') {
          if (isArray) parent.splice(key, 1);
          else delete parent[key];
        }
        break;
      default:
        throw new Error(`operation ${op.op} is not supported`);
    }
  }
  return result;
}

/**
 * Where kubectl is installed (not needed: CI does not install it), the real kustomize must render the
 * same objects as the renderer above. Returns kubectl's kustomize version, or undefined without kubectl.
 */
function compareWithKubectl(name, items) {
  let output;
  try {
    output = execFileSync('kubectl', ['kustomize', join(K8S, name)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    problem(`${name}`, `kubectl kustomize failed: ${String(error.stderr ?? error.message).split('\n')[0]}`);
    return 'failed';
  }
  const key = (o) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
  const theirs = new Map(
    parseAllDocuments(output)
      .map((d) => d.toJS())
      .filter(Boolean)
      .map((o) => [key(o), o]),
  );
  const ours = new Map(items.map(({ object }) => [key(object), object]));
  for (const id of new Set([...theirs.keys(), ...ours.keys()])) {
    if (!isDeepStrictEqual(theirs.get(id), ours.get(id)))
      problem(`${name}: ${id}`, 'renders differently with kubectl kustomize');
  }
  const version = execFileSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).match(
    /Kustomize Version: (\S+)/,
  );
  return version?.[1] ?? 'unknown';
}

// ---------------------------------------------------------------- schemas

const MODEL_PACKAGES = {
  'keda.sh': '@kubernetes-models/keda',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** Validates one object: Kubernetes/KEDA/Prometheus-operator schemas, CNPG structurally. */
function validateSchema(object, where) {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    problem(where, 'apiVersion and kind are required');
    return;
  }
  if (!object.metadata?.name) problem(where, 'metadata.name is required');
  if (apiVersion === 'postgresql.cnpg.io/v1') {
    validateCnpg(object, where);
    return;
  }
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const pkg = MODEL_PACKAGES[group] ?? 'kubernetes-models';
  let Model;
  try {
    Model = require(`${pkg}/${apiVersion}/${kind}`)[kind];
  } catch {
    problem(
      where,
      `${apiVersion} ${kind} is not a kind known to ${pkg} (wrong apiVersion, or a CRD without a schema package)`,
    );
    return;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    for (const e of error.errors ?? [{ instancePath: '', message: error.message }]) {
      problem(
        where,
        `${e.instancePath || '/'} ${e.message}${e.params?.missingProperty ? ` (${e.params.missingProperty})` : ''}`,
      );
    }
  }
}

// The fields of a CloudNativePG Cluster this project may use (postgresql.cnpg.io/v1 reference).
const CNPG_SPEC_FIELDS = new Set([
  'instances',
  'imageName',
  'primaryUpdateStrategy',
  'enableSuperuserAccess',
  'superuserSecret',
  'bootstrap',
  'postgresql',
  'storage',
  'walStorage',
  'resources',
  'monitoring',
  'backup',
  'affinity',
  'managed',
]);

function validateCnpg(object, where) {
  if (object.kind !== 'Cluster') {
    problem(where, `postgresql.cnpg.io/v1 ${object.kind} is not checked by this validator`);
    return;
  }
  const spec = object.spec ?? {};
  for (const key of Object.keys(spec))
    if (!CNPG_SPEC_FIELDS.has(key)) problem(where, `spec.${key} is not a Cluster field used here`);
  if (!Number.isInteger(spec.instances) || spec.instances < 1)
    problem(where, 'spec.instances must be an integer ≥ 1');
  if (typeof spec.storage?.size !== 'string') problem(where, 'spec.storage.size is required (e.g. 20Gi)');
  if (spec.imageName !== undefined && !/:[\w.-]+$/.test(spec.imageName))
    problem(where, 'spec.imageName must carry a tag');
  for (const [name, value] of Object.entries(spec.postgresql?.parameters ?? {})) {
    if (typeof value !== 'string') problem(where, `spec.postgresql.parameters.${name} must be a string`);
  }
}

// ---------------------------------------------------------------- references between objects

function podSpec(object) {
  if (WORKLOADS.has(object.kind)) return object.spec?.template?.spec;
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

function podContainers(object) {
  const spec = podSpec(object);
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

const matchesLabels = (selector, labels) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

function checkReferences(items, name, secretExample) {
  const objects = items.map((i) => i.object);
  const find = (kind, objectName) => objects.find((o) => o.kind === kind && o.metadata?.name === objectName);
  const label = ({ object, source }) => `${name}: ${source} ${object.kind}/${object.metadata?.name}`;
  const seen = new Set();
  const workloads = objects.filter((o) => WORKLOADS.has(o.kind));
  const secretKeys = (secretName) => {
    const secret =
      find('Secret', secretName) ??
      (secretExample?.metadata?.name === secretName ? secretExample : undefined);
    return secret ? new Set(Object.keys({ ...secret.data, ...secret.stringData })) : undefined;
  };
  const autoscaled = new Map();

  for (const item of items) {
    const { object } = item;
    const where = label(item);
    const id = `${object.kind}/${object.metadata?.namespace ?? ''}/${object.metadata?.name}`;
    if (seen.has(id)) problem(where, 'defined twice');
    seen.add(id);

    const spec = podSpec(object);
    if (spec) {
      const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
      for (const claim of object.spec?.volumeClaimTemplates ?? []) volumes.set(claim.metadata?.name, {});
      for (const volume of volumes.values()) {
        const claim = volume.persistentVolumeClaim?.claimName;
        if (claim && !find('PersistentVolumeClaim', claim))
          problem(where, `volume ${volume.name}: no PersistentVolumeClaim ${claim}`);
        const configMap = volume.configMap?.name;
        if (configMap && !find('ConfigMap', configMap))
          problem(where, `volume ${volume.name}: no ConfigMap ${configMap}`);
      }
      for (const container of podContainers(object)) {
        const c = `${where} container ${container.name}`;
        if (/:latest$/.test(container.image ?? '')) problem(c, 'image tag latest is not reproducible');
        const ports = new Set((container.ports ?? []).map((p) => p.name).filter(Boolean));
        for (const probe of ['readinessProbe', 'livenessProbe']) {
          if (!container[probe] && !spec.initContainers?.includes(container)) problem(c, `has no ${probe}`);
        }
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
          const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
          if (typeof port === 'string' && !ports.has(port))
            problem(c, `${probe} uses port ${port}, which the container does not name`);
        }
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) {
            if (!container.resources?.[kind]?.[resource]) problem(c, `has no resources.${kind}.${resource}`);
          }
        }
        for (const mount of container.volumeMounts ?? []) {
          if (!volumes.has(mount.name)) problem(c, `mounts ${mount.name}, which is not a volume of the pod`);
        }
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef && !find('ConfigMap', source.configMapRef.name))
            problem(c, `no ConfigMap ${source.configMapRef.name}`);
          if (source.secretRef && !secretKeys(source.secretRef.name))
            problem(c, `no Secret ${source.secretRef.name}`);
        }
        for (const env of container.env ?? []) {
          const ref = env.valueFrom?.secretKeyRef;
          if (ref) {
            const keys = secretKeys(ref.name);
            if (!keys) problem(c, `env ${env.name}: no Secret ${ref.name} (nor ${rel(SECRET_EXAMPLE)})`);
            else if (!keys.has(ref.key))
              problem(c, `env ${env.name}: Secret ${ref.name} has no key ${ref.key}`);
          }
          const cm = env.valueFrom?.configMapKeyRef;
          if (cm && !find('ConfigMap', cm.name)?.data?.[cm.key])
            problem(c, `env ${env.name}: ConfigMap ${cm.name} has no key ${cm.key}`);
        }
      }
    }

    if (object.kind === 'Service' && object.spec?.selector) {
      const pods = workloads.filter((w) =>
        matchesLabels(object.spec.selector, w.spec?.template?.metadata?.labels),
      );
      if (!pods.length) problem(where, 'selects no pods');
      for (const port of object.spec.ports ?? []) {
        if (typeof port.targetPort !== 'string') continue;
        for (const pod of pods) {
          if (!podContainers(pod).some((c) => c.ports?.some((p) => p.name === port.targetPort))) {
            problem(where, `targetPort ${port.targetPort} is not a port of ${pod.metadata.name}`);
          }
        }
      }
    }
    if (object.kind === 'PodDisruptionBudget') {
      const selector = object.spec?.selector?.matchLabels;
      if (!workloads.some((w) => matchesLabels(selector, w.spec?.template?.metadata?.labels)))
        problem(where, 'protects no pods');
    }
    if (object.kind === 'HorizontalPodAutoscaler' || object.kind === 'ScaledObject') {
      const ref = object.spec?.scaleTargetRef ?? {};
      const target = find(ref.kind ?? 'Deployment', ref.name);
      if (!target) problem(where, `scales ${ref.kind ?? 'Deployment'}/${ref.name}, which does not exist`);
      else {
        if (target.spec?.replicas !== undefined) {
          problem(where, `${ref.name} sets spec.replicas, which would fight the autoscaler on every apply`);
        }
        if (autoscaled.has(ref.name))
          problem(where, `${ref.name} is already scaled by ${autoscaled.get(ref.name)}`);
        autoscaled.set(ref.name, `${object.kind}/${object.metadata.name}`);
      }
      // scalingModifiers (KEDA 2.12) is newer than the KEDA schema in @kubernetes-models/keda: checked here.
      const modifiers = object.spec?.advanced?.scalingModifiers;
      if (modifiers) {
        const triggers = new Set((object.spec.triggers ?? []).map((t) => t.name));
        for (const word of String(modifiers.formula ?? '').match(/[A-Za-z_][\w-]*/g) ?? []) {
          if (!triggers.has(word))
            problem(where, `scalingModifiers.formula names ${word}, which is not a trigger name`);
        }
        if (!/^\d+(\.\d+)?$/.test(String(modifiers.target ?? '')))
          problem(where, 'scalingModifiers.target must be a number (as a string)');
        if (!['AverageValue', 'Value', undefined].includes(modifiers.metricType)) {
          problem(where, 'scalingModifiers.metricType must be AverageValue or Value');
        }
      }
      for (const trigger of object.spec?.triggers ?? []) {
        const auth = trigger.authenticationRef?.name;
        if (auth && !find('TriggerAuthentication', auth))
          problem(where, `trigger ${trigger.name}: no TriggerAuthentication ${auth}`);
      }
    }
    if (object.kind === 'TriggerAuthentication') {
      for (const ref of object.spec?.secretTargetRef ?? []) {
        if (!secretKeys(ref.name)?.has(ref.key)) problem(where, `Secret ${ref.name} has no key ${ref.key}`);
      }
    }
    if (object.kind === 'Ingress') {
      for (const rule of object.spec?.rules ?? []) {
        for (const path of rule.http?.paths ?? []) {
          const backend = path.backend?.service;
          const service = backend && find('Service', backend.name);
          if (!service) problem(where, `backend Service ${backend?.name} does not exist`);
          else if (backend.port?.name && !service.spec?.ports?.some((p) => p.name === backend.port.name)) {
            problem(where, `Service ${backend.name} has no port ${backend.port.name}`);
          }
        }
      }
    }
    if (object.kind === 'PodMonitor') {
      const selector = object.spec?.selector?.matchLabels;
      const pods = workloads.filter((w) => matchesLabels(selector, w.spec?.template?.metadata?.labels));
      if (!pods.length) problem(where, 'selects no pods');
      for (const endpoint of object.spec?.podMetricsEndpoints ?? []) {
        for (const pod of pods) {
          if (!podContainers(pod).some((c) => c.ports?.some((p) => p.name === endpoint.port))) {
            problem(where, `port ${endpoint.port} is not a port of ${pod.metadata.name}`);
          }
        }
      }
    }
  }

  // The KEDA scaler must watch the queues the workers use: `bull:<NATS_NAMESPACE>-rendering-zip:<list>`
  // (ZIP jobs) or `bull:<NATS_NAMESPACE>-rendering-zip-chunk:<list>` (chunks of chunked ZIP jobs).
  const namespace = find('ConfigMap', 'avpass-config')?.data?.NATS_NAMESPACE;
  for (const scaled of objects.filter((o) => o.kind === 'ScaledObject')) {
    for (const trigger of scaled.spec?.triggers ?? []) {
      const list = trigger.metadata?.listName;
      const queues = [`${namespace}-rendering-zip`, `${namespace}-rendering-zip-chunk`];
      if (list && namespace && !queues.some((queue) => list.startsWith(`bull:${queue}:`))) {
        problem(
          `${name}: ScaledObject/${scaled.metadata.name}`,
          `listName ${list} is not a list of queue ${queues.join(' or ')}`,
        );
      }
    }
  }
}

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

function checkObservability(compose) {
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

function prometheusRuleFrom(alerts) {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'avpass', labels: { release: 'kube-prometheus-stack' } },
    spec: { groups: alerts.groups },
  };
}

function checkNatsValues() {
  const file = join(K8S, 'infra/nats-values.yaml');
  const values = loadYaml(file);
  const where = rel(file);
  if (values?.config?.jetstream?.enabled !== true)
    problem(where, 'config.jetstream.enabled must be true (the event stream)');
  if (values?.config?.jetstream?.fileStore?.enabled === false)
    problem(where, 'JetStream needs file storage (events outlive a restart)');
  if (values?.config?.cluster?.enabled && (values.config.cluster.replicas ?? 3) < 3) {
    problem(where, 'a JetStream cluster needs at least 3 servers');
  }
}

/** The Secret example's URLs must name the hosts the infrastructure creates. */
function checkSecretHosts(secretExample, infra, config) {
  const data = secretExample?.stringData ?? {};
  const where = rel(SECRET_EXAMPLE);
  const host = (url) => {
    try {
      return new URL(url).hostname;
    } catch {
      return undefined;
    }
  };
  const cluster = infra.find((o) => o.kind === 'Cluster')?.metadata?.name;
  if (cluster && host(data.DATABASE_URL) !== `${cluster}-rw`)
    problem(where, `DATABASE_URL should name ${cluster}-rw (the primary)`);
  const redis = infra.find((o) => o.kind === 'Service' && o.metadata?.name === 'redis');
  if (redis && host(data.REDIS_URL) !== 'redis') problem(where, 'REDIS_URL should name the redis Service');
  if (host(config?.data?.NATS_URL) !== 'nats')
    problem('avpass-config', 'NATS_URL should name the nats Service of the Helm release `nats`');
}

// ---------------------------------------------------------------- main

async function main() {
  const compose = loadYaml(join(ROOT, 'docker-compose.yml'));
  const alerts = checkObservability(compose);

  if (process.argv.includes('--write-prometheus-rule')) {
    const header =
      '# Generated from deploy/observability/alerts.yml by `node tools/validate-deploy.mjs --write-prometheus-rule`;\n' +
      '# edit alerts.yml, not this file. Add the label your Prometheus selects rules by.\n';
    const text = header + stringify(prometheusRuleFrom(alerts), { lineWidth: 0 });
    const prettier = await import('prettier');
    const options = await prettier.resolveConfig(PROMETHEUS_RULE);
    writeFileSync(PROMETHEUS_RULE, await prettier.format(text, { ...options, filepath: PROMETHEUS_RULE }));
    console.log(`wrote ${rel(PROMETHEUS_RULE)}`);
  }

  const render = process.argv.indexOf('--render');
  if (render > 0) {
    // What `kubectl kustomize deploy/k8s/<name>` prints, from this script's renderer (for comparison).
    const items = kustomize(join(K8S, process.argv[render + 1] ?? ''));
    process.stdout.write(items.map(({ object }) => stringify(object, { lineWidth: 0 })).join('---\n'));
    return;
  }

  const secretExample = loadYaml(SECRET_EXAMPLE);
  validateSchema(secretExample, rel(SECRET_EXAMPLE));
  let checked = 1;
  let kustomizeVersion;
  const rendered = {};
  for (const name of KUSTOMIZATIONS) {
    const items = kustomize(join(K8S, name));
    rendered[name] = items.map((i) => i.object);
    for (const { object, source } of items)
      validateSchema(object, `${name}: ${source} ${object.kind}/${object.metadata?.name}`);
    checkReferences(items, name, secretExample);
    kustomizeVersion = compareWithKubectl(name, items);
    checked += items.length;
  }
  const production = rendered['overlays/production'];
  for (const object of production) {
    for (const container of podContainers(object)) {
      if (!/[:@]/.test(container.image ?? '')) {
        problem(
          `overlays/production: ${object.kind}/${object.metadata.name}`,
          `image ${container.image} has no tag`,
        );
      }
    }
  }
  const rule = production.find((o) => o.kind === 'PrometheusRule');
  if (!rule || !isDeepStrictEqual(rule.spec?.groups, alerts?.groups)) {
    problem(
      rel(PROMETHEUS_RULE),
      'differs from deploy/observability/alerts.yml: run node tools/validate-deploy.mjs --write-prometheus-rule',
    );
  }
  checkNatsValues();
  checkSecretHosts(
    secretExample,
    rendered.infra,
    production.find((o) => o.kind === 'ConfigMap' && o.metadata?.name === 'avpass-config'),
  );

  for (const drift of deployDrift(ROOT)) problems.push(drift);

  const { version } = require('kubernetes-models/package.json');
  if (problems.length) {
    for (const line of problems) console.error(line);
    console.error(
      `deploy: ${problems.length} problem(s) in ${checked} Kubernetes objects and the observability files`,
    );
    process.exit(1);
  }
  console.log(
    `deploy: ${checked} Kubernetes objects in ${KUSTOMIZATIONS.length} kustomizations valid (Kubernetes 1.27 schemas from ` +
      `kubernetes-models ${version}, KEDA and Prometheus-operator models, CloudNativePG structurally); ` +
      'Prometheus, alert rules and Grafana files consistent with docker-compose.yml; ' +
      'the files generated from libs/contracts/src/services.ts up to date' +
      (kustomizeVersion ? `; rendering identical to kubectl kustomize ${kustomizeVersion}` : ''),
  );
}

await main();
