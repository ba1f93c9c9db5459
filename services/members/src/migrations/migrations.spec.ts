import { migrationListProblems } from '@avpass/platform';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations } from '.';

describe('migrations', () => {
  it('run in the order of their numbered names, one file each (decision 201)', () => {
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrationListProblems(migrations, readdirSync(__dirname))).toEqual([]);
  });
});
