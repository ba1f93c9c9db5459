import { catalogProblems } from '@avpass/platform/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GATEWAY_CATALOG } from './gateway-catalog';

describe("the gateway's catalog", () => {
  it('has every key in English and Spanish, and each key is used by the code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogProblems(GATEWAY_CATALOG, src, (path) => path.endsWith('gateway-catalog.ts'))).toEqual([]);
  });
});
