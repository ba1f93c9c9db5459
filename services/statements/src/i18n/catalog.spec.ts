import { catalogProblems } from '@avpass/platform/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATEMENT_CATALOG } from './statement-catalog';

describe("the statements service's catalog", () => {
  it('has every key in English and Spanish, and each key is used by the code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogProblems(STATEMENT_CATALOG, src, (path) => path.endsWith('statement-catalog.ts'))).toEqual(
      [],
    );
  });
});
