// Pods inside the Kubernetes objects the validator reads: which kinds run pods, their containers, and
// label selectors.

export const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet']);

export function podSpec(object) {
  if (WORKLOADS.has(object.kind)) return object.spec?.template?.spec;
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

export function podContainers(object) {
  const spec = podSpec(object);
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

export const matchesLabels = (selector, labels) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);
