#!/usr/bin/env node
// npm run bench:zip — 10,000-code ZIP jobs through the real platform (built; started like `npm start`)
// on a fresh database: one of bare QR PNGs and one of voucher-card PDFs. The ZIP worker runs as its
// own process (RENDERING_MODE=worker) so its memory can be sampled (VmRSS, every 100 ms).
// Goals (printed, never failing the run): PNG ZIP < 90 s, PDF ZIP < 120 s, worker peak RSS < 400 MB.
// The run fails only on a broken invariant: a job that fails, or a ZIP without exactly one entry per code.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { REPO_ROOT, platformEnv, startPlatform } from '../tools/platform.mjs';
import { api, createBenchDatabase, randomPort } from './support/bench-kit.mjs';

const CODES = Number(process.env.BENCH_ZIP_CODES ?? 10_000);
const RENDER_CONCURRENCY = process.env.RENDER_CONCURRENCY ?? '4';
const GOALS = { png: 90, pdf: 120, rssMb: 400 };
// V8 grows its heap lazily under pdfkit's garbage (peaks of ~430 MB without a cap, ~270 MB with one);
// the same cap is recommended for the rendering service in production (NODE_OPTIONS).
const WORKER_HEAP_MB = Number(process.env.WORKER_HEAP_MB ?? 256);
const run = promisify(execFile);
const port = randomPort;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rendering ZIP worker alone, from the build, in its own process. */
async function startWorker(env) {
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      `--max-old-space-size=${WORKER_HEAP_MB}`,
      join(REPO_ROOT, 'services/rendering/dist/main.js'),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...env, RENDERING_MODE: 'worker', RENDER_CONCURRENCY, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines = [];
  await new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start:\n${lines.join('\n')}`)), 60_000);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 40) lines.shift();
        if (/"level":(50|60)/.test(line)) process.stderr.write(`[worker] ${line}\n`);
        if (line.includes('rendering service ready')) {
          clearTimeout(timer);
          ready();
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`worker exited (${code ?? signal}):\n${lines.join('\n')}`));
    });
  });
  return child;
}

async function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** One ZIP job from request to the downloaded file; returns its figures. */
async function zipRun(base, token, workerPid, dir, body) {
  let peak = 0;
  const sampler = setInterval(() => void rssMb(workerPid).then((mb) => (peak = Math.max(peak, mb))), 100);
  const started = Date.now();
  try {
    const created = await api(base, '/api/bulk-download-zip', { token, json: body });
    let job = created;
    let lastPrint = 0;
    while (job.state !== 'completed' && job.state !== 'failed') {
      await sleep(250);
      job = await api(base, `/api/jobs/${created.id}`, { token });
      if (Date.now() - lastPrint > 5000) {
        lastPrint = Date.now();
        console.log(
          `  ${body.format}/${body.variant}: ${job.state} ${job.progress}% (${job.done}/${job.total}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
    const jobSeconds = (Date.now() - started) / 1000;
    if (job.state === 'failed') return { ok: false, error: job.error, jobSeconds, peak };
    const res = await fetch(`${base}${job.downloadUrl}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return { ok: false, error: `download ${res.status}`, jobSeconds, peak };
    const path = join(dir, `${body.format}-${body.variant}.zip`);
    await pipeline(Readable.fromWeb(res.body), createWriteStream(path));
    const { stdout } = await run('unzip', ['-Z1', path], { maxBuffer: 256 * 1024 * 1024 });
    const entries = stdout.split('\n').filter(Boolean);
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(path));
    await rm(path, { force: true });
    return {
      ok: true,
      jobSeconds,
      peak,
      entries: entries.length,
      unique: new Set(entries).size,
      sizeMb: size / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

const db = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'avpass-bench-zip-'));
const downloads = await mkdtemp(join(tmpdir(), 'avpass-bench-zip-out-'));
const httpPort = port();
const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
const env = {
  DATABASE_URL: db.url,
  NATS_NAMESPACE: `benchzip_${randomBytes(4).toString('hex')}`,
  PORT: String(httpPort),
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DB_ROLE_SECRET: randomBytes(16).toString('hex'),
  PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
  BULK_MAX_QUANTITY: '1000',
  // The platform's rendering service answers calls; the measured worker below does every ZIP.
  RENDERING_MODE: 'api',
  RPC_TIMEOUT_MS: '30000',
};
let platform;
let worker;
let failed = false;
let cleaning;
/** Stops the worker and the platform and drops the database (also on Ctrl-C: the apps run detached). */
function cleanUp() {
  cleaning ??= (async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (worker.exitCode === null) worker.kill('SIGKILL');
    }
    await platform?.stop();
    await db.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await rm(downloads, { recursive: true, force: true });
  })();
  return cleaning;
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
try {
  console.log(
    `bench:zip — ${CODES} codes, render concurrency ${RENDER_CONCURRENCY}, worker heap cap ${WORKER_HEAP_MB} MB, on ${(await import('node:os')).cpus().length} cores`,
  );
  platform = await startPlatform({
    env,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  worker = await startWorker(platformEnv({ ...process.env, ...env }));
  const base = `http://127.0.0.1:${httpPort}`;
  const { token } = await api(base, '/api/auth/login', { json: admin });
  const expirationDate = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  const generationStarted = Date.now();
  for (let made = 0; made < CODES; made += 1000) {
    await api(base, '/api/bulk-generate', {
      token,
      json: {
        batchName: `zip bench ${made}`,
        facility: 'Bench Partner & Co.',
        quantity: Math.min(1000, CODES - made),
        discountType: 'percentage',
        discountValue: 15,
        service: 'Benchmark session',
        expirationDate,
        usageLimit: '5',
        terms: 'One per visit. Not valid with other offers. Present this voucher before paying.',
      },
    });
  }
  console.log(`generated ${CODES} codes in ${((Date.now() - generationStarted) / 1000).toFixed(1)} s`);
  console.log(`worker idle RSS ${(await rssMb(worker.pid)).toFixed(0)} MB`);

  const results = {};
  for (const [format, variant] of [
    ['png', 'qr'],
    ['pdf', 'card'],
  ]) {
    const r = await zipRun(base, token, worker.pid, downloads, { all: true, format, variant });
    results[format] = r;
    if (!r.ok) {
      console.log(`${format}/${variant}: FAILED after ${r.jobSeconds.toFixed(1)} s: ${r.error}`);
      failed = true;
      continue;
    }
    const rate = CODES / r.jobSeconds;
    console.log(
      `${format}/${variant}: ${r.entries} entries (${r.unique} unique), ${r.sizeMb.toFixed(1)} MB, ${r.jobSeconds.toFixed(1)} s ` +
        `(${rate.toFixed(0)} files/s; goal < ${GOALS[format]} s), worker peak RSS ${r.peak.toFixed(0)} MB (goal < ${GOALS.rssMb} MB)`,
    );
    if (r.entries !== CODES || r.unique !== CODES) {
      console.log(`  broken invariant: expected ${CODES} unique entries`);
      failed = true;
    }
  }
  const peak = Math.max(...Object.values(results).map((r) => r.peak));
  console.log(
    `\nsummary: PNG ZIP ${results.png?.jobSeconds?.toFixed(1)} s (goal < 90), PDF ZIP ${results.pdf?.jobSeconds?.toFixed(1)} s (goal < 120), ` +
      `worker peak RSS ${peak.toFixed(0)} MB (goal < 400)`,
  );
} catch (error) {
  console.error(`bench:zip could not run: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
