// The index of docs/decisions/ (issue 38): one file per decision, `NNNN-slug.md`, each opening with
//
//     # 87. Title in a sentence
//
//     - Status: accepted | superseded by [113](0113-slug.md) | amends [64](0064-slug.md)[, [70](0070-slug.md)]
//     - Area: data
//
// `node tools/decisions-index.mjs` (npm run docs:decisions) writes docs/decisions/README.md, the files
// grouped by area with their status and who amends or supersedes them; `--check` writes nothing and exits 1
// naming every problem: a README that differs from what the files give, a file without a valid heading,
// Status or Area, a status linking a file that does not exist, a number used twice, and a code comment
// naming a `docs/decisions/NNNN-slug.md` that does not exist. The unit test
// (decisions-index.spec.mjs) runs the check, so `npm test` and CI hold it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The areas a decision may name, in the index's order. */
export const AREAS = [
  'security',
  'till',
  'vouchers',
  'redemptions',
  'partners',
  'identity',
  'credits',
  'inventory',
  'rendering',
  'wallet',
  'audit',
  'statements',
  'members',
  'gateway',
  'frontend',
  'platform',
  'data',
  'operations',
  'docs',
  'testing',
];

export const DECISIONS_DIR = resolve(import.meta.dirname, '..', 'docs', 'decisions');
const INDEX = 'README.md';
const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const LINK = /\[(\d{1,4})\]\((\d{4}-[a-z0-9-]+\.md)\)/;
const LINKS = new RegExp(`^${LINK.source}(?:, ${LINK.source})*$`);

/**
 * Reads every decision file of `dir`: `{ decisions, problems }`, each problem a line naming its file.
 * A decision is `{ file, number, title, status: { kind, targets: [{ number, file }] }, area }`.
 */
export function readDecisions(dir = DECISIONS_DIR) {
  const problems = [];
  const decisions = [];
  const names = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== INDEX);
  for (const name of names.sort()) {
    const where = `docs/decisions/${name}`;
    const fileMatch = FILE_NAME.exec(name);
    if (!fileMatch) {
      problems.push(`${where}: not named NNNN-slug.md (four digits, then lower-case words joined by "-")`);
      continue;
    }
    const number = Number(fileMatch[1]);
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    const heading = /^# (\d+)\. (\S.*)$/.exec(lines[0] ?? '');
    if (!heading) {
      problems.push(`${where}: the first line must be "# ${number}. Title"`);
      continue;
    }
    if (Number(heading[1]) !== number)
      problems.push(`${where}: the heading says ${heading[1]} but the file name says ${number}`);
    const status = parseStatus(lines[2] ?? '');
    const area = /^- Area: (.*)$/.exec(lines[3] ?? '')?.[1];
    if (lines[1] !== '') problems.push(`${where}: the heading must be followed by a blank line`);
    if (!status)
      problems.push(
        `${where}: line 3 must be "- Status: accepted", "- Status: superseded by [N](NNNN-slug.md)" ` +
          `or "- Status: amends [N](NNNN-slug.md)" (more links separated by ", "); it is "${lines[2] ?? ''}"`,
      );
    if (!AREAS.includes(area))
      problems.push(
        `${where}: line 4 must be "- Area: <one of ${AREAS.join(', ')}>"; it is "${lines[3] ?? ''}"`,
      );
    if (lines[4] !== '' || !lines.slice(5).some((line) => line.trim()))
      problems.push(
        `${where}: the Status and Area lines must be followed by a blank line and the decision's text`,
      );
    for (const target of status?.targets ?? []) {
      if (!existsSync(join(dir, target.file)))
        problems.push(`${where}: its status links ${target.file}, which does not exist`);
      else if (Number(target.file.slice(0, 4)) !== target.number)
        problems.push(`${where}: its status link [${target.number}] points at ${target.file}`);
      if (target.number === number) problems.push(`${where}: its status links the decision itself`);
    }
    decisions.push({ file: name, number, title: heading[2].trim(), status, area });
  }
  const byNumber = new Map();
  for (const decision of decisions)
    byNumber.set(decision.number, [...(byNumber.get(decision.number) ?? []), decision]);
  for (const [number, same] of byNumber)
    if (same.length > 1)
      problems.push(
        `number ${number} is used twice: ${same.map((d) => `docs/decisions/${d.file}`).join(' and ')}`,
      );
  return { decisions: decisions.sort((a, b) => a.number - b.number), problems };
}

function parseStatus(line) {
  const match = /^- Status: (accepted|superseded by|amends)(?: (.*))?$/.exec(line);
  if (!match) return null;
  const [, kind, rest] = match;
  if (kind === 'accepted') return rest === undefined ? { kind, targets: [] } : null;
  if (!rest || !LINKS.test(rest)) return null;
  const targets = [...rest.matchAll(new RegExp(LINK.source, 'g'))].map(([, number, file]) => ({
    number: Number(number),
    file,
  }));
  if (kind === 'superseded by' && targets.length !== 1) return null;
  return { kind, targets };
}

/** The README's markdown for `decisions` (before Prettier). */
export function renderIndex(decisions) {
  const link = (decision) => `[${decision.number}](${decision.file})`;
  const byNumber = new Map(decisions.map((decision) => [decision.number, decision]));
  // The back links: who amends a decision, and which decisions a later one supersedes.
  const amendedBy = new Map();
  const supersedes = new Map();
  const add = (map, key, decision) => map.set(key, [...(map.get(key) ?? []), decision]);
  for (const decision of decisions)
    for (const target of decision.status.targets)
      if (decision.status.kind === 'amends') add(amendedBy, target.number, decision);
      else add(supersedes, target.number, decision);
  const statusOf = (decision) => {
    const { kind, targets } = decision.status;
    const targetLinks = targets.map((t) =>
      byNumber.has(t.number) ? link(byNumber.get(t.number)) : `${t.number}`,
    );
    let text =
      kind === 'accepted'
        ? 'accepted'
        : `${kind === 'amends' ? 'amends' : '**superseded** by'} ${targetLinks.join(', ')}`;
    const amenders = amendedBy.get(decision.number);
    if (amenders) text += `; amended by ${amenders.map(link).join(', ')}`;
    const replaced = supersedes.get(decision.number);
    if (replaced) text += `; supersedes ${replaced.map(link).join(', ')}`;
    return text;
  };
  const highest = Math.max(0, ...decisions.map((d) => d.number));
  const unused = [];
  for (let number = 1; number <= highest; number += 1) if (!byNumber.has(number)) unused.push(number);
  const count = (kind) => decisions.filter((d) => d.status.kind === kind).length;
  const out = [
    '# Decisions',
    '',
    '<!-- Generated by `npm run docs:decisions` (tools/decisions-index.mjs) from the files of this folder.',
    'Do not edit: write or change a decision file and run it again; `npm test` fails while this is stale. -->',
    '',
    'Each file records one choice that would surprise a reader: what we decided and why. A file keeps its',
    'number for good. Its Status says whether it still holds: `accepted`, `amends [N](…)` (it changes part of',
    'decision N, whose other parts still hold) or `superseded by [N](…)` (read N instead). The rules in force',
    'are on one page in [docs/rules.md](../rules.md).',
    '',
    `${decisions.length} decisions: ${count('accepted')} accepted, ${count('amends')} amending earlier ones, ` +
      `${count('superseded by')} superseded.` +
      (unused.length
        ? ` Numbers never used: ${unused.join(', ')} (no decision was recorded under them; nothing is missing).`
        : ''),
    '',
    'To add one: take the next number of your range, write it in this folder as `NNNN-slug.md` as below, then run',
    '`npm run docs:decisions`.',
    '',
    '```markdown',
    '# 180. Title in a sentence',
    '',
    '- Status: accepted',
    `- Area: ${AREAS.join(' | ')}`,
    '',
    'What we decided and why, in a few short paragraphs.',
    '```',
    '',
    '## By area',
    '',
  ];
  const areas = AREAS.filter((area) => decisions.some((d) => d.area === area));
  out.push(areas.map((area) => `[${area}](#${area})`).join(' · '), '');
  for (const area of areas) {
    out.push(`### ${area}`, '');
    for (const decision of decisions.filter((d) => d.area === area)) {
      const title = decision.title.replace(/([[\]\\])/g, '\\$1');
      out.push(`- [${decision.number}. ${title}](${decision.file}) — ${statusOf(decision)}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The README as committed: `renderIndex` through the repository's Prettier settings. */
export async function formattedIndex(decisions) {
  const prettier = await import('prettier');
  // The repository's settings, also for a folder elsewhere (the tests' copies).
  const options = (await prettier.resolveConfig(join(DECISIONS_DIR, INDEX))) ?? {};
  return prettier.format(renderIndex(decisions), { ...options, parser: 'markdown' });
}

/** Every problem of `dir`, the README's staleness included (an empty list when all is well). */
export async function decisionProblems(dir = DECISIONS_DIR) {
  const { decisions, problems } = readDecisions(dir);
  if (problems.length) return problems;
  const expected = await formattedIndex(decisions);
  const readme = join(dir, INDEX);
  const actual = existsSync(readme) ? readFileSync(readme, 'utf8') : null;
  if (actual !== expected)
    problems.push(
      `docs/decisions/${INDEX} is ${actual === null ? 'missing' : 'stale'}: run \`npm run docs:decisions\` and commit it`,
    );
  return problems;
}

const SOURCE_ROOTS = ['libs', 'services', 'gateway', 'frontend', 'tools', 'e2e', 'bench', 'deploy', '.ci'];
const SKIPPED = new Set(['node_modules', 'dist', '.nx', 'coverage', 'data', 'artifacts']);
/** Tests make up decision files of their own (fixtures), so they are not read. */
const FIXTURES = /\.(?:spec|test)\.[cm]?[jt]sx?$/;
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|ya?ml|json|sh)$|^run$|^eslint\.config\.mjs$|^vitest\.config\.ts$/;

/**
 * `{ file, line, path }` for every `docs/decisions/NNNN-slug.md` a source file or comment names that does
 * not exist (a renamed or mistyped decision file), under the repository's code folders and its root files
 * (tests aside).
 */
export function missingDecisionLinks(root = resolve(DECISIONS_DIR, '..', '..')) {
  const files = readdirSync(root).filter((name) => SOURCE_FILE.test(name));
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry.name) && !FIXTURES.test(entry.name)) files.push(path);
    }
  };
  for (const top of SOURCE_ROOTS) if (existsSync(join(root, top))) walk(top);
  const missing = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      for (const [path] of text.matchAll(/docs\/decisions\/\d{4}-[a-z0-9-]+\.md/g))
        if (!existsSync(join(root, path))) missing.push({ file, line: index + 1, path });
    });
  }
  return missing;
}

async function main(argv) {
  const check = argv.includes('--check');
  const dir = resolve(argv.find((arg) => !arg.startsWith('--')) ?? DECISIONS_DIR);
  if (check) {
    const problems = await decisionProblems(dir);
    for (const { file, line, path } of missingDecisionLinks())
      problems.push(`${file}:${line}: names ${path}, which does not exist`);
    for (const problem of problems) console.error(problem);
    if (problems.length) {
      console.error(`decisions: ${problems.length} problem(s) in ${relative(process.cwd(), dir) || '.'}`);
      process.exitCode = 1;
    } else console.log('decisions: the files and their index agree');
    return;
  }
  const { decisions, problems } = readDecisions(dir);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exitCode = 1;
    return;
  }
  writeFileSync(join(dir, INDEX), await formattedIndex(decisions));
  console.log(
    `decisions: wrote ${relative(process.cwd(), join(dir, INDEX))} (${decisions.length} decisions)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
