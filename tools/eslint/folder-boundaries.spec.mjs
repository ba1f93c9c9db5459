// avpass/folder-boundaries, by example: a planted service whose folders import each other past their
// index.ts and in a circle fails; the real services it applies to pass, and their folder graphs
// have no cycle (the check CI runs over the real tree, not only over examples).
import { RuleTester } from 'eslint';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { folderBoundaries } from './folder-boundaries.mjs';
import { arrowsOnCycles, importGraph } from './service-folders.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = (text) => {
  throw new Error(`Remove \`only: true\` from the rule test case ${JSON.stringify(text)}`);
};

const ROOT = resolve(import.meta.dirname, '../..');

/** A planted service on disk: codes/ (the lower folder) and redemptions/ (which uses it). */
function plantService(files) {
  const src = join(mkdtempSync(join(tmpdir(), 'folders-')), 'services/demo/src');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(src, path, '..'), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}
const src = plantService({
  'app.module.ts': "import { CodesRepository } from './codes/codes.repository';\n",
  'config.ts': 'export const CONFIG = 1;\n',
  'codes/index.ts': "export { CodesRepository } from './codes.repository';\n",
  'codes/codes.repository.ts': "import { CONFIG } from '../config';\nexport class CodesRepository {}\n",
  'redemptions/index.ts': "export { RedeemService } from './redeem.service';\n",
  'redemptions/redeem.service.ts':
    "import { CodesRepository } from '../codes';\nexport class RedeemService {}\n",
});
const at = (path) => join(src, path);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('folder-boundaries', folderBoundaries, {
  valid: [
    // Down through the index, one way: redemptions → codes.
    { filename: at('redemptions/redeem.service.ts'), code: "import { CodesRepository } from '../codes';" },
    {
      filename: at('redemptions/redeem.service.ts'),
      code: "import { CodesRepository } from '../codes/index';",
    },
    // Inside a folder, and to a top-level leaf (config.ts imports no folder).
    { filename: at('codes/codes.repository.ts'), code: "import { CONFIG } from '../config';" },
    { filename: at('codes/index.ts'), code: "export { CodesRepository } from './codes.repository';" },
    // The composition root may wire internals.
    { filename: at('app.module.ts'), code: "import { RedeemService } from './redemptions/redeem.service';" },
  ],
  invalid: [
    // Past the index into another folder's internals.
    {
      filename: at('redemptions/redeem.service.ts'),
      code: "import { CodesRepository } from '../codes/codes.repository';",
      errors: [
        {
          messageId: 'internal',
          data: { source: '../codes/codes.repository', folder: 'codes', entry: '../codes' },
        },
      ],
    },
    // The planted cycle: codes/ imports redemptions/, which already imports codes/.
    {
      filename: at('codes/codes.repository.ts'),
      code: "import { RedeemService } from '../redemptions';",
      errors: [
        { messageId: 'cycle', data: { source: '../redemptions', path: 'codes → redemptions → codes' } },
      ],
    },
    // Type-only imports and re-exports count; both faults at once.
    {
      filename: at('codes/codes.repository.ts'),
      code: "export type { RedeemService } from '../redemptions/redeem.service';",
      errors: [{ messageId: 'internal' }, { messageId: 'cycle' }],
    },
    // A cycle through a top-level file: app.module.ts imports codes/.
    {
      filename: at('codes/codes.repository.ts'),
      code: "import '../app.module';",
      errors: [{ messageId: 'cycle', data: { source: '../app.module', path: 'codes → app.module → codes' } }],
    },
  ],
});

describe('the real services', () => {
  it('vouchers, partners and audit have no folder cycle', ({ expect }) => {
    for (const service of ['vouchers', 'partners', 'audit']) {
      expect(arrowsOnCycles(importGraph(resolve(ROOT, `services/${service}/src`))), service).toEqual([]);
    }
  });

  it('finds a cycle planted into a copy of a graph', ({ expect }) => {
    const graph = importGraph(resolve(ROOT, 'services/vouchers/src'));
    expect(arrowsOnCycles(graph)).toEqual([]);
    graph.get('codes/')?.add('redemptions/') ?? graph.set('codes/', new Set(['redemptions/']));
    expect(arrowsOnCycles(graph)).toContain('codes/ -> redemptions/');
  });
});
