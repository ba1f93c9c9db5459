import { startPlatform } from '../tools/platform.mjs';
import { createBenchDatabase, randomPort } from './support/bench-kit.mjs';
const db = await createBenchDatabase();
const port = String(await randomPort());
const p = await startPlatform({ env: { DATABASE_URL: db.url, NATS_NAMESPACE: 'up_' + port, PORT: port, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'e2e-admin-password', DATA_DIR: '/tmp/up-' + port, LOG_LEVEL: 'warn', NODE_ENV: 'test' }, onLine: () => {} });
console.log(`UP http://127.0.0.1:${port}`);
process.on('SIGTERM', async () => { await p.stop(); await db.drop?.(); process.exit(0); });
setInterval(() => {}, 1 << 30);
