// Every path README.md and docs/*.md name exists (issue 23): a moved or deleted file fails this test
// with the document and the path, instead of leaving the docs pointing at nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingDocPaths, pathsIn, wrongServiceFacts } from './docs-paths.mjs';
import { SERVICE_DEFINITIONS, SERVICES } from './platform/services.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('the paths the documents name', () => {
  it('all exist', () => {
    expect(missingDocPaths(ROOT)).toEqual([]);
  });

  it('reads backticked paths, frontend paths and relative links, not commands or code', () => {
    const markdown = [
      'See `services/vouchers/src/stats/tallies.repository.ts:12`, `./gateway/src/http/`,',
      '`features/vouchers/api/urls.ts` and [the log](decisions/0002-unlimited.md#status).',
      'Run `npm run bench:scale`, call `em.getDriver().mapResult(row, meta)`, set `DATA_DIR/jobs/<id>.zip`.',
      '```bash',
      'cat services/nowhere/file.ts',
      '```',
    ].join('\n');
    expect(pathsIn(markdown, 'docs').sort()).toEqual([
      'docs/decisions/0002-unlimited.md',
      'frontend/src/features/vouchers/api/urls.ts',
      'gateway/src/http/',
      'services/vouchers/src/stats/tallies.repository.ts',
    ]);
  });

  it('reports a missing file, a placeholder that matches nothing, and spares a declared example', () => {
    const root = mkdtempSync(join(tmpdir(), 'avpass-docs-'));
    const write = (path, text = '') => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      write('services/credits/src/credits/credits.handlers.ts');
      write('frontend/src/app/voucher-shell.tsx');
      write(
        'README.md',
        [
          'Handlers: `services/<name>/src/<aggregate>/<aggregate>.handlers.ts`, `services/*/src/`.',
          'The shell: `app/voucher-shell`. Gone: `services/rendering/src/jobs/zip-builder.ts`.',
          'No match: `services/{name}/src/worker/`. [Missing doc](docs/nowhere.md).',
        ].join('\n'),
      );
      write(
        'docs/adding.md',
        '<!-- docs-paths: example services/trainers/ -->\nMake `services/trainers/src/main.ts`, read `services/credits/src/`.',
      );
      expect(missingDocPaths(root)).toEqual([
        { document: 'README.md', path: 'services/rendering/src/jobs/zip-builder.ts' },
        { document: 'README.md', path: 'services/{name}/src/worker/' },
        { document: 'README.md', path: 'docs/nowhere.md' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('state the services as libs/contracts/src/services.ts lists them', () => {
    const workersApart = SERVICE_DEFINITIONS.filter((s) => s.workers?.runsApartUnderNpmStart).length;
    expect(wrongServiceFacts(ROOT, SERVICES, { workersApart })).toEqual([]);
  });

  it('fail on a wrong count of services, a list that leaves one out, or a stale port range', () => {
    const root = mkdtempSync(join(tmpdir(), 'avpass-docs-'));
    const services = ['identity', 'partners', 'vouchers', 'credits', 'audit'];
    try {
      mkdirSync(join(root, 'docs/decisions'), { recursive: true });
      writeFileSync(
        join(root, 'README.md'),
        [
          'The image runs the four services and the gateway; the 5 services each own a schema.',
          'Identity, partners,',
          'vouchers and audit start first (a list of four of five, wrapped over two lines).',
          '`npm start` gives identity, partners, vouchers, credits, audit, gateway the ports 9464–9469.',
          'The ports run 9464–9468. Two services keep a copy.',
          'Only identity & vouchers use Redis.',
        ].join('\n'),
      );
      writeFileSync(join(root, 'docs/decisions/0001-old.md'), 'Then there were six services.\n');
      expect(wrongServiceFacts(root, services)).toEqual([
        {
          document: 'README.md',
          line: 1,
          problem: '"four services": there are 5 services (libs/contracts/src/services.ts)',
        },
        {
          document: 'README.md',
          line: 5,
          problem: '"Two services": there are 5 services (libs/contracts/src/services.ts)',
        },
        {
          document: 'README.md',
          line: 2,
          problem:
            'the list "Identity, partners, vouchers and audit" leaves out credits (libs/contracts/src/services.ts)',
        },
        {
          document: 'README.md',
          line: 5,
          problem: '"9464–9468": 5 services and the gateway use 9464–9469',
        },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
