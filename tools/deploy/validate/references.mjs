// What schemas cannot see: references between the rendered objects (ConfigMaps, Secret keys, volumes,
// Service selectors and ports, autoscaler and PDB targets, Ingress backends), probes and resources on
// every container, the KEDA queue name against NATS_NAMESPACE, NATS's Helm values and the hosts the
// Secret example names.
import { join } from 'node:path';
import { matchesLabels, podContainers, podSpec, WORKLOADS } from './pods.mjs';
import { K8S, loadYaml, problem, rel, SECRET_EXAMPLE } from './report.mjs';

export function checkReferences(items, name, secretExample) {
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

export function checkNatsValues() {
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
export function checkSecretHosts(secretExample, infra, config) {
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
