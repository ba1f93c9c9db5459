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
