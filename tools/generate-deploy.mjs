#!/usr/bin/env node
// `npm run deploy:generate`: writes the deployment files that cannot import the list of services
// (libs/contracts/src/services.ts) from it: docker-compose.yml, deploy/Dockerfile, each service's
// Kubernetes manifest (deploy/k8s/base/<name>.yaml; a service with workers is two Deployments,
// <name>-api and <name>-worker), the base kustomization and Prometheus's compose targets.
// `npm run deploy:validate` (tools/validate-deploy.mjs) fails when a committed file differs from what
// this writes: edit services.ts or the generator (this file, which gathers the files, and one module per
// kind of file under tools/deploy/generate/), never the generated files.
//
// `node tools/generate-deploy.mjs --check` only reports the files that differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compose } from './deploy/generate/compose.mjs';
import { dockerfile } from './deploy/generate/dockerfile.mjs';
import { deployment, k8sDeployments, kustomization } from './deploy/generate/k8s.mjs';
import { prometheus } from './deploy/generate/prometheus.mjs';
import { GENERATED } from './deploy/generate/text.mjs';
import { SERVICE_DEFINITIONS } from './platform/services.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every generated file, path (relative to the repository) → content, for these services. */
export function generateDeployFiles(services = SERVICE_DEFINITIONS) {
  const files = {
    'docker-compose.yml': compose(services),
    'deploy/Dockerfile': dockerfile(services),
    'deploy/k8s/base/kustomization.yaml': kustomization(services),
    'deploy/observability/prometheus.yml': prometheus(services),
  };
  for (const service of services)
    for (const d of k8sDeployments(service))
      files[`deploy/k8s/base/${d.name}.yaml`] = `${GENERATED}\n${deployment(d)}`;
  return files;
}

/** The generated files whose committed copy differs (or is missing), as readable problems. */
export function deployDrift(root = ROOT, files = generateDeployFiles()) {
  const drift = [];
  for (const [path, content] of Object.entries(files)) {
    let committed;
    try {
      committed = readFileSync(join(root, path), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== content)
      drift.push(
        `${path}: ${committed === undefined ? 'missing' : 'differs from'} what libs/contracts/src/services.ts generates (run npm run deploy:generate)`,
      );
  }
  return drift;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const drift = deployDrift();
    for (const line of drift) console.error(line);
    process.exit(drift.length ? 1 : 0);
  }
  for (const [path, content] of Object.entries(generateDeployFiles())) {
    writeFileSync(join(ROOT, path), content);
    console.log(`wrote ${relative(process.cwd(), join(ROOT, path)) || path}`);
  }
}
