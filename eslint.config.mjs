// Lint that means something: floating promises and non-exhaustive switches are errors, and module
// boundaries are enforced (services never import each other or the gateway; shared libs stay pure).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['frontend/vite.config.ts', '**/dist/**', '**/node_modules/**', 'data/**', 'artifacts/**', '.nx/**', 'coverage/**'] },
  { files: ['**/*.mjs'], ...js.configs.recommended, languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // NestJS DI needs runtime imports of injected classes, so type-only imports are not forced.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  { files: ['**/test/**/*.ts', 'e2e/**/*.ts', '**/*.spec.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['services/**/src/**/*.ts'], rules: boundary([{ group: ['**/gateway/**', '../../*/src/**', '@avpass/*-service'], message: 'Services talk over NATS, never by import.' }]) },
  { files: ['gateway/src/**/*.ts'], rules: boundary([{ group: ['**/services/**', '@avpass/*-service'], message: 'The gateway calls services over NATS.' }]) },
  { files: ['frontend/src/**/*.{ts,tsx}'], rules: boundary([{ group: ['@avpass/platform', '@avpass/platform/*', 'node:*'], message: 'The frontend uses only contracts and domain.' }]) },
  { files: ['libs/contracts/src/**/*.ts', 'libs/domain/src/**/*.ts'], rules: boundary([{ group: ['@avpass/platform', '@nestjs/*', '@mikro-orm/*', 'node:*'], message: 'Shared libraries stay pure.' }]) },
);
