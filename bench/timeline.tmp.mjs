// TEMP (not committed): redeem latency second by second for a few minutes at a fixed rate, beside disk writes.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, randomPort } from './support/bench-kit.mjs';

const SECONDS = Number(process.env.T_SECONDS ?? 330);
const RATE = Number(process.env.T_RATE ?? 150);
const db = await createBenchDatabase();
const port = randomPort();
const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
const platform = await startPlatform({
  env: { ...benchPlatformEnv({ dbUrl: db.url, port, admin }), REDEEM_RATE_LIMIT: '1000000' },
  onLine: () => {},
});
const base = `http://127.0.0.1:${port}`;
try {
  const { token } = await api(base, '/api/auth/login', { method: 'POST', json: admin });
  const expirationDate = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  const ids = [];
  for (let k = 0; k < 2; k++) {
    const batch = await api(base, '/api/bulk-generate', { method: 'POST', token, json: { batchName: `t${k}`, facility: 'T', quantity: 1000, discountType: 'percentage', discountValue: 10, service: 'T', expirationDate, usageLimit: '100000' } });
    const detail = await api(base, `/api/admin/batches/${batch.batchId}`, { token });
    ids.push(...detail.qrCodes.map((c) => c.id));
  }
  const paths = ids.map((id) => `/api/redeem/${id}`);
  let i = 0;
  const started = Date.now();
  const buckets = new Map();
  const instance = autocannon({ url: base, connections: 50, overallRate: RATE, duration: SECONDS, method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] });
  instance.on('response', (_c, status, _b, ms) => {
    const s = Math.floor((Date.now() - started) / 1000);
    if (!buckets.has(s)) buckets.set(s, []);
    buckets.get(s).push(ms);
  });
  await instance;
  for (const [s, v] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    v.sort((a, b) => a - b);
    const p99 = v[Math.floor(v.length * 0.99)] ?? v.at(-1);
    console.log(`${new Date(started + s * 1000).toISOString().slice(11, 19)} t=${s} n=${v.length} p50=${v[Math.floor(v.length / 2)]} p99=${p99} max=${v.at(-1)}`);
  }
} finally {
  await platform.stop();
  await db.drop();
}
