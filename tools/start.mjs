#!/usr/bin/env node
// `npm start`: checks the infrastructure (starting what is missing with Docker when it can), runs the services and the gateway from their builds,
// restarts any of them that stops, and prints where AV Pass answers. Every failure is one readable line, never a stack trace.
import { ensureInfrastructure, platformEnv, SERVICES, startMailCatcher, startPlatform } from './platform.mjs';

// Each app's operator port (/metrics, /healthz, /readyz) at 9464 + its number unless
// METRICS_PORT_BASE says otherwise (set it empty to open none). When 9464… is taken (a second
// instance on this machine), the launcher uses the next free block and prints it.
const DEFAULT_METRICS_PORT_BASE = 9464;
const env = platformEnv(process.env);
const cancelStartup = new AbortController();
let platform;
/** What this launcher started with Docker (stopped on the way out; nothing else is). */
let infrastructure;
/** The local mail catcher (maildev) when SMTP_URL is unset; stopped on the way out. */
let mailCatcher;
let shuttingDown = false;

async function shutdown(message, code) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (message) console.log(message);
  cancelStartup.abort();
  await platform?.stop();
  await mailCatcher?.stop();
  await infrastructure?.stop();
  process.exit(code);
}

// Registered before anything starts: the apps run in their own process group, so Ctrl-C reaches only
// this launcher, which stops them in order (a second Ctrl-C stops at once).
let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupts += 1;
    if (interrupts > 1) {
      console.error('Stopping immediately.');
      process.exit(130); // the 'exit' hook in tools/platform/launcher.mjs kills whatever is left
    }
    void shutdown('Stopping AV Pass…', 0);
  });
}

async function main() {
  // May set env.DATABASE_URL (the compose database's) when it starts PostgreSQL itself.
  infrastructure = await ensureInfrastructure({ env });
  if (infrastructure.problems.length) {
    for (const problem of infrastructure.problems) console.error(problem);
    process.exit(1);
  }

  console.log(`Starting AV Pass: ${SERVICES.join(', ')} and the gateway…`);
  try {
    // No SMTP_URL: every mail the apps send goes to maildev on this machine (they get its SMTP_URL;
    // it starts while they do).
    mailCatcher = await startMailCatcher(env);
    if (mailCatcher) {
      env.SMTP_URL = mailCatcher.smtpUrl;
      if (mailCatcher.note) console.log(`[start] ${mailCatcher.note}`);
    }
    platform = await startPlatform({
      env,
      pretty: true,
      signal: cancelStartup.signal,
      defaultMetricsPortBase: DEFAULT_METRICS_PORT_BASE,
      // An app that exits on its own is restarted by the launcher (with backoff) and logged; only
      // Ctrl-C / SIGTERM stops AV Pass.
    });
  } catch (error) {
    if (shuttingDown) return; // Ctrl-C during start-up: shutdown() exits
    console.error(error instanceof Error ? error.message : String(error));
    await mailCatcher?.stop();
    await infrastructure?.stop();
    process.exit(1);
  }

  console.log('');
  console.log(`AV Pass is running at ${platform.url}`);
  console.log(
    process.env.ADMIN_PASSWORD
      ? `Sign in as ${env.ADMIN_USERNAME} with the password from ADMIN_PASSWORD`
      : `Sign in as ${env.ADMIN_USERNAME} with the generated password printed above by the identity service (first start only)`,
  );
  const operatorPorts = Object.entries(platform.metricsPorts);
  if (operatorPorts.length)
    console.log(
      `Metrics and probes (/metrics, /healthz, /readyz): ${operatorPorts.map(([app, p]) => `${app} :${p}`).join(', ')}`,
    );
  if (mailCatcher)
    console.log(
      await mailCatcher.ready.then(
        () => `Mail is caught by maildev (none is delivered): read it at ${mailCatcher.webUrl}`,
        (error) => error.message,
      ),
    );
  console.log('Press Ctrl-C to stop.');
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : String(error));
  await mailCatcher?.stop();
  await infrastructure?.stop();
  process.exit(1);
});
