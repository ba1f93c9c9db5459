// tools/build.mjs compiles a backend project's src/ into dist/; a data file a module imports
// (libs/contracts/src/common-passwords.json) must land beside the compiled module, or the built service
// and the image (which copies only dist/) fail at their first require.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BUILD = resolve(import.meta.dirname, 'build.mjs');

describe('the backend build', () => {
  it('copies the JSON data files under src/ into dist/, where the compiled modules require them', () => {
    const project = mkdtempSync(join(tmpdir(), 'avpass-build-'));
    try {
      mkdirSync(join(project, 'src/lists'), { recursive: true });
      writeFileSync(join(project, 'src/lists/words.json'), '{ "words": ["alpha", "beta"] }\n');
      writeFileSync(
        join(project, 'src/index.ts'),
        "import list from './lists/words.json';\nexport const words: string[] = list.words;\n",
      );
      writeFileSync(join(project, 'src/index.spec.ts'), 'export {};\n');
      const run = spawnSync(process.execPath, [BUILD], { cwd: project, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('built 1 files and copied 1 data files into dist\n');
      expect(existsSync(join(project, 'dist/lists/words.json'))).toBe(true);
      expect(existsSync(join(project, 'dist/index.spec.js'))).toBe(false);
      const compiled = createRequire(join(project, 'dist/index.js'))('./index.js');
      expect(compiled.words).toEqual(['alpha', 'beta']);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
