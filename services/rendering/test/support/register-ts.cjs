// Runs the TypeScript sources directly in a child process (`node -r <this> services/x/src/main.ts`),
// the way vitest runs them in-process: SWC transpiles each file on load (CommonJS, decorator
// metadata for Nest) and the workspace packages resolve to their src/, so no build is needed.
'use strict';
const { transformSync } = require('@swc/core');
const { readFileSync, existsSync } = require('node:fs');
const Module = require('node:module');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '../../../..');
const PACKAGES = {
  '@avpass/contracts': 'libs/contracts/src/index.ts',
  '@avpass/domain': 'libs/domain/src/index.ts',
  '@avpass/platform': 'libs/platform/src/index.ts',
  '@avpass/platform/testing': 'libs/platform/src/testing/index.ts',
  '@avpass/gateway': 'gateway/src/index.ts',
};
const SERVICE = /^@avpass\/(identity|partners|vouchers|credits|inventory|rendering)-service$/;

function alias(request) {
  if (PACKAGES[request]) return join(ROOT, PACKAGES[request]);
  const service = SERVICE.exec(request);
  return service ? join(ROOT, 'services', service[1], 'src/index.ts') : undefined;
}

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const aliased = alias(request);
  if (aliased) return aliased;
  if (request.startsWith('.') && parent && parent.filename && parent.filename.endsWith('.ts')) {
    const base = resolve(parent.filename, '..', request);
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')])
      if (existsSync(candidate)) return candidate;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs', strictMode: true },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
