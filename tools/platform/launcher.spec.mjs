// Two instances on one machine: a second launcher takes the next free block of operator ports (and
// says so) when the default block is taken, and stops with one line naming the variable when the
// gateway's PORT or an explicit METRICS_PORT_BASE is taken. The apps are stand-ins (a few lines each,
// listening where the real ones would), so this runs in a second with nothing built.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appList, startPlatform } from './launcher.mjs';
import { checkGatewayPort, operatorPorts, portIsFree } from './ports.mjs';

// The services, the gateway, then the workers that run apart (statements-worker).
const APPS = appList('/').map((app) => app.name);
// Each operator port and /health where the real apps open them; the gateway answers /health.
const STAND_IN = `
const http = require('node:http');
const listen = (port, host, handler) =>
  http.createServer(handler).listen(Number(port), host).on('error', (e) => { throw e; });
if (process.env.METRICS_PORT) listen(process.env.METRICS_PORT, '127.0.0.1', (q, s) => s.end('ok'));
if (process.env.PORT) listen(process.env.PORT, '127.0.0.1', (q, s) => s.end('{"status":"ok"}'));
setInterval(() => {}, 1 << 30);
`;

let root;
const started = [];
/**
 * The first operator port of the first instance; the gateways take the three ports below it and the
 * second instance the block above it. Below Linux's ephemeral range (32768 up), where no outgoing
 * connection of this or another test borrows a port (one did in CI: the second instance skipped a block
 * and the test failed); different per run, and checked free before the test starts.
 */
let BASE;
const EPHEMERAL_FROM = 32768;

/** A base from 20000 whose 3 + 2 × apps ports are all free now. */
async function freeBase() {
  const span = 3 + 2 * APPS.length;
  for (let base = 20003 + (process.pid % 500) * 24, tries = 0; tries < 500; tries += 1, base += 24) {
    if (base + span > EPHEMERAL_FROM) base = 20003;
    let free = true;
    for (let port = base - 3; free && port < base - 3 + span; port += 1)
      free = await portIsFree(port, '127.0.0.1');
    if (free) return base;
  }
  throw new Error('no free block of ports below the ephemeral range');
}

beforeAll(async () => {
  BASE = await freeBase();
  root = mkdtempSync(join(tmpdir(), 'avpass-launcher-'));
  for (const { main } of appList(root)) {
    mkdirSync(join(main, '..'), { recursive: true });
    writeFileSync(main, STAND_IN);
  }
  mkdirSync(join(root, 'frontend/dist'), { recursive: true });
  writeFileSync(join(root, 'frontend/dist/index.html'), '');
});
afterAll(async () => {
  for (const platform of started) await platform.stop();
  rmSync(root, { recursive: true, force: true });
});

const launch = (env, lines = []) =>
  startPlatform({
    cwd: root,
    env: { METRICS_PORT_BASE: undefined, HOST: '127.0.0.1', ...env },
    defaultMetricsPortBase: BASE,
    supervise: false,
    readyTimeoutMs: 20_000,
    onLine: (text) => lines.push(text),
  }).then((platform) => (started.push(platform), platform));

/** The body of the first answer from `url`, asking every 100 ms for up to 15 s. */
async function firstAnswer(url) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await (await fetch(url)).text();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const block = (from) => Object.fromEntries(APPS.map((name, i) => [name, from + i]));

describe('two instances of the launcher on one machine', () => {
  it('the second takes the next free block of operator ports and prints it', async () => {
    const first = await launch({ PORT: String(BASE - 2) });
    expect(first.metricsPorts).toEqual(block(BASE));
    // The launcher is ready with the gateway; a stand-in app (statements-worker, last) may still be
    // starting on a loaded machine, and the second instance would find its port free: wait for all.
    for (const port of Object.values(first.metricsPorts))
      expect(await firstAnswer(`http://127.0.0.1:${port}/`)).toBe('ok');

    const lines = [];
    const second = await launch({ PORT: String(BASE - 1) }, lines);
    expect(second.metricsPorts).toEqual(block(BASE + APPS.length));
    // Every app in the order of the one list of services, then the gateway: its own block each.
    const taken = APPS.map((name, i) => `${BASE + i} (${name})`).join(', ');
    expect(lines, JSON.stringify(lines)).toContain(
      `[start] operator port ${taken} is already in use (another AV Pass on this machine?): using ${BASE + APPS.length}–${BASE + 2 * APPS.length - 1} instead (METRICS_PORT_BASE chooses)`,
    );
    // The launcher is ready when the gateway's /health is; the stand-in gateway does not ask the others,
    // so a stand-in service may still be starting on a loaded machine: ask until it answers.
    expect(await firstAnswer(`http://127.0.0.1:${second.metricsPorts.rendering}/`)).toBe('ok');
  });

  it('a second instance on the same PORT stops with one line that says to set PORT', async () => {
    await expect(launch({ PORT: String(BASE - 2) })).rejects.toThrow(
      new Error(
        `PORT ${BASE - 2} is already in use (another AV Pass on this machine?): set PORT to a free port, e.g. PORT=${BASE - 1}`,
      ),
    );
  });

  it('an explicit METRICS_PORT_BASE that is taken stops with one line that says to set it', async () => {
    await expect(launch({ PORT: String(BASE - 3), METRICS_PORT_BASE: String(BASE + 2) })).rejects.toThrow(
      new RegExp(
        String.raw`^Operator port \d+ \(identity\).* from METRICS_PORT_BASE=\d+ is already in use \(another AV Pass on this machine\?\): set METRICS_PORT_BASE to another base \(the apps take ${APPS.length} ports from it\), or empty for no operator ports$`,
      ),
    );
  });
});

describe('the apps', () => {
  it('run the statements mail worker apart: the service in api mode, statements-worker in worker mode', () => {
    const apps = appList('/repo');
    expect(apps.map((app) => app.name).slice(-2)).toEqual(['gateway', 'statements-worker']);
    expect(apps.find((app) => app.name === 'statements')).toMatchObject({
      main: '/repo/services/statements/dist/main.js',
      mode: { STATEMENTS_MODE: 'api' },
    });
    expect(apps.find((app) => app.name === 'statements-worker')).toMatchObject({
      main: '/repo/services/statements/dist/main.js',
      mode: { STATEMENTS_MODE: 'worker' },
      env: { MAIL_CONCURRENCY: '2' },
    });
    expect(apps.find((app) => app.name === 'rendering')?.mode).toEqual({});
  });
});

describe('port checks', () => {
  it('tell a taken port from a free one, on the host the app would use', async () => {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    try {
      expect(await portIsFree(port, '127.0.0.1')).toBe(false);
      await expect(checkGatewayPort({ PORT: String(port), HOST: '127.0.0.1' })).rejects.toThrow(/set PORT/);
      await expect(operatorPorts({ METRICS_PORT_BASE: String(port) }, ['a'])).rejects.toThrow(
        /set METRICS_PORT_BASE/,
      );
    } finally {
      server.close();
    }
    expect(await portIsFree(port, '127.0.0.1')).toBe(true);
    expect(await operatorPorts({ METRICS_PORT_BASE: '' }, ['a'], 9464)).toEqual({ ports: {} });
    expect(await operatorPorts({}, ['a'])).toEqual({ ports: {} });
  });
});
