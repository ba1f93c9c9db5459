// npm run bench:idle — what the platform costs at rest: CPU ms a second of each process (gateway, each
// service, the PostgreSQL and NATS servers) while nothing is asked of it, over IDLE_ROUNDS (default 3)
// windows of IDLE_WINDOW_S (default 20 s) after IDLE_SETTLE_S (default 15 s). BENCH_ROOT=<another
// checkout> measures the platform built there, for a before and after on one box.
//
// Why it matters: on a two-core box every process's timers run beside the work (a redeem paid 0.2 ms
// for the services it does not touch, bench:redeem), and CI starts two platforms side by side.
import { performance } from 'node:perf_hooks';
import { createBenchDatabase, median, startBenchPlatform } from './support/bench-kit.mjs';
import { cpuBetween, cpuSnapshot } from './support/capacity-cpu.mjs';

const ROUNDS = Number(process.env.IDLE_ROUNDS ?? 3);
const WINDOW_S = Number(process.env.IDLE_WINDOW_S ?? 20);
const SETTLE_S = Number(process.env.IDLE_SETTLE_S ?? 15);
const pause = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));

const db = await createBenchDatabase();
let bench;
try {
  const started = performance.now();
  bench = await startBenchPlatform(db.url);
  console.log(
    `bench:idle — platform up in ${((performance.now() - started) / 1000).toFixed(0)} s` +
      `${process.env.BENCH_ROOT ? ` (built in ${process.env.BENCH_ROOT})` : ''}; ` +
      `${ROUNDS} windows of ${WINDOW_S} s after ${SETTLE_S} s at rest`,
  );
  await pause(SETTLE_S);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const before = cpuSnapshot(bench.platform);
    await pause(WINDOW_S);
    const cpu = cpuBetween(before, cpuSnapshot(bench.platform));
    delete cpu.generator;
    rounds.push(cpu);
    const total = Object.values(cpu).reduce((sum, pct) => sum + pct, 0);
    console.log(`window ${i + 1}: ${(total * 10).toFixed(1)} ms/s in all`);
  }
  // Per cent of one core is 10 ms of CPU a second.
  const byProcess = Object.keys(rounds[0]).map((name) => [name, median(rounds.map((r) => r[name])) * 10]);
  byProcess.sort((a, b) => b[1] - a[1]);
  const total = byProcess.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `\nmedians, CPU ms a second at rest: ${total.toFixed(1)} in all (${(total / 20).toFixed(1)} % of two cores)`,
  );
  for (const [name, ms] of byProcess) console.log(`  ${name.padEnd(12)} ${ms.toFixed(1)}`);
} finally {
  await bench?.platform.stop();
  await db.drop();
}
