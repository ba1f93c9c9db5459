import { catalogProblems } from '@avpass/platform/testing';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MEMBER_CATALOG } from './member-catalog';

describe("the members service's catalog", () => {
  it('has every key in English and Spanish, and each key is used by the code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogProblems(MEMBER_CATALOG, src, (path) => path.endsWith('member-catalog.ts'))).toEqual([]);
  });
});
