#!/usr/bin/env node
// npm run bench:till — one shop's burst against another shop's till (issue 37, item 13).
//
// Starts the built platform twice on one database: with the till's limits as configured (defaults), and
// with them raised out of reach (as before issue 37). Each time a quiet shop's staff member checks its
// own code every 100 ms (one at a time), first alone, then while a busy shop's staff members send bursts of
// TILL_BURST (default 100) checks at once, one burst after another. Prints the quiet shop's check
// median and p95 in each phase and how the busy shop's calls were answered. Fails only on a wrong
// answer, never on slowness.
import { performance } from 'node:perf_hooks';
import { startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';

const BURST = Number(process.env.TILL_BURST ?? 100);
const SECONDS = Number(process.env.TILL_SECONDS ?? 8);
const STAFF = 4;
const PACE_MS = 100;
const UNLIMITED = {
  TILL_RATE_PER_STAFF: '1000000',
  TILL_RATE_PER_PARTNER: '1000000',
  TILL_IN_FLIGHT_PER_STAFF: '10000',
  TILL_IN_FLIGHT_PER_PARTNER: '10000',
};

const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const ms = (v) => `${v.toFixed(0)} ms`;

async function check(base, token, code) {
  const started = performance.now();
  const res = await fetch(`${base}/api/till/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** A shop with its own code and STAFF signed-in staff members (the first one made with the shop). */
async function shop(base, admin, name, staffCount) {
  const vendor = await api(base, '/api/vendors', {
    token: admin,
    json: { name, email: `${name.replace(/\W/g, '')}@bench.example` },
  });
  const code = await api(base, '/api/generate-qr', {
    token: admin,
    json: {
      partnerId: vendor.id,
      service: 'Tune-up',
      discountValue: 10,
      expirationDate: '2099-12-31',
      usageLimit: 1000,
    },
  });
  const tokens = [];
  for (let i = 0; i < staffCount; i++) {
    const staff = {
      username: `${name.replace(/\W/g, '').toLowerCase()}-${i}`,
      password: 'bench-staff-password',
    };
    await api(base, `/api/partners/${vendor.id}/users`, {
      token: admin,
      json: { ...staff, email: `${staff.username}@bench.example` },
    });
    tokens.push((await api(base, '/api/auth/company-login', { json: staff })).token);
  }
  return { code: code.id, tokens };
}

/** The quiet shop's serial checks for SECONDS, optionally while the busy shop bursts. */
async function measure(base, quiet, busy) {
  const quietMs = [];
  const busyStatuses = new Map();
  let running = true;
  const bursts = (async () => {
    if (!busy) return;
    while (running) {
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => check(base, busy.tokens[i % busy.tokens.length], busy.code)),
      );
      for (const a of answers) busyStatuses.set(a.status, (busyStatuses.get(a.status) ?? 0) + 1);
    }
  })();
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    // A till at a brisk pace: a check every PACE_MS (a real till makes a few a minute).
    const next = performance.now() + PACE_MS;
    const a = await check(base, quiet.tokens[0], quiet.code);
    if (a.status !== 200) throw new Error(`the quiet shop's check answered ${a.status}`);
    quietMs.push(a.ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  running = false;
  await bursts;
  return { quietMs, busyStatuses };
}

const db = await createBenchDatabase();
const admin = { username: 'admin', password: 'bench-till-admin' };
const rows = [];
try {
  for (const [label, extra] of [
    ['limits as configured', {}],
    ['limits out of reach', UNLIMITED],
  ]) {
    const port = randomPort();
    const platform = await startPlatform({
      env: benchPlatformEnv({ dbUrl: db.url, port, admin, roleSecret: 'bench-till-role-secret', ...extra }),
      onLine: (t) => /"level":(50|60)/.test(t) && process.stderr.write(`${t}\n`),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = (await api(base, '/api/auth/login', { json: admin })).token;
      const tag = rows.length;
      const quiet = await shop(base, token, `Quiet Shop ${tag}`, 1);
      const busy = await shop(base, token, `Busy Shop ${tag}`, STAFF);
      await measure(base, quiet, null); // warm-up
      const alone = await measure(base, quiet, null);
      const crowded = await measure(base, quiet, busy);
      rows.push({ label, alone: alone.quietMs, crowded: crowded.quietMs, busy: crowded.busyStatuses });
    } finally {
      await platform.stop();
    }
  }
} finally {
  await db.drop();
}

console.log(
  `bench:till — a quiet shop's serial till checks, alone and while a busy shop (${STAFF} staff members) sends bursts of ${BURST} checks; ${SECONDS} s each`,
);
for (const r of rows) {
  const busy = [...r.busy].map(([status, n]) => `${n}× ${status}`).join(', ');
  console.log(
    `${r.label.padEnd(22)} quiet alone: median ${ms(median(r.alone))}, p95 ${ms(p95(r.alone))} | ` +
      `during bursts: median ${ms(median(r.crowded))}, p95 ${ms(p95(r.crowded))} (${r.crowded.length} checks) | busy shop: ${busy}`,
  );
}
