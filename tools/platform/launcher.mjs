// Runs the six built services and the gateway as child processes, waits until /health says
// everything is up, and restarts any app that exits on its own until stop() is called.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { platformEnv, REPO_ROOT, SERVICE_DEFINITIONS, SERVICES } from './env.mjs';
import { formatLogLine } from './log-format.mjs';
import { checkGatewayPort, operatorPorts } from './ports.mjs';

/**
 * The apps, in start order: the services, the gateway, then the workers that run apart from their
 * service (services.ts `workers.runsApartUnderNpmStart`: `<name>-worker` in modeVariable=worker, the
 * service itself in modeVariable=api). Workers come last so the other apps keep their operator ports.
 */
export function appList(root, services = SERVICE_DEFINITIONS) {
  const main = (name) => join(root, 'services', name, 'dist', 'main.js');
  const apart = services.filter((s) => s.workers?.runsApartUnderNpmStart);
  return [
    ...services.map(({ name, nodeArgs = [], workers }) => ({
      name,
      main: main(name),
      nodeArgs,
      env: {},
      mode: workers?.runsApartUnderNpmStart ? { [workers.modeVariable]: 'api' } : {},
    })),
    { name: 'gateway', main: join(root, 'gateway', 'dist', 'main.js'), nodeArgs: [], env: {}, mode: {} },
    ...apart.map(({ name, nodeArgs = [], workers }) => ({
      name: `${name}-worker`,
      main: main(name),
      nodeArgs,
      // The worker's own settings (services.ts) unless the caller set them; its mode always.
      env: workers.env,
      mode: { [workers.modeVariable]: 'worker' },
    })),
  ];
}

/** Finds service names the health body reports as down (any object with status down/error). */
function downApps(body, names) {
  const down = new Set();
  const visit = (value, key) => {
    if (!value || typeof value !== 'object') return;
    const status = value.status;
    if (status === 'down' || status === 'error') {
      const name = typeof value.service === 'string' ? value.service : key;
      if (names.includes(name)) down.add(name);
      else down.add(key ?? 'unknown');
    }
    for (const [k, v] of Object.entries(value)) visit(v, Array.isArray(value) ? key : k);
  };
  visit(body, undefined);
  return [...down];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the services (libs/contracts/src/services.ts) and then the gateway (`node <dist main>`), waits until the gateway's
 * GET /health answers 200 with nothing down, and returns `{ url, stop() }`.
 *
 * options.env        merged over process.env (defaults from DEFAULT_ENV fill the gaps)
 * options.cwd        repository root (default: this file's repo)
 * options.pretty     print pino JSON as `[identity] info message` (default false: lines pass through)
 * options.logPrefix  string put before every printed line (e.g. '  ')
 * options.onLine     (text, { app, raw, stream }) => void; replaces printing to stdout
 * options.onExit     ({ app, code, signal, lastLines }) => void; an app stopped on its own after start-up
 *                    (it is restarted all the same unless supervise is false; onExit replaces the log line)
 * options.supervise  restart an app that exits after start-up, with backoff (default true)
 * options.readyTimeoutMs  how long to wait for /health (default 60 s)
 * options.signal     AbortSignal: aborting during start-up stops the apps and rejects
 * options.stopGraceMs  how long stop() waits after SIGTERM before SIGKILL (default 5 s; a profiled app
 *                    writes its profile on exit, which takes longer)
 *
 * options.defaultMetricsPortBase  operator ports when METRICS_PORT_BASE is unset (`npm start`: 9464); when
 *                    any of that block is taken (a second instance), the next free block is used and printed
 *
 * Ports are checked before anything starts: the gateway's PORT taken is one line that says to set PORT.
 * Operator ports (/metrics, /healthz, /readyz): app number i (the services in their order, then the
 * gateway, then the workers that run apart: statements-worker) gets METRICS_PORT = base + i, base from METRICS_PORT_BASE (which must then be free: one line
 * otherwise) or options.defaultMetricsPortBase; METRICS_PORT_BASE empty, or unset without a default: no
 * app opens one. METRICS_PORT itself is never passed on (the apps cannot share one port). The answer's
 * `metricsPorts` maps app name to port.
 */
export async function startPlatform(options = {}) {
  const root = options.cwd ?? REPO_ROOT;
  const env = platformEnv({ ...process.env, ...options.env });
  const port = Number(env.PORT);
  const url = `http://localhost:${port}`;
  const healthUrl = `http://127.0.0.1:${port}/health`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  const colour = Boolean(options.pretty && process.stdout.isTTY && !process.env.NO_COLOR);
  const prefix = options.logPrefix ?? '';
  const print = options.onLine ?? ((text) => process.stdout.write(`${text}\n`));

  const apps = appList(root);
  const missing = apps.filter((app) => !existsSync(app.main)).map((app) => relative(root, app.main));
  if (missing.length) {
    throw new Error(`Not built: ${missing.join(', ')} — run npm run build first`);
  }
  await checkGatewayPort(env);
  const operator = await operatorPorts(
    env,
    apps.map(({ name }) => name),
    options.defaultMetricsPortBase,
  );
  const metricsPorts = operator.ports;
  if (operator.note) print(`${prefix}[start] ${operator.note}`, { app: 'start', raw: '', stream: 'stdout' });
  if (!existsSync(join(root, 'frontend', 'dist', 'index.html'))) {
    print(
      `${prefix}[start] frontend/dist is missing: the gateway will serve the API only (run npm run build first)`,
      {
        app: 'start',
        raw: '',
        stream: 'stdout',
      },
    );
  }

  const children = new Map(); // name -> { child, lines: string[], exit?: {code, signal} }
  let stopping = false;
  let ready = false;
  let failEarly;
  const earlyExit = new Promise((_, reject) => (failEarly = reject));
  earlyExit.catch(() => {});

  const lastLines = (name, count = 20) => (children.get(name)?.lines ?? []).slice(-count);
  const describeLastLines = (name, count = 20) => {
    const lines = lastLines(name, count);
    return lines.length
      ? `last lines of ${name}:\n${lines.map((l) => `  ${formatLogLine(name, l)}`).join('\n')}`
      : `${name} printed nothing`;
  };

  // A port taken after the checks above (a race with another program): still one line naming the variable.
  const portTaken = (name) => {
    const taken = Number(/EADDRINUSE\b.*?:(\d+)\b/.exec(lastLines(name, 200).join('\n'))?.[1]);
    if (!taken) return undefined;
    const variable =
      taken === metricsPorts[name] ? 'METRICS_PORT_BASE' : name === 'gateway' ? 'PORT' : undefined;
    return `${name} could not listen: port ${taken} is already in use${variable ? `: set ${variable}` : ''}`;
  };

  const killAll = () => {
    for (const { child } of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll); // never leave orphans behind when the launcher itself ends

  const launch = (app, previous) => {
    const { name, main, nodeArgs: appNodeArgs } = app;
    const childEnv = { ...app.env, ...env, ...app.mode };
    if (name !== 'gateway') delete childEnv.PORT; // only the gateway listens on HTTP
    delete childEnv.METRICS_PORT;
    delete childEnv.METRICS_PORT_BASE;
    if (metricsPorts[name]) childEnv.METRICS_PORT = String(metricsPorts[name]);
    // Own process group: Ctrl-C reaches only the launcher, which then stops the apps in order.
    // A service's own Node flags (services.ts: the rendering worker's heap cap, as in docker-compose.yml).
    const nodeArgs = [...appNodeArgs];
    // AVPASS_NODE_ARGS: extra Node flags for every app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    if (env.AVPASS_NODE_ARGS) nodeArgs.push(...env.AVPASS_NODE_ARGS.split(/\s+/).filter(Boolean));
    const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, main], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const state = {
      child,
      lines: previous?.lines ?? [],
      exit: undefined,
      startedAt: Date.now(),
      delay: previous?.delay,
      restarts: previous?.restarts,
    };
    if (previous)
      print(`${prefix}[start] ${name} restarted (restart ${previous.restarts})`, {
        app: 'start',
        raw: '',
        stream: 'stdout',
      });
    children.set(name, state);
    for (const stream of ['stdout', 'stderr']) {
      createInterface({ input: child[stream], crlfDelay: Infinity }).on('line', (raw) => {
        state.lines.push(raw);
        if (state.lines.length > 200) state.lines.splice(0, state.lines.length - 200);
        const text = options.pretty ? formatLogLine(name, raw, { colour }) : raw;
        print(`${prefix}${text}`, { app: name, raw, stream });
      });
    }
    child.on('error', (error) => {
      state.lines.push(`could not start: ${error.message}`);
    });
    // 'close' (not 'exit'): fires once the app's output has been read, so its last lines are known.
    child.on('close', (code, signal) => {
      state.exit = { code, signal };
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!ready) {
        failEarly(
          new Error(
            portTaken(name) ?? `${name} stopped during start-up (${how}); ${describeLastLines(name)}`,
          ),
        );
      } else {
        options.onExit?.({ app: name, code, signal, lastLines: lastLines(name) });
        const delay = supervise ? backoff(state) : undefined;
        if (!options.onExit)
          print(
            `${prefix}[start] ${name} stopped unexpectedly (${how})${
              delay === undefined ? '' : `; restarting it in ${(delay / 1000).toFixed(1)} s`
            }; ${describeLastLines(name)}`,
            { app: 'start', raw: '', stream: 'stderr' },
          );
        if (delay !== undefined) {
          const timer = setTimeout(() => {
            restarts.delete(timer);
            if (!stopping) launch(app, state);
          }, delay);
          restarts.add(timer);
        }
      }
    });
  };

  // Supervision: an app that exits after start-up is started again, after 0.5 s doubling to 10 s; the
  // delay starts over once it has stayed up for a minute
  // (docs/decisions/0042-npm-start-supervises-its-apps.md).
  const supervise = options.supervise ?? true;
  const restarts = new Set();
  const backoff = (state) => {
    const upFor = Date.now() - state.startedAt;
    state.delay = upFor >= 60_000 || !state.delay ? 500 : Math.min(state.delay * 2, 10_000);
    state.restarts = (state.restarts ?? 0) + 1;
    return state.delay;
  };

  const stop = async () => {
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    const waits = [...children.entries()].map(([, { child }]) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    });
    await Promise.all(waits);
    process.removeListener('exit', killAll);
  };

  for (const app of apps) launch(app);

  // Wait for GET /health: 200 and nothing reported down.
  const deadline = Date.now() + readyTimeoutMs;
  let lastStatus = 'no answer';
  let lastBody;
  const poll = async () => {
    while (Date.now() < deadline) {
      try {
        const response = await fetch(healthUrl, { signal: AbortSignal.timeout(3000) });
        const text = await response.text();
        try {
          lastBody = JSON.parse(text);
        } catch {
          lastBody = undefined;
        }
        lastStatus = `HTTP ${response.status}`;
        if (response.status === 200 && downApps(lastBody, SERVICES).length === 0) return;
      } catch (error) {
        lastStatus = `no answer (${error?.cause?.code ?? error?.name ?? 'error'})`;
      }
      await sleep(500);
    }
    const down = lastBody ? downApps(lastBody, [...SERVICES, 'gateway']).filter((n) => children.has(n)) : [];
    const suspects = down.length ? down : ['gateway'];
    throw new Error(
      `AV Pass did not become healthy within ${Math.round(readyTimeoutMs / 1000)} s (GET /health: ${lastStatus}${
        down.length ? `; down: ${down.join(', ')}` : ''
      }); ${suspects.map((name) => describeLastLines(name)).join('\n')}`,
    );
  };

  const aborted = new Promise((_, reject) => {
    const onAbort = () => reject(new Error('Start-up cancelled'));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    await Promise.race([poll(), earlyExit, aborted]);
  } catch (error) {
    await stop();
    throw error;
  }
  ready = true;
  return {
    url,
    metricsPorts,
    stop,
    /** The last log lines (raw) an app printed. */
    logs: (name, count) => lastLines(name, count),
    /** The running process of an app (for fault tests: kill it and watch it come back). */
    pid: (name) => children.get(name)?.child.pid,
    /** How many times an app was restarted. */
    restarts: (name) => children.get(name)?.restarts ?? 0,
  };
}
