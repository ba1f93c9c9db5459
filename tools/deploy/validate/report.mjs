// What the deployment validator's checks share (tools/validate-deploy.mjs): where the files are, the
// list of problems found so far (printed at the end, in the order found) and YAML loading, whose syntax
// errors are problems too.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const K8S = join(ROOT, 'deploy/k8s');
export const OBSERVABILITY = join(ROOT, 'deploy/observability');
export const KUSTOMIZATIONS = ['base', 'overlays/production', 'infra'];
export const SECRET_EXAMPLE = join(K8S, 'base/secret.example.yaml');
export const ALERTS = join(OBSERVABILITY, 'alerts.yml');
export const PROMETHEUS_RULE = join(K8S, 'overlays/production/prometheus-rule.yaml');

export const problems = [];
export const problem = (where, message) => problems.push(`${where}: ${message}`);
export const rel = (path) => relative(ROOT, path);

export function loadYamlDocuments(path) {
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

export function loadYaml(path) {
  return loadYamlDocuments(path)[0];
}
