// The repository's lint configuration refuses MikroORM's error classes in service code (decision 190):
// a planted import, linted with eslint.config.mjs itself, fails with the message that points to the
// platform helpers, while the same import in the platform's database module stays allowed.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PLANTED = `import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { DriverException } from '@mikro-orm/core';
export const planted = (error: unknown) =>
  error instanceof UniqueConstraintViolationException || error instanceof DriverException;
`;

// Only the import rules: the planted text is not a file the TypeScript project knows.
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});
const lint = async (path) =>
  (await eslint.lintText(PLANTED, { filePath: resolve(ROOT, path) }))[0].messages.map((m) => m.message);

describe('ORM error classes in services', () => {
  it('a service file or a repository that imports one fails lint, naming the platform helpers', async () => {
    for (const path of [
      'services/credits/src/credits/planted.service.ts',
      'services/partners/src/companies/planted.repository.ts',
    ]) {
      const messages = await lint(path);
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatch(
        /^'UniqueConstraintViolationException' import from '@mikro-orm\/postgresql' is restricted\. .*isUniqueViolation/,
      );
      expect(messages[1]).toMatch(/^'DriverException' import from '@mikro-orm\/core' is restricted\./);
    }
  }, 60_000);

  it('the platform database module, which answers for them, may import them', async () => {
    expect(await lint('libs/platform/src/database/planted.ts')).toEqual([]);
  }, 60_000);
});
