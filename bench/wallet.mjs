#!/usr/bin/env node
// npm run bench:wallet — wallet passes (issue 29) through the real gateway, wallet and vouchers services.
//
// Starts the built platform with Apple Wallet configured (a throwaway certificate chain made with the
// openssl CLI) and APNs pointed at a local HTTP/2 server standing in for Apple, then measures:
// - a voucher's .pkpass (built, signed, served): the median of WALLET_RUNS (default 40) one at a time,
//   and passes a second with WALLET_CONCURRENCY (default 8) at once;
// - a redeem to its pass's APNs push: WALLET_PUSHES codes (default 30) with one registered device
//   each, redeemed one after another; the median and the slowest time from the redeem's request to the
//   push arriving.
// Fails only on a wrong answer (no push, a pass that is not a ZIP), never on slowness.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';

const RUNS = Number(process.env.WALLET_RUNS ?? 40);
const CONCURRENCY = Number(process.env.WALLET_CONCURRENCY ?? 8);
const PUSHES = Number(process.env.WALLET_PUSHES ?? 30);
const PASS_TYPE = 'pass.bench.avpass';
const TEAM = 'BENCHTEAM1';

/** Root → WWDR-like intermediate → pass signer, as Apple's chain is shaped. */
function certificateChain() {
  const dir = mkdtempSync(join(tmpdir(), 'avpass-bench-wallet-'));
  const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ext = (name, text) => writeFileSync(join(dir, name), text);
  ext('ca.ext', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  ext('leaf.ext', 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Bench Root',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.csr',
    '-subj',
    '/CN=Bench WWDR',
  );
  ssl(
    'x509',
    '-req',
    '-in',
    'wwdr.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'wwdr.pem',
    '-days',
    '2',
    '-extfile',
    'ca.ext',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    `/UID=${PASS_TYPE}/CN=Pass Type ID: ${PASS_TYPE}/OU=${TEAM}`,
  );
  ssl(
    'x509',
    '-req',
    '-in',
    'pass.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'pass.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.ext',
  );
  // An APNs auth key (.p8, P-256): token authentication, as most deployments push.
  ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'apns.p8');
  return {
    cert: join(dir, 'pass.pem'),
    key: join(dir, 'pass.key'),
    wwdr: join(dir, 'wwdr.pem'),
    apnsKey: join(dir, 'apns.p8'),
  };
}

/** APNs standing in: h2c, answers every push 200, and tells who waits for a token's push. */
function apnsStandIn() {
  const waiting = new Map();
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'apns-id': randomUUID() });
      stream.end();
      const token = String(headers[':path']).split('/').pop();
      waiting.get(token)?.(performance.now());
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        pushed: (token) => new Promise((done) => waiting.set(token, done)),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const db = await createBenchDatabase();
const chain = certificateChain();
const apns = await apnsStandIn();
let platform;
let failed = false;
try {
  const port = randomPort();
  const admin = { username: 'admin', password: 'bench-wallet-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: TEAM,
    APPLE_SIGNER_CERT: chain.cert,
    APPLE_SIGNER_KEY: chain.key,
    APPLE_WWDR_CERT: chain.wwdr,
    APPLE_APNS_URL: apns.url,
    APPLE_APNS_KEY: chain.apnsKey,
    APPLE_APNS_KEY_ID: 'BENCHKEY01',
  });
  platform = await startPlatform({
    env,
    onLine: (t) => /"level":(50|60)/.test(t) && process.stderr.write(`${t}\n`),
  });
  const base = `http://127.0.0.1:${port}`;
  const token = (await api(base, '/api/auth/login', { json: admin })).token;
  const make = () =>
    api(base, '/api/generate-qr', {
      token,
      json: {
        clinic: 'Bench Physio',
        service: 'Massage',
        discountValue: 15,
        expirationDate: '2099-12-31',
        usageLimit: 1000,
      },
    });
  const pass = async (id) => {
    const res = await fetch(`${base}/api/qr-codes/${id}/pass.pkpass`);
    const zip = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || zip.subarray(0, 2).toString() !== 'PK')
      throw new Error(`pass of ${id}: ${res.status}`);
    return zip;
  };

  console.log(
    `bench:wallet — .pkpass medians of ${RUNS}, ${CONCURRENCY} at once; ${PUSHES} redeems to their APNs push`,
  );
  const code = await make();
  await pass(code.id);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await pass(code.id);
    times.push(performance.now() - started);
  }
  const size = (await pass(code.id)).length;
  console.log(
    `.pkpass one at a time: median ${median(times).toFixed(1)} ms (${(size / 1024).toFixed(1)} KB)`,
  );
  const started = performance.now();
  let served = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (served < RUNS * 2) {
        served++;
        await pass(code.id);
      }
    }),
  );
  console.log(
    `.pkpass ${CONCURRENCY} at once: ${((served / (performance.now() - started)) * 1000).toFixed(0)} passes/s`,
  );

  const delays = [];
  for (let i = 0; i < PUSHES; i++) {
    const c = await make();
    const zip = await pass(c.id);
    const dir = mkdtempSync(join(tmpdir(), 'avpass-bench-pass-'));
    writeFileSync(join(dir, 'p.pkpass'), zip);
    const passJson = JSON.parse(execFileSync('unzip', ['-p', join(dir, 'p.pkpass'), 'pass.json']).toString());
    const pushToken = randomBytes(32).toString('hex');
    const reg = await fetch(`${base}/api/wallet/v1/devices/bench-${i}/registrations/${PASS_TYPE}/${c.id}`, {
      method: 'POST',
      headers: {
        authorization: `ApplePass ${passJson.authenticationToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ pushToken }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    const pushed = apns.pushed(pushToken);
    const sent = performance.now();
    const redeem = await fetch(`${base}/api/redeem/${c.id}`, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
    });
    if (redeem.status !== 200) throw new Error(`redeem: ${redeem.status}`);
    const at = await Promise.race([pushed, new Promise((r) => setTimeout(() => r(null), 15_000))]);
    if (at === null) throw new Error(`no push for ${c.id} within 15 s`);
    delays.push(at - sent);
  }
  delays.sort((a, b) => a - b);
  console.log(
    `redeem → APNs push: median ${median(delays).toFixed(1)} ms, slowest ${delays[delays.length - 1].toFixed(1)} ms (${PUSHES} redeems)`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await platform?.stop();
  await apns.close();
  await db.drop();
}
process.exit(failed ? 1 : 0);
