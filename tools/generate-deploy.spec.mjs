// The deployment files that cannot import the list of services are generated from it
// (tools/generate-deploy.mjs): the committed ones must be what it writes, and a new service appears in
// each of them from one entry in libs/contracts/src/services.ts.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deployDrift, generateDeployFiles } from './generate-deploy.mjs';
import { SERVICE_DEFINITIONS } from './platform/services.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('deployment files generated from the list of services', () => {
  it('the committed files are what the generator writes', () => {
    expect(deployDrift(ROOT)).toEqual([]);
  });

  it('a hand edit of a generated file is reported, by file', () => {
    const copy = mkdtempSync(join(tmpdir(), 'avpass-deploy-'));
    try {
      cpSync(join(ROOT, 'deploy'), join(copy, 'deploy'), { recursive: true });
      cpSync(join(ROOT, 'docker-compose.yml'), join(copy, 'docker-compose.yml'));
      const compose = join(copy, 'docker-compose.yml');
      writeFileSync(
        compose,
        generateDeployFiles()['docker-compose.yml'].replace(/\n {2}inventory:\n[^\n]*\n[^\n]*\n/, '\n'),
      );
      expect(deployDrift(copy)).toEqual([
        'docker-compose.yml: differs from what libs/contracts/src/services.ts generates (run npm run deploy:generate)',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('one more entry in SERVICES puts the service in compose, the image, Kubernetes and Prometheus', () => {
    const files = generateDeployFiles([
      ...SERVICE_DEFINITIONS,
      { name: 'trainers', about: 'trainer programmes.', redis: true, size: 'small' },
    ]);
    const compose = parse(files['docker-compose.yml'], { merge: true });
    expect(compose.services.trainers.command).toEqual(['node', 'services/trainers/dist/main.js']);
    expect(compose.services.trainers.image).toBe('avpass:local');
    expect(Object.keys(compose.services.gateway.depends_on)).toContain('trainers');
    expect(files['deploy/Dockerfile']).toContain('COPY services/trainers/package.json services/trainers/\n');
    expect(parse(files['deploy/k8s/base/kustomization.yaml']).resources).toContain('trainers.yaml');
    const [deployment] = files['deploy/k8s/base/trainers.yaml'].split('\n---\n').map((doc) => parse(doc));
    const container = deployment.spec.template.spec.containers[0];
    expect(container.command).toEqual(['node', 'services/trainers/dist/main.js']);
    expect(container.env.map((e) => e.name)).toEqual([
      'METRICS_TOKEN',
      'DATABASE_URL',
      'DB_ROLE_SECRET',
      'REDIS_URL',
    ]);
    expect(files['deploy/observability/prometheus.yml']).toContain("- targets: ['trainers:9464']");
  });
});
