import { catalogProblems } from '@avpass/platform/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_CATALOG } from './card-catalog';

describe("the printed card's catalog", () => {
  it('has every key in English and Spanish, and each key is used by the code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogProblems(CARD_CATALOG, src, (path) => path.endsWith('card-catalog.ts'))).toEqual([]);
  });
});
