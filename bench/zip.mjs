#!/usr/bin/env node
// npm run bench:zip — ZIP jobs through the real platform (built; started like `npm start`) on a fresh
// database: bare QR PNGs and voucher-card PDFs, each rendered by 1 and by 2 worker processes
// (RENDERING_MODE=worker, one CPU-bound render lane per process). A ZIP over more than ZIP_CHUNK_SIZE
// codes is a BullMQ flow: its chunks are rendered by whichever worker is free, one worker assembles.
//
//   npm run bench:zip                      10,000 codes: png and pdf, with 1 and 2 workers
//   npm run bench:zip -- --scale           the same at 100,000 codes
//   ZIP_CODES=100000 ZIP_MODES=png:1,png:2 npm run bench:zip    only these modes (format:workers)
//
// Settings (environment): ZIP_CODES (codes in the batch; BENCH_ZIP_CODES still works), ZIP_MODES
// (comma list of png|pdf:workers, default png:1,png:2,pdf:1,pdf:2), ZIP_CHUNK_SIZE (codes per chunk,
// default 1000), RENDER_CONCURRENCY (renders in flight per worker, default 4), WORKER_HEAP_MB (256).
// Printed per run: time, codes/s, each worker's peak RSS (VmRSS sampled every 100 ms), and per format
// the speed-up of 2 workers over 1. Goals (printed, never failing the run): 2 workers >= 1.6x as
// fast as 1, every worker's peak RSS < 400 MB. The run fails only on a broken invariant: a job that
// fails, a ZIP that `unzip -t` rejects, or a ZIP without exactly one entry per code. Before each mode an
// untimed warm-up ZIP (two chunks per worker) runs once its workers are up, so that the figures are a
// long-running deployment's, not a cold JIT's. CPU is counted per process during the timed job:
// each worker, the gateway, vouchers and rendering, PostgreSQL (its backends), NATS and Redis.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { REPO_ROOT, platformEnv, startPlatform } from '../tools/platform.mjs';
import { api, createBenchDatabase, randomPort } from './support/bench-kit.mjs';

const SCALE = process.argv.includes('--scale');
const CODES = Number(process.env.ZIP_CODES ?? process.env.BENCH_ZIP_CODES ?? (SCALE ? 100_000 : 10_000));
const MODES = (process.env.ZIP_MODES ?? 'png:1,png:2,pdf:1,pdf:2').split(',').map((mode) => {
  const [format, workers] = mode.trim().split(':');
  if (!['png', 'pdf'].includes(format) || !(Number(workers) >= 1))
    throw new Error(`ZIP_MODES: "${mode}" is not png|pdf:<workers>`);
  return { format, variant: format === 'pdf' ? 'card' : 'qr', workers: Number(workers) };
});
const CHUNK_SIZE = process.env.ZIP_CHUNK_SIZE ?? '1000';
const RENDER_CONCURRENCY = process.env.RENDER_CONCURRENCY ?? '4';
const GOALS = { speedUp: 1.6, rssMb: 400 };
// V8 grows its heap lazily under pdfkit's garbage; the same cap is recommended in production (NODE_OPTIONS).
const WORKER_HEAP_MB = Number(process.env.WORKER_HEAP_MB ?? 256);
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Operator ports of the worker processes (their /metrics), one each. */
let nextWorkerMetricsPort = 0;

/** One rendering worker process from the build. */
async function startWorker(env) {
  const metricsPort = nextWorkerMetricsPort++;
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      `--max-old-space-size=${WORKER_HEAP_MB}`,
      // As for the platform's apps (tools/platform/launcher.mjs), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
      ...(process.env.AVPASS_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
      join(REPO_ROOT, 'services/rendering/dist/main.js'),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...env,
        RENDERING_MODE: 'worker',
        METRICS_PORT: String(Number(env.METRICS_PORT_BASE) + 100 + metricsPort),
        RENDER_CONCURRENCY,
        ZIP_CHUNK_SIZE: CHUNK_SIZE,
        LOG_LEVEL: 'info',
      },
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
        if (/"level":(50|60)/.test(line)) process.stderr.write(`[worker ${child.pid}] ${line}\n`);
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
  child.metricsPort = Number(env.METRICS_PORT_BASE) + 100 + metricsPort;
  return child;
}

/**
 * What the operators' Prometheus sees after the runs: a scrape of each app's /metrics, the series
 * that describe ZIP work (job durations by queue, queue counts, the resolve RPC, HTTP by route).
 */
const SCRAPED =
  /^(bullmq_job_duration_seconds_(count|sum)|bullmq_jobs|rpc_calls_total\{[^}]*vouchers\.render|rpc_duration_seconds_(count|sum)\{[^}]*vouchers\.render|http_requests_total\{[^}]*\/api\/(jobs|bulk)|outbox_backlog|consumer_lag)/;
async function scrapeMetrics(ports) {
  for (const [name, port] of Object.entries(ports)) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
    if (!res?.ok) {
      console.log(`  ${name} (:${port}): no answer`);
      continue;
    }
    const lines = (await res.text()).split('\n').filter((line) => SCRAPED.test(line) && !/ 0$/.test(line));
    console.log(`  ${name} (:${port}/metrics): ${lines.length ? '' : 'nothing that moved'}`);
    for (const line of lines) console.log(`    ${line}`);
  }
}

async function stopWorker(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
async function cpuSeconds(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** The infrastructure's processes (PostgreSQL's backends, NATS, Redis) by pid, as /proc lists them now. */
const INFRASTRUCTURE = ['postgres', 'nats-server', 'redis-server'];
async function infrastructurePids() {
  const pids = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = (await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')).trim();
    if (INFRASTRUCTURE.includes(comm)) pids.push({ pid: Number(entry), comm });
  }
  return pids;
}

/**
 * CPU seconds each process spent while `work` ran, and what the infrastructure spent (PostgreSQL's
 * backends are counted when they live through the run: the apps' pools keep theirs open).
 */
async function cpuDuring(pids, work) {
  const infrastructure = await infrastructurePids();
  const all = [...pids, ...infrastructure.map((p) => p.pid)];
  const before = await Promise.all(all.map(cpuSeconds));
  const result = await work();
  const after = await Promise.all(all.map(cpuSeconds));
  const spent = after.map((a, i) => Math.max(0, a - before[i]));
  const infra = Object.fromEntries(INFRASTRUCTURE.map((comm) => [comm, 0]));
  infrastructure.forEach(({ comm }, i) => (infra[comm] += spent[pids.length + i]));
  return { result, cpu: spent.slice(0, pids.length), infrastructure: infra };
}

/** One ZIP job from request to the downloaded, checked file; returns its figures. */
async function zipRun(base, token, workerPids, dir, body) {
  const peaks = workerPids.map(() => 0);
  const sampler = setInterval(() => {
    workerPids.forEach((pid, i) => void rssMb(pid).then((mb) => (peaks[i] = Math.max(peaks[i], mb))));
  }, 100);
  const started = Date.now();
  try {
    const created = await api(base, '/api/bulk-download-zip', { token, json: body });
    let job = created;
    let lastPrint = Date.now();
    while (job.state !== 'completed' && job.state !== 'failed') {
      await sleep(1000); // as the screen polls (the time is the job's own, below)
      job = await api(base, `/api/jobs/${created.id}`, { token });
      if (Date.now() - lastPrint > 10_000) {
        lastPrint = Date.now();
        console.log(
          `  ${body.format}/${body.variant}: ${job.state} ${job.progress}% (${job.done}/${job.total}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
    // From the job's own timestamps (queued → finished), not the poll that saw it end.
    const jobSeconds =
      job.finishedAt && job.createdAt
        ? (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000
        : (Date.now() - started) / 1000;
    if (job.state === 'failed') return { ok: false, error: job.error, jobSeconds, peaks };
    const res = await fetch(`${base}${job.downloadUrl}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return { ok: false, error: `download ${res.status}`, jobSeconds, peaks };
    const path = join(dir, `${body.format}-${body.variant}.zip`);
    await pipeline(Readable.fromWeb(res.body), createWriteStream(path));
    let tested = true;
    try {
      await run('unzip', ['-tq', path], { maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      tested = false;
      console.log(`  unzip -t: ${String(error.stdout ?? error.message).slice(0, 500)}`);
    }
    const { stdout } = await run('unzip', ['-Z1', path], { maxBuffer: 256 * 1024 * 1024 });
    const entries = stdout.split('\n').filter(Boolean);
    const { size } = await stat(path);
    await rm(path, { force: true });
    return {
      ok: true,
      tested,
      jobSeconds,
      peaks,
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
const httpPort = randomPort();
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
  BULK_MAX_QUANTITY: String(Math.max(CODES, 1)),
  // The platform's rendering service answers calls and decides the chunks; the workers below render.
  RENDERING_MODE: 'api',
  ZIP_CHUNK_SIZE: CHUNK_SIZE,
  RPC_TIMEOUT_MS: '30000',
  // Each app's operator port (METRICS_PORT = base + i), scraped after the runs.
  METRICS_PORT_BASE: String(httpPort + 1000),
};
let platform;
const workers = [];
let failed = false;
let cleaning;
/** Stops the workers and the platform and drops the database (also on Ctrl-C: the apps run detached). */
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(workers.map(stopWorker));
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
    `bench:zip — ${CODES} codes, modes ${MODES.map((m) => `${m.format}:${m.workers}`).join(',')}, chunks of ${CHUNK_SIZE}, ` +
      `render concurrency ${RENDER_CONCURRENCY}, worker heap cap ${WORKER_HEAP_MB} MB, on ${cpus().length} cores`,
  );
  platform = await startPlatform({
    env,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  const workerEnv = platformEnv({ ...process.env, ...env });
  const base = `http://127.0.0.1:${httpPort}`;
  const { token } = await api(base, '/api/auth/login', { json: admin });
  const expirationDate = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  const generationStarted = Date.now();
  const batch = await api(base, '/api/bulk-generate', {
    token,
    json: {
      batchName: `zip bench ${CODES}`,
      facility: 'Bench Partner & Co.',
      quantity: CODES,
      discountType: 'percentage',
      discountValue: 15,
      service: 'Benchmark session',
      expirationDate,
      usageLimit: '5',
      terms: 'One per visit. Not valid with other offers. Present this voucher before paying.',
    },
  });
  console.log(
    `generated ${batch.count} codes in one batch in ${((Date.now() - generationStarted) / 1000).toFixed(1)} s`,
  );

  // A warm-up batch of two chunks per worker, rendered (untimed) before each mode once its workers
  // are up: every process's code is compiled by the JIT when the timed job starts, as in a
  // long-running deployment, and a newly started worker is not timed on its first chunks.
  const maxWorkers = Math.max(...MODES.map((m) => m.workers));
  const warmUp = await api(base, '/api/bulk-generate', {
    token,
    json: {
      batchName: 'zip bench warm-up',
      facility: 'Bench Partner & Co.',
      quantity: Math.min(CODES, 2 * maxWorkers * Number(CHUNK_SIZE)),
      discountType: 'percentage',
      discountValue: 15,
      service: 'Benchmark session',
      expirationDate,
      usageLimit: '5',
    },
  });

  const results = [];
  for (const mode of MODES) {
    while (workers.length < mode.workers) workers.push(await startWorker(workerEnv));
    while (workers.length > mode.workers) await stopWorker(workers.pop());
    const warm = await zipRun(base, token, [], downloads, {
      batchId: warmUp.batchId,
      format: mode.format,
      variant: mode.variant,
    });
    if (!warm.ok) throw new Error(`the warm-up ZIP failed: ${warm.error}`);
    // CPU spent by each worker and by the shared apps (the parent's side of the work) during the job.
    const apps = ['gateway', 'vouchers', 'rendering'];
    const pids = [...workers.map((w) => w.pid), ...apps.map((name) => platform.pid(name))];
    const {
      result: r,
      cpu,
      infrastructure,
    } = await cpuDuring(pids, () =>
      zipRun(
        base,
        token,
        workers.map((w) => w.pid),
        downloads,
        { batchId: batch.batchId, format: mode.format, variant: mode.variant },
      ),
    );
    r.workerCpu = cpu.slice(0, workers.length);
    r.appCpu = Object.fromEntries(apps.map((name, i) => [name, cpu[workers.length + i]]));
    Object.assign(r.appCpu, infrastructure);
    results.push({ ...mode, ...r });
    const label = `${mode.format}/${mode.variant} ${mode.workers} worker(s)`;
    if (!r.ok) {
      console.log(`${label}: FAILED after ${r.jobSeconds.toFixed(1)} s: ${r.error}`);
      failed = true;
      continue;
    }
    console.log(
      `${label}: ${r.jobSeconds.toFixed(1)} s, ${(CODES / r.jobSeconds).toFixed(0)} codes/s, ${r.entries} entries ` +
        `(${r.unique} unique), unzip -t ${r.tested ? 'OK' : 'FAILED'}, ${r.sizeMb.toFixed(1)} MB, ` +
        `peak RSS ${r.peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' / ')} (goal < ${GOALS.rssMb} MB)`,
    );
    const renderCpu = r.workerCpu.reduce((a, b) => a + b, 0);
    console.log(
      `  CPU: workers ${r.workerCpu.map((c) => `${c.toFixed(1)} s`).join(' / ')} (${((renderCpu / CODES) * 1000).toFixed(2)} ms/code, ` +
        `${(renderCpu / r.jobSeconds).toFixed(2)} cores busy), shared apps ` +
        Object.entries(r.appCpu)
          .map(([name, c]) => `${name} ${c.toFixed(1)} s`)
          .join(', '),
    );
    if (r.entries !== CODES || r.unique !== CODES || !r.tested) {
      console.log(`  broken invariant: expected a valid ZIP with ${CODES} unique entries`);
      failed = true;
    }
  }

  console.log('\nmetrics after the runs (series that moved):');
  await scrapeMetrics({
    gateway: platform.metricsPorts.gateway,
    vouchers: platform.metricsPorts.vouchers,
    rendering: platform.metricsPorts.rendering,
    ...Object.fromEntries(workers.map((w, i) => [`worker ${i + 1}`, w.metricsPort])),
  });

  console.log(`\nsummary (${CODES} codes):`);
  for (const format of ['png', 'pdf']) {
    const one = results.find((r) => r.format === format && r.workers === 1 && r.ok);
    for (const r of results.filter((x) => x.format === format && x.ok)) {
      const speedUp = one && r.workers > 1 ? one.jobSeconds / r.jobSeconds : null;
      console.log(
        `  ${format} ${r.workers} worker(s): ${r.jobSeconds.toFixed(1)} s, ${(CODES / r.jobSeconds).toFixed(0)} codes/s` +
          (speedUp ? `, speed-up ${speedUp.toFixed(2)}x over 1 (goal >= ${GOALS.speedUp}x)` : '') +
          `, peak RSS ${r.peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' / ')}`,
      );
    }
  }
} catch (error) {
  console.error(`bench:zip could not run: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
