// Lint that means something: type-aware rules for promises and exhaustive switches are errors, and the
// module boundaries are enforced here, not just documented (docs/decisions/, conventions).
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { folderBoundaries } from './tools/eslint/folder-boundaries.mjs';
import { noLiteralText } from './tools/eslint/no-literal-text.mjs';
import { repositoriesOnly } from './tools/eslint/repositories-only.mjs';
import { tablesWrittenByOwner } from './tools/eslint/tables-written-by-owner.mjs';

const ROOT = import.meta.dirname;
const { SERVICES } = await import('./tools/platform/services.mjs'); // libs/contracts/src/services.ts
const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts', '**/test/**', 'e2e/**'];

// ---- Only repositories touch the database (avpass/repositories-only) ---------------------------
// The platform's own data plumbing, exempt by name because it *is* what repositories stand on: the
// ORM wiring and the transaction opener (database/), the transactional outbox and the consumers' inbox,
// written in the caller's transaction (events/), the commit hooks that wake the event, mail and SMS relays,
// the health probe and the outbox backlog gauge, and the modules that hand MikroORM to them. A new platform file that queries is a `*.repository.ts` (as
// idempotency-keys.repository.ts); every service file holds the rule, with no exceptions.
const PLATFORM_DATA_PLUMBING = [
  'libs/platform/src/database/**',
  'libs/platform/src/events/event-consumer.ts',
  'libs/platform/src/events/event-outbox.ts',
  'libs/platform/src/events/outbox-relay.ts',
  'libs/platform/src/events/sql-event-writer.ts',
  'libs/platform/src/health/service-health.ts',
  'libs/platform/src/mail/mail-wake-on-commit.ts',
  'libs/platform/src/sms/sms-wake-on-commit.ts',
  'libs/platform/src/service/consumers-lifecycle.ts',
  'libs/platform/src/service/relay-wake-on-commit.ts',
  'libs/platform/src/service/service-health-check.ts',
  'libs/platform/src/service/service-operator-port.ts',
  'libs/platform/src/service/service-platform.module.ts',
];

// ---- Words come from the catalogs (avpass/no-literal-text, decision 353) ---------------------
// The screens whose words are not in frontend/src/locales yet. Remove an entry once they are; never add one.
const NOT_YET_IN_THE_CATALOGS = [];

// ---- Module boundaries -------------------------------------------------------------------------
// Between projects, code imports packages (`@avpass/contracts`, `@avpass/domain`, `@avpass/platform`),
// so the boundaries below are import-name patterns; a local rule makes sure relative paths cannot
// sneak around them by climbing out of their own project.

const groups = {
  services: {
    group: ['@avpass/*-service', '@avpass/*-service/**'],
    message: 'Services talk over NATS (libs/contracts), never by import.',
  },
  gateway: {
    group: ['@avpass/gateway', '@avpass/gateway/**'],
    message: 'Nothing imports the gateway; it calls services over NATS.',
  },
  frontend: {
    group: ['@avpass/frontend', '@avpass/frontend/**'],
    message: 'The frontend is an app, not a library.',
  },
  testing: { group: ['@avpass/platform/testing'], message: 'Test helpers are for tests only.' },
  platform: {
    group: ['@avpass/platform', '@avpass/platform/**'],
    message: 'Only backend code uses the platform library.',
  },
  frameworks: {
    group: ['@nestjs/*', '@mikro-orm/*'],
    message: 'Contracts and domain rules stay framework-free.',
  },
  node: { group: ['node:*'], message: 'Runs in the browser too: no Node.js modules.' },
};
const otherServices = (self) => ({
  group: SERVICES.filter((s) => s !== self).flatMap((s) => [
    `@avpass/${s}-service`,
    `@avpass/${s}-service/**`,
  ]),
  message: 'Services talk over NATS (libs/contracts), never by import.',
});
// Bare built-in names (`fs`, `crypto`) as well as `node:fs`.
const nodeBuiltins = builtinModules
  .filter((m) => !m.startsWith('_'))
  .map((name) => ({ name, message: groups.node.message }));

// ---- Services read database errors through the platform (decision 190) ------------------------
// `isUniqueViolation`, `isRetryable` and `conflictOnUniqueViolation` (libs/platform/src/database/
// database-errors.ts) are the one way to ask what a database error means; no service file imports
// MikroORM's error classes to ask it again.
const ORM_ERROR_CLASSES = [
  'DriverException',
  'ConnectionException',
  'ServerException',
  'ConstraintViolationException',
  'UniqueConstraintViolationException',
  'ForeignKeyConstraintViolationException',
  'NotNullConstraintViolationException',
  'CheckConstraintViolationException',
  'DeadlockException',
  'LockWaitTimeoutException',
  'DatabaseObjectExistsException',
  'DatabaseObjectNotFoundException',
  'InvalidFieldNameException',
  'NonUniqueFieldNameException',
  'ReadOnlyException',
  'SyntaxErrorException',
  'TableExistsException',
  'TableNotFoundException',
  'OptimisticLockError',
  'NotFoundError',
  'TransactionStateError',
];
const ORM_ERROR_MESSAGE =
  "Services do not read ORM errors: use isUniqueViolation / isRetryable, or have the repository answer 'conflict' with conflictOnUniqueViolation (@avpass/platform, database-errors.ts).";
const ormErrorClasses = ['@mikro-orm/core', '@mikro-orm/postgresql', '@mikro-orm/knex'].map((name) => ({
  name,
  importNames: ORM_ERROR_CLASSES,
  message: ORM_ERROR_MESSAGE,
}));

/** no-restricted-imports for `files`; spec files may additionally import the test helpers. */
function boundary(files, patterns, paths = []) {
  const rule = (p) => ({ 'no-restricted-imports': ['error', { patterns: p, paths }] });
  return [
    { files, ignores: TEST_FILES, rules: rule([...patterns, groups.testing]) },
    { files: files.map((f) => f.replace(/\*\.(\{[a-z,]+\}|[a-z]+)$/, '*.spec.$1')), rules: rule(patterns) },
  ];
}

// Which directory is a file's project: services/<name>, gateway, frontend, libs/<name>.
function projectOf(file) {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] === 'services' || parts[0] === 'libs')
    return parts.length > 2 ? parts.slice(0, 2).join('/') : undefined;
  if (parts[0] === 'gateway' || parts[0] === 'frontend') return parts[0];
  return undefined;
}

const FRONTEND_SRC = resolve(ROOT, 'frontend/src');

/**
 * Where a frontend file sits: `feature:<name>` under features/, `shared` under components/, lib/,
 * config/ or theme/, else undefined (app/ composes features and may import them).
 */
function frontendAreaOf(file) {
  const parts = relative(FRONTEND_SRC, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `feature:${parts[1]}`;
  if (['components', 'lib', 'config', 'theme'].includes(parts[0]) && parts.length > 1) return 'shared';
  return undefined;
}

/** The frontend file an import names (`@/…` or relative), or undefined for packages. */
function frontendTargetOf(fromFile, source) {
  if (source.startsWith('@/')) return resolve(FRONTEND_SRC, source.slice(2));
  if (source.startsWith('.')) return resolve(dirname(fromFile), source);
  return undefined;
}

const avpass = {
  rules: {
    'repositories-only': repositoriesOnly,
    'folder-boundaries': folderBoundaries,
    'tables-written-by-owner': tablesWrittenByOwner,
    'no-literal-text': noLiteralText,
    'features-stay-apart': {
      meta: {
        type: 'problem',
        docs: {
          description:
            'A feature imports no other feature, and shared code (components/, lib/) imports no feature: what two features share lives in components/ or lib/.',
        },
        schema: [],
      },
      create(context) {
        const area = frontendAreaOf(context.filename);
        if (!area) return {};
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string') return;
          const target = frontendTargetOf(context.filename, source);
          const targetArea = target && frontendAreaOf(target);
          if (!targetArea?.startsWith('feature:') || targetArea === area) return;
          context.report({
            node,
            message:
              area === 'shared'
                ? `'${source}': shared code (components/, lib/) does not import a feature.`
                : `'${source}': features do not import each other; move what both use to components/ or lib/.`,
          });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
    'relative-imports-stay-in-project': {
      meta: {
        type: 'problem',
        docs: {
          description:
            'A relative import may not leave its project (use the package name, within the boundaries).',
        },
        schema: [],
      },
      create(context) {
        const project = projectOf(context.filename);
        if (!project) return {};
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = projectOf(resolve(dirname(context.filename), source));
          if (target !== project) {
            context.report({
              node,
              message: `'${source}' leaves ${project}${target ? ` for ${target}` : ''}: import a package (@avpass/…) instead.`,
            });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'artifacts/**',
      '**/.nx/**',
      'coverage/**',
      '**/coverage/**',
    ],
  },

  // Plain JavaScript (tools/*.mjs and other scripts): no type information, Node globals.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node, ecmaVersion: 'latest', sourceType: 'module' },
  },

  // TypeScript, type-aware: each file is checked with its own tsconfig (the root one, or
  // frontend/tsconfig.json for the React app), found by the project service.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['frontend/vite.config.ts'] },
        tsconfigRootDir: ROOT,
      },
    },
    plugins: { avpass },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Off on purpose: NestJS DI reads constructor parameter types at run time, and an injected class
      // imported with `import type` is erased, which breaks injection. Type-only imports stay optional.
      '@typescript-eslint/consistent-type-imports': 'off',
      'avpass/relative-imports-stay-in-project': 'error',
    },
  },

  // Tests may use `any` where a fixture is loosely typed.
  { files: TEST_FILES, rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  // Services: not another service, not the gateway, not the frontend, not MikroORM's error classes.
  ...SERVICES.flatMap((s) =>
    boundary(
      [`services/${s}/src/**/*.ts`],
      [otherServices(s), groups.gateway, groups.frontend],
      ormErrorClasses,
    ),
  ),
  // Gateway: no service, no frontend.
  ...boundary(['gateway/src/**/*.ts'], [groups.services, groups.frontend]),
  // Frontend: contracts and domain only, nothing Node-only.
  ...boundary(
    ['frontend/src/**/*.{ts,tsx}'],
    [groups.platform, groups.services, groups.gateway, groups.node],
    nodeBuiltins,
  ),
  // Shared pure libraries: run in the browser too.
  ...boundary(
    ['libs/contracts/src/**/*.ts', 'libs/domain/src/**/*.ts'],
    [groups.platform, groups.frameworks, groups.node, groups.services, groups.gateway, groups.frontend],
    nodeBuiltins,
  ),
  // The platform library serves the apps; it never reaches into them.
  ...boundary(['libs/platform/src/**/*.ts'], [groups.services, groups.gateway, groups.frontend]),
  // The test helpers themselves live in the platform library.
  { files: ['libs/platform/src/testing/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },

  // Only repositories touch the database (tools/eslint/repositories-only.mjs; the rule itself exempts
  // *.repository.ts, migrations and tests).
  {
    files: ['services/*/src/**/*.ts', 'libs/platform/src/**/*.ts'],
    ignores: PLATFORM_DATA_PLUMBING,
    rules: { 'avpass/repositories-only': 'error' },
  },

  // Inside a service, a folder is an aggregate: entered through its index.ts, no folder cycles, and the
  // only writer of the tables its tables.ts declares (tools/eslint/folder-boundaries.mjs,
  // tools/eslint/tables-written-by-owner.mjs). Top-level files and migrations/ are the composition root.
  // Every service holds them (issue 38).
  {
    files: ['services/*/src/**/*.ts'],
    rules: { 'avpass/folder-boundaries': 'error', 'avpass/tables-written-by-owner': 'error' },
  },

  // React: rules of hooks and the React Compiler's checks; features stay apart (bulletproof-react).
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/exhaustive-deps': 'error', 'avpass/features-stay-apart': 'error' },
  },

  // A screen's words come from the catalogs (tools/eslint/no-literal-text.mjs, decision 353), everywhere
  // but the screens not yet in them: a list that only shrinks (issue 42's follow-up).
  {
    files: ['frontend/src/**/*.tsx'],
    ignores: ['**/*.spec.tsx', ...NOT_YET_IN_THE_CATALOGS],
    rules: { 'avpass/no-literal-text': 'error' },
  },
);
