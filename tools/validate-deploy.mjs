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
// alerts.yml.//
// The checks live in tools/deploy/validate/ (kustomize, schemas, references, observability); this file
// runs them in order and prints what they found.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import { checkObservability, prometheusRuleFrom } from './deploy/validate/observability.mjs';
import { podContainers } from './deploy/validate/pods.mjs';
import { checkNatsValues, checkReferences, checkSecretHosts } from './deploy/validate/references.mjs';
import { compareWithKubectl, kustomize } from './deploy/validate/kustomize.mjs';
import {
  K8S,
  KUSTOMIZATIONS,
  loadYaml,
  problem,
  problems,
  PROMETHEUS_RULE,
  rel,
  ROOT,
  SECRET_EXAMPLE,
} from './deploy/validate/report.mjs';
import { validateSchema } from './deploy/validate/schemas.mjs';
import { deployDrift } from './generate-deploy.mjs';

const require = createRequire(import.meta.url);

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
