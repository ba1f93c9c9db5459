#!/usr/bin/env node
// `npm test`: unit, integration and end-to-end suites in order, then one summary line
// ("N passed, N failed"). `npm test -- unit` (or integration, e2e) runs one suite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkInfrastructure, platformEnv, REPO_ROOT } from './platform.mjs';

const all = ['unit', 'integration', 'e2e'];
const wanted = process.argv.slice(2).filter((a) => all.includes(a));
const suites = wanted.length ? wanted : all;
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', SCARF_ANALYTICS: 'false' };

if (suites.some((s) => s !== 'unit')) {
  const e = platformEnv(process.env);
  const problems = await checkInfrastructure({ databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL, natsUrl: e.NATS_URL });
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
}
if (suites.includes('e2e')) {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRun = false;
const out = mkdtempSync(join(tmpdir(), 'avpass-test-'));
for (const suite of suites) {
  console.log(`\n=== ${suite} tests ===`);
  const report = join(out, `${suite}.json`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', suite, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) failedRun = true;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else {
    failedRun = true;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedRun || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
