#!/usr/bin/env node
// `npm test`: unit, then integration (real PostgreSQL, Redis, NATS), then end-to-end (the built
// platform in Chromium), ending with one line: `N passed, N failed[, N skipped]`.
// `npm test -- unit` (or integration, e2e) runs one project; other arguments go to vitest.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { checkInfrastructure, platformEnv, REPO_ROOT } from './platform.mjs';

const PROJECTS = ['unit', 'integration', 'e2e'];
const args = process.argv.slice(2);
const chosen = args.filter((arg) => PROJECTS.includes(arg));
const vitestArgs = args.filter((arg) => !PROJECTS.includes(arg));
const projects = chosen.length ? PROJECTS.filter((p) => chosen.includes(p)) : PROJECTS;

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  SCARF_ANALYTICS: 'false',
  // Vite warns that an ESM vitest.config.ts in a CommonJS package will need the bundling config loader.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};
/** The script behind a package's command (what npx would run), started with this Node. */
function binOf(pkg, command) {
  const manifestPath = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
}
const vitestBin = binOf('vitest', 'vitest');
const nxBin = binOf('nx', 'nx');
const reportDir = mkdtempSync(join(tmpdir(), 'avpass-test-'));

/**
 * Runs a command with its output passed through (each line after `prefix`, when given: shards running side
 * by side stay readable); resolves to its exit code and, when vitest printed one, its "Unhandled Errors"
 * section (repeated beside the summary line, where a CI log's tail shows it).
 */
function run(command, commandArgs, { prefix = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, env, stdio: ['inherit', 'pipe', 'pipe'] });
    const unhandled = [];
    const flushes = [];
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let inSection = false;
      let partial = '';
      const onLine = (line) => {
        const plain = stripVTControlCharacters(line);
        if (/Unhandled (Errors|Rejection|Error)/.test(plain)) inSection = true;
        else if (/^\s*(Test Files|JSON report)\b/.test(plain)) inSection = false;
        if (inSection && unhandled.length < 60) unhandled.push(plain);
        if (/✓.*\(retry x\d+\)/.test(plain)) retried.push(plain.trim().replace(/^✓\s*/, ''));
      };
      from.on('data', (chunk) => {
        if (!prefix) to.write(chunk);
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop();
        for (const line of lines) {
          if (prefix) to.write(`${prefix}${line}\n`);
          onLine(line);
        }
      });
      flushes.push(() => {
        if (!partial) return;
        if (prefix) to.write(`${prefix}${partial}\n`);
        onLine(partial);
        partial = '';
      });
    }
    const done = (code) => {
      for (const flush of flushes) flush();
      resolve({ code, unhandled: unhandled.join('\n').trim() });
    };
    child.on('error', () => done(1));
    child.on('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}

/**
 * How many shards the end-to-end files run as, side by side, each with its own platform and browser
 * (vitest.config.ts balances them): E2E_SHARDS, default 2. Two fill a two-core box that one stream leaves
 * about 40 % idle; an explicit file filter runs as one.
 */
const E2E_SHARDS = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? '2', 10) || 1);

const heading = (text) => console.log(`\n=== ${text} ===\n`);
const stageTimes = []; // [stage, seconds], printed beside the summary line
const timed = async (stage, work) => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    stageTimes.push([stage, Math.round((performance.now() - started) / 1000)]);
  }
};
const totals = { passed: 0, failed: 0, skipped: 0 };
const retried = []; // tests that passed only on a retry (CI retries once: vitest.config.ts)
const failedTests = []; // `project: file > test` and the start of its message
const problems = []; // failures that are not failed tests (files that did not load, builds, infrastructure)
let infrastructureChecked;

/** Seconds each end-to-end file's tests took, by file name (artifacts/e2e-durations.json). */
const e2eDurations = {};

/** Adds one vitest run's JSON report to the totals, failed tests and problems. */
function collect(project, { code, unhandled, reportFile, label }) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    problems.push(`${label}: vitest stopped without a report (exit code ${code})`);
    return;
  }
  if (project === 'e2e')
    for (const file of report.testResults ?? [])
      e2eDurations[basename(file.name)] = Math.round(
        (file.assertionResults ?? []).reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000,
      );
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // Each failed test by name, with the first lines of its message, beside the summary line where a
  // CI log's tail shows it (vitest prints them only near the top of a long run).
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed' && failedTests.length < 20)
        failedTests.push(
          `${project}: ${file.name.replace(`${REPO_ROOT}/`, '')} > ${test.fullName}\n    ${stripVTControlCharacters(
            (test.failureMessages ?? []).join('\n'),
          )
            .split('\n')
            .slice(0, 6)
            .join('\n    ')}`,
        );
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  for (const file of brokenFiles)
    problems.push(`${project}: ${file.name.replace(`${REPO_ROOT}`, '')} failed outside any test (see above)`);
  if (unhandled) problems.push(`${label}: an error outside any test's assertions:\n${unhandled}`);
  else if (code !== 0 && !(report.numFailedTests > 0) && brokenFiles.length === 0)
    problems.push(`${label}: vitest exited with code ${code}`);
}

for (const project of projects) {
  if (project !== 'unit') {
    infrastructureChecked ??= (async () => {
      const e = platformEnv(process.env);
      return checkInfrastructure({
        databaseUrl: e.TEST_DATABASE_URL || e.DATABASE_URL,
        redisUrl: e.REDIS_URL,
        natsUrl: e.NATS_URL,
      });
    })();
    const missing = await infrastructureChecked;
    if (missing.length) {
      heading(`${project} tests: not run`);
      for (const line of missing) console.error(line);
      problems.push(`${project} tests not run: infrastructure missing`);
      continue;
    }
  }

  if (project === 'e2e') {
    heading('build (for the end-to-end tests)');
    const { code } = await timed('build', () =>
      run(process.execPath, [nxBin, 'run-many', '-t', 'build', '--output-style=static']),
    );
    if (code !== 0) {
      problems.push('e2e tests not run: the build failed');
      continue;
    }
  }

  heading(`${project} tests`);
  // Shards only when the whole project runs: a file filter or --shard of one's own runs as asked.
  const shards =
    project === 'e2e' && !vitestArgs.some((arg) => !arg.startsWith('-') || arg.startsWith('--shard'))
      ? E2E_SHARDS
      : 1;
  const results = await timed(project, () =>
    Promise.all(
      Array.from({ length: shards }, async (_, i) => {
        const reportFile = join(reportDir, `${project}-${i + 1}.json`);
        const { code, unhandled } = await run(
          process.execPath,
          [
            vitestBin,
            'run',
            '--project',
            project,
            '--passWithNoTests',
            '--reporter=verbose',
            '--reporter=json',
            `--outputFile.json=${reportFile}`,
            ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []),
            ...vitestArgs,
          ],
          { prefix: shards > 1 ? `[${i + 1}/${shards}] ` : '' },
        );
        return { code, unhandled, reportFile, label: shards > 1 ? `${project} ${i + 1}/${shards}` : project };
      }),
    ),
  );
  for (const result of results) collect(project, result);
}

rmSync(reportDir, { recursive: true, force: true });
// What the shards are balanced by (vitest.config.ts): copy it over e2e/support/durations.json when the
// end-to-end files have changed much.
if (Object.keys(e2eDurations).length) {
  mkdirSync(join(REPO_ROOT, 'artifacts'), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(e2eDurations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(REPO_ROOT, 'artifacts/e2e-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
}

const ran = totals.passed + totals.failed;
if (ran === 0) problems.push('no tests ran');
if (retried.length) {
  console.log('');
  console.log(`Passed only on a retry (flaky, look into them): ${retried.length}`);
  for (const test of retried) console.log(`  ${test}`);
}
if (failedTests.length) {
  console.log('');
  console.error('Failed tests:');
  for (const test of failedTests) console.error(`  ${test}`);
}
if (problems.length) {
  console.log('');
  for (const problem of problems) console.error(problem);
}
console.log('');
console.log(`stage times: ${stageTimes.map(([stage, seconds]) => `${stage} ${seconds} s`).join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 || problems.length > 0 ? 1 : 0);
