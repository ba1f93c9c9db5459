import { migrateFromFormerNames } from '@avpass/platform/testing';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/migrations';

describe('numbered migrations (decision 201)', () => {
  it('a database migrated under the former names runs nothing again and records the numbered names', async () => {
    const { before, after } = await migrateFromFormerNames('wallet', migrations);
    expect(before).toEqual(migrations.flatMap((migration) => migration.formerName ?? []));
    expect(after).toEqual(migrations.map((migration) => migration.name));
  });
});
