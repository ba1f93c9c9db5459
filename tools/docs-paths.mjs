// Every path a document names must exist (issue 23): README.md and docs/**/*.md name files and folders of
// the repository in backticks (`services/vouchers/src/stats/tallies.repository.ts`) and in links
// ([decisions](docs/decisions/README.md)). A file moved or deleted leaves its documents pointing at nothing;
// this finds those. Placeholders and globs (`<name>`, `{id}`, `*`, `**`) match any name, so
// `services/<name>/src/<aggregate>/<aggregate>.handlers.ts` must match at least one real file. The
// frontend's own paths (`features/…`, `components/…`, `lib/…`) are read under frontend/src. Files a
// document tells the reader to create (a worked example) are declared in the document itself:
// `<!-- docs-paths: example services/trainers/ -->` exempts paths under those prefixes, there only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The repository's top-level folders a document's path starts with. */
export const DOC_PATH_ROOTS = [
  '.ci',
  'bench',
  'deploy',
  'docs',
  'e2e',
  'frontend',
  'gateway',
  'libs',
  'services',
  'tools',
];

/** Folders of frontend/src a document names without the prefix (`features/vouchers/api/urls.ts`). */
export const FRONTEND_ROOTS = ['features', 'components', 'lib', 'config', 'hooks', 'routes', 'app'];

/** A module named as it is imported, without its extension. */
const MODULE_SUFFIXES = ['.ts', '.tsx', '.mjs', '.js', '/index.ts'];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.nx', 'coverage', 'data', 'artifacts', '.git']);
const PLACEHOLDER = /<[^>/]*>|\{[^}/]*\}|\*|…|\.\.\./;

/** The documents checked: README.md and every .md under docs/ (docs/decisions/ included). */
export function documentsOf(root) {
  const docs = readdirSync(join(root, 'docs'), { recursive: true })
    .map((name) => String(name).replace(/\\/g, '/'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

/**
 * The repository paths a markdown text names: backticked spans that start with a top-level folder
 * (optionally `./`), and relative link targets (resolved from the document's folder `from`).
 */
export function pathsIn(markdown, from = '.') {
  const found = new Set();
  // Fenced code blocks hold commands and examples, not references.
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const path = cleanPath(span);
    if (!path) continue;
    if (isRooted(path)) found.add(path);
    else if (FRONTEND_ROOTS.some((top) => path.startsWith(`${top}/`))) found.add(`frontend/src/${path}`);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#|\/)/i.test(target)) continue;
    const path = normalize(join(from, target.split('#')[0])).replace(/\\/g, '/');
    if (path && path !== '.') found.add(path);
  }
  return [...found];
}

function cleanPath(span) {
  let path = span.trim().replace(/^\.\//, '');
  if (/\s/.test(path)) return null; // a command or a sentence, not a path
  path = path.replace(/[#?].*$/, '').replace(/:\d+(-\d+)?$/, ''); // an anchor, a line number
  path = path.replace(/[.,;:)]+$/, '');
  return path || null;
}

function isRooted(path) {
  return DOC_PATH_ROOTS.some((top) => path === top || path.startsWith(`${top}/`));
}

/** Every file and folder under the roots (relative, `/`-separated), for placeholders and globs. */
function listTree(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(`${path}/`);
        walk(path);
      } else out.push(path);
    }
  };
  for (const top of DOC_PATH_ROOTS) if (existsSync(join(root, top))) walk(top);
  return out;
}

function patternOf(path) {
  const source = path
    .split(/(<[^>/]*>|\{[^}/]*\}|\*\*|\*|…|\.\.\.)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.+?^$()[\]\\|]/g, '\\$&');
      return part === '**' ? '.*' : '[^/]*';
    })
    .join('');
  return new RegExp(`^${source}${path.endsWith('/') ? '' : '/?'}$`);
}

/** The prefixes a document declares as its worked example's new files (`<!-- docs-paths: example … -->`). */
export function examplesIn(markdown) {
  const prefixes = [];
  for (const [, list] of markdown.matchAll(/<!--\s*docs-paths:\s*example\s+([^>]*?)\s*-->/g))
    prefixes.push(...list.split(/\s+/).filter(Boolean));
  return prefixes;
}

/** `{ document, path }` for every path a document names that does not exist. */
export function missingDocPaths(root, documents = documentsOf(root)) {
  let tree = null;
  const missing = [];
  for (const document of documents) {
    const markdown = readFileSync(join(root, document), 'utf8');
    const examples = examplesIn(markdown);
    for (const path of pathsIn(markdown, relative(root, dirname(join(root, document))) || '.')) {
      if (examples.some((prefix) => path === prefix || path.startsWith(prefix))) continue;
      if (PLACEHOLDER.test(path)) {
        tree ??= listTree(root);
        const pattern = patternOf(path);
        if (tree.some((entry) => pattern.test(entry))) continue;
      } else if (existsSync(join(root, path))) {
        if (!path.endsWith('/') || statSync(join(root, path)).isDirectory()) continue;
      } else if (MODULE_SUFFIXES.some((suffix) => existsSync(join(root, path + suffix)))) {
        continue; // a module named as it is imported: `app/voucher-shell`
      }
      missing.push({ document, path });
    }
  }
  return missing;
}

// Facts derived from the one list of services (libs/contracts/src/services.ts) that a document can get
// wrong (issue 38): how many services there are, a list of them that leaves one out, and the operator
// ports `npm start` hands out (METRICS_PORT_BASE 9464 + i for app i, the gateway last). The decision
// files are records of their day ("six services" was true once), so only README.md and docs/*.md are read.

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NUMBER_WORDS_MORE = ['eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen'];
const COUNT_WORDS = [...NUMBER_WORDS, ...NUMBER_WORDS_MORE];
const OPERATOR_PORT_BASE = 9464;

/** The documents whose service facts must be today's: README.md and docs/*.md (not docs/decisions/). */
export function currentDocumentsOf(root) {
  return documentsOf(root).filter((document) => document.split('/').length <= 2);
}

/**
 * `{ document, line, problem }` for every service fact a document states wrongly, given the service
 * names in start order: "N services" with N other than their number, a list naming all but one or two
 * of them (separated by commas, "and", "&" or "/"), and a range of operator ports 9464–X other than
 * one port per service, the gateway's and one per worker that runs apart under `npm start`.
 */
export function wrongServiceFacts(
  root,
  services,
  { documents = currentDocumentsOf(root), workersApart = 0 } = {},
) {
  const problems = [];
  const name = `(?:${services.join('|')})`;
  const separator = String.raw`(?:\s*(?:,|&|/)\s*(?:and\s+)?|\s+and\s+)`;
  const list = new RegExp(String.raw`\b${name}\b(?:${separator}\b(?:${name}|gateway)\b)+`, 'gi');
  const count = new RegExp(String.raw`\b(${COUNT_WORDS.join('|')}|\d+) ((?:[a-z]+ )?)services\b`, 'gi');
  for (const document of documents) {
    // A list may wrap: read the text with its line breaks as spaces, and name the line a match starts on.
    const text = readFileSync(join(root, document), 'utf8');
    const flat = text.replace(/\n/g, ' ');
    const lineAt = (offset) => text.slice(0, offset).split('\n').length;
    const report = (offset, problem) => problems.push({ document, line: lineAt(offset), problem });
    for (const match of flat.matchAll(count)) {
      const [phrase, number] = match;
      const n = /^\d+$/.test(number) ? Number(number) : COUNT_WORDS.indexOf(number.toLowerCase());
      if (n !== services.length)
        report(
          match.index,
          `"${phrase}": there are ${services.length} services (libs/contracts/src/services.ts)`,
        );
    }
    for (const match of flat.matchAll(list)) {
      const named = new Set(
        match[0].match(new RegExp(String.raw`\b${name}\b`, 'gi')).map((n) => n.toLowerCase()),
      );
      const missing = services.filter((service) => !named.has(service));
      if (missing.length > 0 && named.size >= services.length - 2)
        report(
          match.index,
          `the list "${match[0]}" leaves out ${missing.join(', ')} (libs/contracts/src/services.ts)`,
        );
    }
    const ports = new RegExp(String.raw`\b${OPERATOR_PORT_BASE}[–-](\d{4})\b`, 'g');
    for (const match of flat.matchAll(ports)) {
      const expected = OPERATOR_PORT_BASE + services.length + workersApart;
      const apart = workersApart ? ` (and ${workersApart} worker(s) apart)` : '';
      if (Number(match[1]) !== expected)
        report(
          match.index,
          `"${match[0]}": ${services.length} services and the gateway${apart} use ${OPERATOR_PORT_BASE}–${expected}`,
        );
    }
  }
  return problems;
}
