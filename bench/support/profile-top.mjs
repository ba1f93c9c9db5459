#!/usr/bin/env node
// The top costs of a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_PROFILE=<dir> node bench/redeem.mjs`):
//   node bench/support/profile-top.mjs <file.cpuprofile> [--last <seconds>] [--top <n>] [--callers <text>]
// prints, as % of the busy (non-idle) samples, the functions with the most self time, the most total
// time (the function or anything it called), and self time by package (node_modules/<pkg>, or the
// repository's own project), each as `name file:line`. --last keeps only the profile's last seconds
// (the load, when the profiled process was stopped right after it).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const file = args.find((a) => a.endsWith('.cpuprofile'));
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error('usage: profile-top.mjs <file.cpuprofile> [--last <seconds>] [--top <n>]');
  process.exit(2);
}
const last = option('last', Infinity);
const top = option('top', 10);
// --callers <text>: for functions whose name or place contains <text>, who called them (3 frames up).
const depth = option('depth', 3);
const callersOf = args.includes('--callers') ? args[args.indexOf('--callers') + 1] : undefined;
const profile = JSON.parse(readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const root = process.cwd();
const where = (frame) => {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return '';
  const path = url.startsWith('/') ? relative(root, url) : url;
  return `${path}:${frame.lineNumber + 1}`;
};
const keyOf = (node) => {
  const f = node.callFrame;
  return `${f.functionName || '(anonymous)'} ${where(f)}`.trim();
};
const packageOf = (node) => {
  const url = node.callFrame.url.replace(/^file:\/\//, '');
  if (!url) return node.callFrame.functionName || '(native)';
  if (url.startsWith('node:')) return 'node (built-in)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.split('node_modules').length > 1 ? url : '');
  if (m) return m[1];
  const path = relative(root, url);
  const project = /^(services\/[^/]+|libs\/[^/]+|gateway|bench|tools)\//.exec(path);
  return project ? project[1] : path;
};

// Sample times: startTime + cumulative timeDeltas (µs); keep the window's samples.
const times = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));
const from = Number.isFinite(last) ? profile.endTime - last * 1e6 : -Infinity;

const self = new Map();
const total = new Map();
const byPackage = new Map();
const callers = new Map();
let busy = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i] < from) continue;
  const leaf = nodes.get(profile.samples[i]);
  if (leaf.callFrame.functionName === '(idle)') {
    idle++;
    continue;
  }
  busy++;
  const k = keyOf(leaf);
  self.set(k, (self.get(k) ?? 0) + 1);
  const p = packageOf(leaf);
  byPackage.set(p, (byPackage.get(p) ?? 0) + 1);
  if (callersOf && k.includes(callersOf)) {
    const chain = [];
    for (let id = parent.get(leaf.id); id !== undefined && chain.length < depth; id = parent.get(id))
      chain.push(keyOf(nodes.get(id)));
    const c = chain.join(' <- ');
    callers.set(c, (callers.get(c) ?? 0) + 1);
  }
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
    const key = keyOf(nodes.get(id));
    if (key === '(root)' || seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + 1);
  }
}

const pct = (n) => `${((n / busy) * 100).toFixed(1).padStart(5)}%`;
const list = (title, map, n) => {
  console.log(title);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(v)}  ${k}`);
};
const seconds = (profile.endTime - Math.max(profile.startTime, from)) / 1e6;
console.log(
  `${file}: ${seconds.toFixed(1)} s, ${busy} busy samples (${((busy / (busy + idle)) * 100).toFixed(0)}% of the window busy)`,
);
list(`top ${top} by self time (% of busy samples)`, self, top);
list(`top ${top} by total time (the function and what it called)`, total, top + 10);
list(`self time by package`, byPackage, top);
if (callersOf) list(`callers of ${callersOf} (self time)`, callers, top);
