#!/usr/bin/env node
// npm run bench:first-load — the JS each first screen downloads before it can draw, read from the build
// (frontend/dist, after `npm run build`), no browser: index.html's module scripts, the app's chunk and
// the screen's own chunk, each with every chunk it imports statically (what the browser fetches before
// the code runs). Printed per screen: gzip bytes (the .gz files the gateway sends), the number of
// files, and whether zod is among them (issue 40: no runtime schema library in a first load). Chunks
// are recognised by the modules their source maps list, so the names of the chunking plan do not matter.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../frontend/dist/', import.meta.url));
const assets = join(dist, 'assets');
if (!existsSync(assets)) throw new Error('no frontend/dist/assets: run `npm run build` first');

/**
 * The frontend modules that start each screen (the app's router loads the screen's module lazily; a
 * signed-out /login loads the sign-in page alone, decision 342).
 */
const SCREENS = {
  login: ['src/app/login-shell.tsx'],
  'admin dashboard': ['src/app/app.tsx', 'src/features/admin-dashboard/routes/dashboard.tsx'],
  'company dashboard': ['src/app/app.tsx', 'src/features/company/routes/company-dashboard.tsx'],
  'voucher page': ['src/app/voucher-shell.tsx'],
  'member screens': ['src/app/member-shell.tsx'],
};

const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
const sourcesOf = new Map(
  chunks.map((name) => {
    const map = join(assets, `${name}.map`);
    return [name, existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : []];
  }),
);
const chunkOf = (module) => {
  const found = chunks.find((name) => sourcesOf.get(name).some((source) => source.endsWith(module)));
  if (!found) throw new Error(`no chunk holds ${module}`);
  return found;
};
const staticImports = (name) =>
  [
    ...readFileSync(join(assets, name), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g),
  ].map((match) => match[1]);
const withImports = (roots) => {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...staticImports(name));
  }
  return seen;
};
const gzipBytes = (name) => {
  const gz = join(assets, `${name}.gz`);
  return statSync(existsSync(gz) ? gz : join(assets, name)).size; // files under 1 KB have no .gz
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/g)].map(
  (m) => m[1],
);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** A source map's segments, each [generated column, source index, ...], line by line (VLQ decoded). */
function segmentsOf(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const values = [];
        for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
          const digit = BASE64.indexOf(segment[i]);
          value += (digit & 31) << shift;
          shift += 5;
          if (digit & 32) continue;
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
        column += values[0];
        if (values.length > 1) source += values[1];
        return [column, values.length > 1 ? source : -1];
      });
  });
}
/** The package a source belongs to (`our code`: the app and the libs). */
const packageOf = (source) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? (source ? 'our code' : 'bundler');
/** What `files` carry, by package: the minified bytes the source maps give each, gzipped per package. */
function carriedBy(files) {
  const text = new Map();
  for (const name of files) {
    const mapFile = join(assets, `${name}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const lines = readFileSync(join(assets, name), 'utf8').split('\n');
    segmentsOf(map.mappings).forEach((segments, n) => {
      segments.forEach(([column, source], i) => {
        const key = packageOf(source < 0 ? '' : map.sources[source]);
        const end = segments[i + 1]?.[0] ?? lines[n]?.length ?? column;
        text.set(key, (text.get(key) ?? '') + (lines[n] ?? '').slice(column, end));
      });
    });
  }
  return [...text]
    .map(([key, code]) => [key, gzipSync(code, { level: 9 }).length])
    .filter(([, bytes]) => bytes > 512)
    .sort((a, b) => b[1] - a[1]);
}

const later = [];
for (const [screen, modules] of Object.entries(SCREENS)) {
  const files = [...withImports([...entries, ...modules.map(chunkOf)])];
  const bytes = files.reduce((sum, name) => sum + gzipBytes(name), 0);
  const zod = files.filter((name) =>
    sourcesOf.get(name).some((source) => source.includes('node_modules/zod/')),
  );
  console.log(
    `${screen}: ${(bytes / 1024).toFixed(1)} KB gzip JS in ${files.length} files; zod ${zod.length ? `in ${zod.join(', ')}` : 'not loaded'}`,
  );
  if (process.env.FIRST_LOAD_FILES)
    console.log(`  files: ${files.map((f) => `${f} ${gzipBytes(f)}`).join(', ')}`);
  later.push(files);
  // The voucher page and the sign-in (issue 40): what their script carries, and that MUI and Emotion are
  // not among it.
  if (screen === 'voucher page' || screen === 'login')
    console.log(
      `  ${screen} carries (each gzipped alone): ${carriedBy(files)
        .map(([key, bytes]) => `${key} ${(bytes / 1024).toFixed(1)} KB`)
        .join(', ')}`,
    );
}

// The schemas a screen's first API call loads beside the answer (the sign-in form and the current user:
// contracts/session; the dashboards' figures: contracts/vouchers/stats), with what they import that the
// screen did not load.
const FIRST_CALL = {
  login: 'libs/contracts/src/session.ts',
  'admin dashboard': 'libs/contracts/src/vouchers/stats.ts',
  'company dashboard': 'libs/contracts/src/vouchers/stats.ts',
};
for (const [index, screen] of Object.keys(SCREENS).entries()) {
  if (!FIRST_CALL[screen]) continue;
  const extra = [...withImports([chunkOf(FIRST_CALL[screen])])].filter(
    (name) => !later[index].includes(name),
  );
  const bytes = extra.reduce((sum, name) => sum + gzipBytes(name), 0);
  console.log(
    `  ${screen}, with its first API call: ${(bytes / 1024).toFixed(1)} KB gzip in ${extra.length} files`,
  );
}
