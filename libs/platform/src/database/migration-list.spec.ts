import { Migration } from '@mikro-orm/migrations';
import { describe, expect, it } from 'vitest';
import { migrationListProblems } from './migration-list';

class Migration0001Initial extends Migration {
  override async up(): Promise<void> {}
}
class Migration0002RedeemKeys extends Migration {
  override async up(): Promise<void> {}
}
class Migration20261216Statements extends Migration {
  override async up(): Promise<void> {}
}

const initial = {
  name: 'Migration0001Initial',
  class: Migration0001Initial,
  formerName: 'Migration20261214Initial',
};
const keys = {
  name: 'Migration0002RedeemKeys',
  class: Migration0002RedeemKeys,
  formerName: 'Migration20261206RedeemKeys',
};

describe('a service migration list', () => {
  it('passes when the files are numbered without gaps and the list names them in order', () => {
    expect(
      migrationListProblems(
        [initial, keys],
        ['index.ts', '0002-redeem-keys.ts', '0001-initial.ts', 'x.spec.ts'],
      ),
    ).toEqual([]);
  });

  it('finds a list out of order, a date-named file, a gap and a misnamed class', () => {
    expect(migrationListProblems([keys, initial], ['0001-initial.ts', '0002-redeem-keys.ts'])).toEqual([
      'the list is not sorted by name: Migration0002RedeemKeys, Migration0001Initial',
      'the list names Migration0002RedeemKeys, Migration0001Initial; the files are Migration0001Initial, Migration0002RedeemKeys',
    ]);
    expect(
      migrationListProblems(
        [initial, keys, { name: 'Migration20261216Statements', class: Migration20261216Statements }],
        ['0001-initial.ts', '0002-redeem-keys.ts', 'migration-20261216-statements.ts'],
      ),
    ).toContain('migration-20261216-statements.ts is not named NNNN-what-it-does.ts');
    expect(migrationListProblems([initial], ['0001-initial.ts', '0003-redeem-keys.ts'])).toContain(
      '0003-redeem-keys.ts should be number 2',
    );
    expect(
      migrationListProblems(
        [{ name: 'Migration0001Initial', class: Migration0002RedeemKeys }],
        ['0001-initial.ts'],
      ),
    ).toEqual(['Migration0001Initial runs class Migration0002RedeemKeys']);
  });

  it('refuses a former name given twice', () => {
    expect(
      migrationListProblems(
        [initial, { ...keys, formerName: initial.formerName }],
        ['0001-initial.ts', '0002-redeem-keys.ts'],
      ),
    ).toEqual([
      'former name Migration20261214Initial is used twice',
      'former name Migration20261214Initial is used twice',
    ]);
  });
});
