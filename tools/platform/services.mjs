// The list of services for the .mjs tools (npm start, lint, the deploy generator): read from its one
// source, libs/contracts/src/services.ts (a data module without imports), stripped of its types by SWC.
import { transformSync } from '@swc/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SERVICES_SOURCE = fileURLToPath(
  new URL('../../libs/contracts/src/services.ts', import.meta.url),
);

const { code } = transformSync(readFileSync(SERVICES_SOURCE, 'utf8'), {
  filename: SERVICES_SOURCE,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'es6' },
});
const source = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

/** Every service with its facts (name, about, redis, dataDir, workers, nodeArgs, size…), in start order. */
export const SERVICE_DEFINITIONS = source.SERVICES;
/** The services' names, in start order. */
export const SERVICES = source.SERVICE_NAMES;
