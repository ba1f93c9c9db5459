// docs/decisions/ holds one decision per file with a Status and an Area, and its README is the index the
// files give (issue 38): `npm test` fails on a stale index, a bad Status or Area, a status linking
// nothing, or a number used twice, instead of leaving a newcomer a log that contradicts itself.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionProblems, missingDecisionLinks, readDecisions } from './decisions-index.mjs';

const GOOD = '# 180. A decision written in parallel\n\n- Status: accepted\n- Area: vouchers\n\nWhy.\n';

// Prettier formats the index; on a loaded machine that takes seconds.
describe('the decisions and their index', { timeout: 60_000 }, () => {
  it('agree in the repository', async () => {
    expect(await decisionProblems(DECISIONS_DIR)).toEqual([]);
  });

  it('mark what later decisions changed: 88 is superseded by 113, which amends 64', () => {
    const { decisions } = readDecisions(DECISIONS_DIR);
    const numbered = (n) => decisions.find((d) => d.number === n);
    expect(numbered(88).status).toMatchObject({ kind: 'superseded by', targets: [{ number: 113 }] });
    expect(numbered(113).status.targets.map((t) => t.number)).toContain(64);
    expect(numbered(64).status.kind).not.toBe('superseded by');
  });

  it('are named by the code only as files that exist', () => {
    expect(missingDecisionLinks()).toEqual([]);
  });

  it('a code comment naming a decision file that does not exist is reported with its line', () => {
    const root = mkdtempSync(join(tmpdir(), 'avpass-decision-links-'));
    try {
      mkdirSync(join(root, 'docs/decisions'), { recursive: true });
      mkdirSync(join(root, 'libs/domain/src'), { recursive: true });
      writeFileSync(join(root, 'docs/decisions/0002-unlimited.md'), GOOD);
      writeFileSync(
        join(root, 'libs/domain/src/limit.ts'),
        '// 999999 (docs/decisions/0002-unlimited.md)\n// see docs/decisions/0003-renamed.md\n',
      );
      expect(missingDecisionLinks(root)).toEqual([
        { file: 'libs/domain/src/limit.ts', line: 2, path: 'docs/decisions/0003-renamed.md' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  describe('in a copy of the folder', () => {
    let dir;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'avpass-decisions-'));
      cpSync(DECISIONS_DIR, dir, { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const write = (name, text) => writeFileSync(join(dir, name), text);

    it('a new file in the format is fine once the index is written again, and stale before', async () => {
      write('0180-a-decision-written-in-parallel.md', GOOD);
      expect(await decisionProblems(dir)).toEqual([
        'docs/decisions/README.md is stale: run `npm run docs:decisions` and commit it',
      ]);
      const { formattedIndex } = await import('./decisions-index.mjs');
      write('README.md', await formattedIndex(readDecisions(dir).decisions));
      expect(await decisionProblems(dir)).toEqual([]);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(
        '[180. A decision written in parallel](0180-a-decision-written-in-parallel.md) — accepted',
      );
    });

    it('refuses a file without a valid Status or Area, named in the message', async () => {
      write('0181-no-area.md', '# 181. No area\n\n- Status: approved\n- Area: misc\n\nWhy.\n');
      const problems = await decisionProblems(dir);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^docs\/decisions\/0181-no-area\.md: line 3 must be "- Status: accepted"/);
      expect(problems[1]).toMatch(
        /^docs\/decisions\/0181-no-area\.md: line 4 must be "- Area: <one of security/,
      );
    });

    it('refuses a status that links a file that does not exist', async () => {
      write(
        '0182-amends-nothing.md',
        GOOD.replace('180', '182').replace('accepted', 'amends [64](0064-gone.md)'),
      );
      expect(await decisionProblems(dir)).toEqual([
        'docs/decisions/0182-amends-nothing.md: its status links 0064-gone.md, which does not exist',
      ]);
    });

    it('refuses a number used twice, and a heading that disagrees with its file name', async () => {
      write('0087-a-second-87.md', GOOD.replace('180', '87'));
      write('0183-wrong-heading.md', GOOD.replace('180', '184'));
      const problems = await decisionProblems(dir);
      expect(problems).toContain(
        'docs/decisions/0183-wrong-heading.md: the heading says 184 but the file name says 183',
      );
      expect(problems.find((p) => p.startsWith('number 87 is used twice:'))).toMatch(
        /docs\/decisions\/0087-a-second-87\.md and docs\/decisions\/0087-only-repositories/,
      );
    });

    it('refuses a file not named NNNN-slug.md', async () => {
      write('180-short-number.md', GOOD);
      expect(await decisionProblems(dir)).toEqual([
        'docs/decisions/180-short-number.md: not named NNNN-slug.md (four digits, then lower-case words joined by "-")',
      ]);
    });
  });
});
