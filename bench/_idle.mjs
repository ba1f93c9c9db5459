import { startPlatform } from '../tools/platform.mjs';
import { createBenchDatabase, randomPort } from './support/bench-kit.mjs';
import { execSync } from 'node:child_process';
const db = await createBenchDatabase();
const port = String(await randomPort());
const t0 = Date.now();
const p = await startPlatform({ env: { DATABASE_URL: db.url ?? db, NATS_NAMESPACE: 'idle_' + port, PORT: port, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'idle-admin-password', DATA_DIR: '/tmp/idle-' + port, LOG_LEVEL: 'warn', NODE_ENV: 'test' }, onLine: () => {} });
console.log('ready in', Date.now() - t0, 'ms');
await new Promise(r => setTimeout(r, 5000));
const snap = () => execSync(`ps -eo pid,ppid,cputimes,args --no-headers`).toString();
const a = snap(); await new Promise(r => setTimeout(r, 30000)); const b = snap();
const parse = (s) => Object.fromEntries(s.trim().split('\n').map(l => l.trim().split(/\s+/)).map(([pid,,cpu,...args]) => [pid, [Number(cpu), args.join(' ').slice(0,90)]]));
const A = parse(a), B = parse(b);
for (const [pid,[cpu,args]] of Object.entries(B)) { const d = cpu - (A[pid]?.[0] ?? 0); if (d > 0) console.log(d, 's', args); }
await p.stop(); await db.drop?.();
process.exit(0);
