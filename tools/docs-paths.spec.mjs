// Every path README.md and docs/*.md name exists (issue 23): a moved or deleted file fails this test
// with the document and the path, instead of leaving the docs pointing at nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingDocPaths, pathsIn } from './docs-paths.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('the paths the documents name', () => {
  it('all exist', () => {
    expect(missingDocPaths(ROOT)).toEqual([]);
  });

  it('reads backticked paths, frontend paths and relative links, not commands or code', () => {
    const markdown = [
      'See `services/vouchers/src/stats/tallies.repository.ts:12`, `./gateway/src/http/`,',
      '`features/vouchers/api/urls.ts` and [the log](decisions.md#2-unlimited).',
      'Run `npm run bench:scale`, call `em.getDriver().mapResult(row, meta)`, set `DATA_DIR/jobs/<id>.zip`.',
      '```bash',
      'cat services/nowhere/file.ts',
      '```',
    ].join('\n');
    expect(pathsIn(markdown, 'docs').sort()).toEqual([
      'docs/decisions.md',
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
});
