// Renders a kustomization the way `kubectl apply -k` would, for the subset of kustomize used under
// deploy/k8s (resources, namespace, labels, images, JSON 6902 patches); any other kustomize field is a
// problem. Where kubectl is installed, its kustomize must render the very same objects.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { podContainers, WORKLOADS } from './pods.mjs';
import { K8S, loadYaml, loadYamlDocuments, problem, rel } from './report.mjs';

/** YAML files in a kustomization folder that are deliberately not among its resources. */
const NOT_RESOURCES = new Set(['kustomization.yaml', 'secret.example.yaml', 'nats-values.yaml']);

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

/** Renders a kustomization folder into [{ object, source }]. */
export function kustomize(dir) {
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
export function compareWithKubectl(name, items) {
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
