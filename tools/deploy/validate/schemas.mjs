// Validates each Kubernetes object against the Kubernetes 1.27 OpenAPI schemas bundled in
// `kubernetes-models`, KEDA and Prometheus-operator objects against their model packages, and a
// CloudNativePG Cluster structurally (no schema package exists for it).
import { createRequire } from 'node:module';
import { problem } from './report.mjs';

const require = createRequire(import.meta.url);

const MODEL_PACKAGES = {
  'keda.sh': '@kubernetes-models/keda',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** Validates one object: Kubernetes/KEDA/Prometheus-operator schemas, CNPG structurally. */
export function validateSchema(object, where) {
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
