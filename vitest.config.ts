import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const r = (p: string) => resolve(__dirname, p);

// Tests run the TypeScript sources; SWC emits the decorator metadata NestJS and MikroORM need.
const shared = {
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: false },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
      },
    }),
  ],
  resolve: {
    alias: [
      { find: /^@avpass\/contracts$/, replacement: r('libs/contracts/src/index.ts') },
      { find: /^@avpass\/domain$/, replacement: r('libs/domain/src/index.ts') },
      { find: /^@avpass\/platform\/testing$/, replacement: r('libs/platform/src/testing/index.ts') },
      { find: /^@avpass\/platform$/, replacement: r('libs/platform/src/index.ts') },
      // In-process services for integration tests only (production code never imports a service).
      { find: /^@avpass\/identity-service$/, replacement: r('services/identity/src/index.ts') },
      { find: /^@avpass\/partners-service$/, replacement: r('services/partners/src/index.ts') },
    ],
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['libs/**/src/**/*.spec.ts', 'services/**/src/**/*.spec.ts', 'gateway/src/**/*.spec.ts', 'frontend/src/**/*.spec.{ts,tsx}'],
        },
      },
      {
        ...shared,
        test: {
          name: 'integration',
          include: ['services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'libs/*/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        ...shared,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
