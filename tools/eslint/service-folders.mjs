// The folders of a service's src/ as the lint rules of tools/eslint see them: which folder a file is
// in, which folder an import lands in, and the import graph between them (read from disk, the file
// being linted from its own text). Shared by avpass/folder-boundaries and avpass/tables-written-by-owner.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** A file under services/<service>/src/<folder>/…: its service's src directory and its folder. */
export function folderOf(filename) {
  const path = filename.replaceAll('\\', '/');
  const match = /^(.*\/services\/[^/]+\/src)\/([^/]+)\/.+$/.exec(path);
  if (!match) return undefined;
  return { src: match[1], folder: match[2] };
}

/** The node an src-relative path is in: `<folder>/` for a folder, the file name for a top-level file. */
export function nodeOf(src, file) {
  const path = file.replaceAll('\\', '/');
  if (!path.startsWith(`${src}/`)) return undefined;
  const parts = path.slice(src.length + 1).split('/');
  return parts.length > 1 ? `${parts[0]}/` : parts[0].replace(/\.(ts|tsx|js|mjs)$/, '');
}

/** The file a relative import names (`./x` → x.ts, x/index.ts), or the bare resolved path. */
export function resolveImport(fromFile, source) {
  const base = resolve(dirname(fromFile), source);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate.split(sep).join('/');
  }
  return base.split(sep).join('/');
}

/** Relative import sources in a text: `from '…'`, `import '…'`, `import('…')`, `export … from '…'`. */
export function relativeImports(text) {
  const found = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}(?:\/[^'"]*)?)['"]/g))
    found.push(m[1]);
  return found;
}

const SKIP = /\.(spec|test)\.tsx?$/;

/** Every .ts file under `dir`, tests left out (they are not part of the graph the app runs). */
export function sourceFiles(dir) {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !SKIP.test(name)) files.push(path.split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/**
 * The node graph of a service's src/: folders (`codes/`) and top-level files (`app.module`), an arrow
 * from one to another when a file of the first imports a file of the second. `override` gives one
 * file's text instead of what is on disk (the file being linted, as the editor holds it).
 */
export function importGraph(src, override) {
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    const text = override && file === override.file ? override.text : readFileSync(file, 'utf8');
    const from = nodeOf(src, file);
    for (const source of relativeImports(text)) {
      const to = nodeOf(src, resolveImport(file, source));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

/** A path of nodes from `from` to `to` in `edges` (breadth first: the shortest), or undefined. */
export function pathBetween(edges, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) {
      const path = [];
      for (let n = to; n !== undefined; n = previous.get(n)) path.unshift(n);
      return path;
    }
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}

/** Every arrow that lies on a cycle, as `a -> b` (what CI prints for a whole tree). */
export function arrowsOnCycles(edges) {
  const found = [];
  for (const [from, targets] of edges) {
    for (const to of targets) if (pathBetween(edges, to, from)) found.push(`${from} -> ${to}`);
  }
  return found.sort();
}
