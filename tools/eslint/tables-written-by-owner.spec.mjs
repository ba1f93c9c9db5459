// avpass/tables-written-by-owner, by example: in a planted service, a repository that writes another
// folder's table (by SQL or by MikroORM) fails, as does a write to a table no folder declares; the
// owner's own writes, reads of any table, an owner's exported SQL piece and migrations pass. The last
// block runs the rule over the real services it applies to: no write outside its owner.
import { ESLint, RuleTester } from 'eslint';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { folderBoundaries } from './folder-boundaries.mjs';
import { tableOwners, tablesWrittenByOwner, writtenTables } from './tables-written-by-owner.mjs';

RuleTester.describe = describe;
RuleTester.it = (text, method) => it(text, method, 60_000);
RuleTester.itOnly = (text) => {
  throw new Error(`Remove \`only: true\` from the rule test case ${JSON.stringify(text)}`);
};

const ROOT = resolve(import.meta.dirname, '../..');

const src = join(mkdtempSync(join(tmpdir(), 'tables-')), 'services/demo/src');
for (const [path, text] of Object.entries({
  'codes/tables.ts': "export const OWNED_TABLES = ['qr_codes'] as const;\n",
  'codes/qr-code.entity.ts':
    "@Entity({ tableName: 'qr_codes' })\n@Index({ properties: ['createdAt'] })\nexport class QrCode {}\n",
  'redemptions/tables.ts': "export const OWNED_TABLES = ['redemptions', 'pending_tallies'] as const;\n",
})) {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
}
const redemptions = join(src, 'redemptions/redemptions.repository.ts');

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('tables-written-by-owner', tablesWrittenByOwner, {
  valid: [
    // The owner writes its own tables; anyone reads any table.
    {
      filename: redemptions,
      code: `
        const a = 'insert into redemptions (id, qr_code_id) values (?, ?)';
        const b = \`update redemptions r set status = 'cancelled' where r.id = ?\`;
        const c = 'select q.usage_count from qr_codes q join redemptions r on r.qr_code_id = q.id';
        const d = 'insert into pending_tallies (day) values (?) on conflict (day) do update set n = 1';`,
    },
    // The owner's exported piece of SQL, composed into this folder's statement.
    {
      filename: redemptions,
      code: 'const sql = `with updated as (${useOneSql(`and is_active`)}) insert into redemptions select * from updated`;',
    },
    {
      filename: join(src, 'codes/codes.repository.ts'),
      code: 'await tx.nativeUpdate(QrCode, { id }, { isActive: false });',
    },
    // Migrations are the composition root.
    {
      filename: join(src, 'migrations/migration-1.ts'),
      code: "this.addSql('update qr_codes set usage_count = 0');",
    },
    // Sentences are not statements.
    {
      filename: redemptions,
      code: "throw new Error('Please update the code set before you delete from the list');",
    },
  ],
  invalid: [
    // The planted cross-folder write: redemptions/ updates codes' qr_codes itself.
    {
      filename: redemptions,
      code: "await tx.execute('update qr_codes set usage_count = usage_count + 1 where id = ?', [id]);",
      errors: [{ messageId: 'foreign', data: { table: 'qr_codes', owner: 'codes', folder: 'redemptions' } }],
    },
    {
      filename: redemptions,
      code: `
        const a = \`delete from vouchers.qr_codes where id = \${'?'}\`;
        const b = 'INSERT INTO qr_codes (id) VALUES (?)';
        const c = 'truncate redemptions, qr_codes';`,
      errors: [
        { messageId: 'foreign', line: 2 },
        { messageId: 'foreign', line: 3 },
        { messageId: 'foreign', line: 4, data: { table: 'qr_codes', owner: 'codes', folder: 'redemptions' } },
      ],
    },
    // MikroORM writes of another folder's entity.
    {
      filename: redemptions,
      code: `
        await tx.insertMany(QrCode, codes);
        await tx.nativeDelete(QrCode, { id });
        tx.persist(new QrCode());`,
      errors: [{ messageId: 'foreign' }, { messageId: 'foreign' }, { messageId: 'foreign' }],
    },
    // A table no folder owns, and a table name the rule cannot read.
    {
      filename: redemptions,
      code: "const a = 'insert into nowhere (id) values (?)';",
      errors: [{ messageId: 'undeclared', data: { table: 'nowhere', folder: 'redemptions' } }],
    },
    {
      filename: redemptions,
      code: 'for (const t of tables) await tx.execute(`delete from ${t} where scope_id = ?`, [id]);',
      errors: [{ messageId: 'dynamic' }],
    },
  ],
});

describe('writtenTables', () => {
  it('reads the tables a statement writes, not the ones it reads', ({ expect }) => {
    expect(
      writtenTables(
        'with u as (update qr_codes q set n = 1 returning *) insert into redemptions select * from u',
      ),
    ).toEqual(['redemptions', 'qr_codes']);
    expect(
      writtenTables('insert into code_tallies as c (s) values (1) on conflict (s) do update set n = c.n + 1'),
    ).toEqual(['code_tallies']);
    expect(writtenTables('select * from qr_codes where id in (select qr_code_id from redemptions)')).toEqual(
      [],
    );
  });
});

describe('the real services', () => {
  it('every folder of vouchers that writes a table owns it', ({ expect }) => {
    const owners = tableOwners(resolve(ROOT, 'services/vouchers/src'));
    expect(owners.get('redemptions')).toBe('redemptions');
    expect(owners.get('qr_codes')).toBe('codes');
    expect(owners.get('qr_code_partners')).toBe('assignment');
  });

  it('vouchers, partners and audit pass both folder rules: no write outside its owner, no internal import, no cycle', async ({
    expect,
  }) => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: {
            avpass: {
              rules: {
                'tables-written-by-owner': tablesWrittenByOwner,
                'folder-boundaries': folderBoundaries,
              },
            },
          },
          rules: { 'avpass/tables-written-by-owner': 'error', 'avpass/folder-boundaries': 'error' },
        },
      ],
    });
    const results = await eslint.lintFiles(['services/{vouchers,partners,audit}/src/**/*.ts']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(problems).toEqual([]);
  }, 60_000);
});
