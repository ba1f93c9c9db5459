// bench:capacity's CPU figures: per cent of one core of each process (gateway, each service, every
// PostgreSQL process on the box, this generator), from /proc/<pid>/stat deltas.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SERVICES } from '../../tools/platform.mjs';

const TICKS = 100; // USER_HZ
function cpuTicksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}
/**
 * Every process on the box whose name starts with `command`, by pid (PostgreSQL's and NATS's servers
 * are shared: their other databases and streams count too).
 */
function ticksOfEvery(command) {
  const ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim().startsWith(command))
        ticks.set(entry, cpuTicksOf(entry));
    } catch {
      /* gone */
    }
  }
  return ticks;
}
/** CPU ticks spent between two readings (a process that ended in between is not counted). */
function ticksDelta(a, b) {
  let sum = 0;
  for (const [pid, ticks] of b) sum += Math.max(0, ticks - (a.get(pid) ?? 0));
  return sum;
}
export function cpuSnapshot(platform) {
  const apps = Object.fromEntries(
    [...SERVICES, 'gateway'].map((name) => [name, cpuTicksOf(platform.pid(name))]),
  );
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    apps,
    postgres: ticksOfEvery('postgres'),
    nats: ticksOfEvery('nats-server'),
    generator: (own.user + own.system) / 1e6,
  };
}
/** Per cent of one core, by process, between two snapshots. */
export function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (ticks) => (ticks / TICKS / seconds) * 100;
  return {
    ...Object.fromEntries(Object.keys(a.apps).map((name) => [name, pct(b.apps[name] - a.apps[name])])),
    postgres: pct(ticksDelta(a.postgres, b.postgres)),
    nats: pct(ticksDelta(a.nats, b.nats)),
    generator: ((b.generator - a.generator) / seconds) * 100,
  };
}
export const describeCpu = (cpu) =>
  Object.entries(cpu)
    .map(([name, value]) => `${name} ${value.toFixed(0)}%`)
    .join(', ');
