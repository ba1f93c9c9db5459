import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { compiledCatalogs } from './frontend/vite-catalogs';
import { SERVICE_NAMES } from './libs/contracts/src/services';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The end-to-end files that need the empty platform, in the order they run (first shard, first). */
const ON_THE_EMPTY_PLATFORM = ['tables', 'inventory'];
const emptyPlatformRank = (spec: TestSpecification) =>
  ON_THE_EMPTY_PLATFORM.findIndex((name) => spec.moduleId.endsWith(`/e2e/${name}.e2e.ts`));

/** Seconds each end-to-end file took in its shard, two shards side by side on a two-core box, by file name. */
const E2E_DURATIONS: Record<string, number> = JSON.parse(
  readFileSync(path('./e2e/support/durations.json'), 'utf8'),
);

/**
 * The end-to-end files of one shard share one running platform, so what one file creates, the next one
 * sees. e2e/tables.e2e.ts checks whole-table orders and counts (A–Z over every code, "Download 6 codes"),
 * so it runs first, on the empty platform; e2e/inventory.e2e.ts, which shows the inventory screens' empty
 * states before it fills them, runs next (no earlier file makes merchandise); every other file scopes its
 * checks to the data it made.
 */
class EndToEndOrder extends BaseSequencer {
  /**
   * `npm test` runs the end-to-end files as two shards side by side, each on its own platform and browser
   * (tools/test.mjs): one stream leaves a two-core box about 40 % idle while pages load and settle. The
   * shards are balanced by each file's measured time (e2e/support/durations.json, which `npm test` rewrites
   * as artifacts/e2e-durations.json after each full run; a file not in it is estimated from its size),
   * the longest file first into the lighter shard, with tables.e2e.ts and inventory.e2e.ts (which need the
   * empty platform) both in the first.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const pinned = (spec: TestSpecification) => emptyPlatformRank(spec) !== -1;
    const measured = Object.entries(E2E_DURATIONS);
    const secondsPerByte =
      measured.reduce((sum, [, seconds]) => sum + seconds, 0) /
      measured.reduce(
        (sum, [file]) => sum + (existsSync(path(`./e2e/${file}`)) ? statSync(path(`./e2e/${file}`)).size : 0),
        0,
      );
    const weight = (spec: TestSpecification) =>
      E2E_DURATIONS[basename(spec.moduleId)] ?? statSync(spec.moduleId).size * secondsPerByte;
    const load = new Array<number>(count).fill(0);
    const mine: TestSpecification[] = [];
    const place = (spec: TestSpecification, shard: number) => {
      load[shard] += weight(spec);
      if (shard === index - 1) mine.push(spec);
    };
    for (const spec of files.filter(pinned)) place(spec, 0);
    const rest = files
      .filter((spec) => !pinned(spec))
      .sort((a, b) => weight(b) - weight(a) || a.moduleId.localeCompare(b.moduleId));
    for (const spec of rest) place(spec, load.indexOf(Math.min(...load)));
    return mine;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // E2E_FIRST=credits,audit (file names) puts those next, to reproduce an order one run took.
    const next = (process.env.E2E_FIRST ?? '').split(',').filter(Boolean);
    const rank = (spec: TestSpecification) => {
      const first = emptyPlatformRank(spec);
      if (first !== -1) return first - ON_THE_EMPTY_PLATFORM.length;
      const at = next.findIndex((name) => spec.moduleId.endsWith(`/${name}.e2e.ts`));
      return at === -1 ? next.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * In CI (a shared, noisy two-core box) a failed integration or end-to-end test runs once more before it
 * fails the run; `npm test` lists every test that passed only on its retry beside the summary line, so a
 * flake is seen and fixed rather than hidden. Locally nothing is retried (decision 230).
 */
const RETRIES_IN_CI = process.env.CI ? 1 : 0;

// SWC instead of Vite's default transform: NestJS DI and MikroORM read the types that
// `emitDecoratorMetadata` records, which esbuild/oxc do not emit. .ts and .tsx are parsed separately
// because TSX syntax changes the meaning of `<T>(x) => …` in plain .ts files.
const jsc = {
  transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  target: 'es2022',
  keepClassNames: true,
} as const;

export default defineConfig({
  plugins: [
    compiledCatalogs(),
    swc.vite({
      include: /\.[cm]?ts$/,
      jsc: { ...jsc, parser: { syntax: 'typescript', decorators: true, tsx: false } },
    }),
    swc.vite({
      include: /\.tsx$/,
      jsc: {
        ...jsc,
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { ...jsc.transform, react: { runtime: 'automatic' } },
      },
    }),
  ],
  resolve: {
    // Exact matches, in this order: `@avpass/platform/testing` before `@avpass/platform`.
    alias: [
      { find: /^@avpass\/contracts$/, replacement: path('./libs/contracts/src/index.ts') },
      { find: /^@avpass\/contracts\/([\w/-]+)$/, replacement: `${path('./libs/contracts/src')}/$1.ts` },
      { find: /^@avpass\/domain$/, replacement: path('./libs/domain/src/index.ts') },
      { find: /^@avpass\/platform\/testing$/, replacement: path('./libs/platform/src/testing/index.ts') },
      { find: /^@avpass\/platform$/, replacement: path('./libs/platform/src/index.ts') },
      // Services started in-process by integration tests (the gateway's tests run identity and partners);
      // production code never imports a service, and lint forbids it.
      {
        find: new RegExp(`^@avpass/(${SERVICE_NAMES.join('|')})-service$`),
        replacement: `${path('./services')}/$1/src/index.ts`,
      },
      // The frontend's own `@/…` imports (frontend/tsconfig.json, frontend/vite.config.ts).
      { find: /^@\//, replacement: `${path('./frontend/src')}/` },
    ],
  },
  test: {
    sequence: { sequencer: EndToEndOrder },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Unit tests are never retried (decision 230), and a CI box shared with other jobs can be several
          // times slower than a laptop: a ceiling well above any test's quiet time, so only a hang fails.
          testTimeout: 30_000,
          // Vitest's default is one worker fewer than the cores: one on a two-core box, which left the
          // other core idle.
          maxWorkers: 2,
          include: [
            'libs/**/src/**/*.spec.ts',
            'services/**/src/**/*.spec.ts',
            'gateway/src/**/*.spec.ts',
            'frontend/src/**/*.spec.{ts,tsx}',
            // The repository's own lint rules (tools/eslint).
            'tools/**/*.spec.mjs',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'libs/*/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: RETRIES_IN_CI,
          pool: 'forks',
          // Files run side by side: each creates its own database and NATS namespace. A file mostly waits
          // on PostgreSQL, NATS and its own apps, so four workers still leave a two-core box room.
          maxWorkers: 4,
          // A worker keeps its modules from one file to the next: loading NestJS, MikroORM and the
          // services again for each of 89 files was half of the suite's CPU time. Each file still starts
          // its own apps on its own database; the setup file keeps vitest's process.exit trap in place.
          isolate: false,
          setupFiles: ['libs/platform/src/testing/trap-process-exit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // A failed test's open pages, photographed and their messages printed (e2e/support/failure-shots.ts).
          setupFiles: ['e2e/support/failure-shots.ts'],
          // A test drives several screens; on a loaded two-core box one can take a minute (stop 47 saw 63 s).
          testTimeout: 120_000,
          retry: RETRIES_IN_CI,
          // `expect.poll` without its own timeout waits up to 15 s, not vitest's 1 s: a screen's lazy code
          // on a loaded CI box can take longer than a second, and a poll ends as soon as it holds.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // The global setup builds nothing, but starting seven apps and Chromium can take a while.
          hookTimeout: 180_000,
          // One running platform and one browser, shared by every file.
          fileParallelism: false,
        },
      },
    ],
  },
});
