import { catalogProblems } from '@avpass/platform/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WALLET_CATALOG } from './wallet-catalog';

describe("the wallet service's catalog", () => {
  it('has every key in English and Spanish, and each key is used by the code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogProblems(WALLET_CATALOG, src, (path) => path.endsWith('wallet-catalog.ts'))).toEqual([]);
  });
});
