#!/usr/bin/env node
// Compiles one backend project (the current directory) from src/ to dist/ with SWC:
// CommonJS, legacy decorators with emitted metadata (NestJS DI and MikroORM need it).
// Type checking is separate (`npm run typecheck`); this only transpiles, in well under a second.
// Data files a module imports (`*.json` under src/, e.g. libs/contracts/src/common-passwords.json) are
// copied beside the compiled modules, so `require('./x.json')` finds them in dist/ and the image.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

const root = process.cwd();
const srcDir = join(root, 'src');
const outDir = join(root, 'dist');

async function* dataFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* dataFiles(path);
    else if (entry.name.endsWith('.json')) yield path;
  }
}

async function* tsFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (
      /\.ts$/.test(entry.name) &&
      !/\.(spec|test|e2e)\.ts$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      yield path;
  }
}

const options = {
  sourceMaps: true,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs', strictMode: true },
};

await rm(outDir, { recursive: true, force: true });
let count = 0;
for await (const file of tsFiles(srcDir)) {
  const out = join(outDir, relative(srcDir, file)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(file, {
    ...options,
    filename: file,
    sourceFileName: relative(dirname(out), file),
  });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
  if (map) await writeFile(`${out}.map`, map);
  count++;
}
let copied = 0;
for await (const file of dataFiles(srcDir)) {
  const out = join(outDir, relative(srcDir, file));
  await mkdir(dirname(out), { recursive: true });
  await copyFile(file, out);
  copied++;
}
console.log(
  `built ${count} files${copied ? ` and copied ${copied} data files` : ''} into ${relative(process.cwd(), outDir) || 'dist'}`,
);
