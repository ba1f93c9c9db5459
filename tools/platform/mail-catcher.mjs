// `npm start` with no SMTP_URL: a real local mail catcher (maildev) takes every mail AV Pass sends, so
// nothing leaves the machine and the mail can be read in a browser. It runs as a child of the launcher
// (its own output kept out of the launcher's), on free ports below the ephemeral range, and stops with it.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './env.mjs';
import { portIsFree } from './ports.mjs';

/** maildev's usual ports (SMTP, web); a taken pair moves both up by one until a free pair is found. */
export const MAIL_CATCHER_PORTS = Object.freeze({ smtp: 1025, web: 1080 });
const HOST = '127.0.0.1';

/** The SMTP and web ports for the catcher: the usual pair, or the next free one (with a note saying so). */
export async function mailCatcherPorts(defaults = MAIL_CATCHER_PORTS) {
  for (let shift = 0; shift < 50; shift += 1) {
    const smtp = defaults.smtp + shift;
    const web = defaults.web + shift;
    if ((await portIsFree(smtp, HOST)) && (await portIsFree(web, HOST)))
      return shift
        ? {
            smtp,
            web,
            note: `mail catcher ports ${defaults.smtp}/${defaults.web} are in use (another AV Pass on this machine?): using ${smtp}/${web} instead`,
          }
        : { smtp, web };
  }
  throw new Error(
    `No free ports for the mail catcher from ${defaults.smtp}/${defaults.web} up: set SMTP_URL to an SMTP server instead`,
  );
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect({ port, host: HOST }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** maildev's command-line entry (package.json `bin`; its `exports` hide the package's other files). */
const MAILDEV_BIN = join(REPO_ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/**
 * Starts maildev unless `env.SMTP_URL` is set (then: null, mail goes where it says). Answers at once,
 * once its ports are chosen, `{ smtpUrl, webUrl, note?, ready, stop() }`: the apps can start with
 * `smtpUrl` meanwhile (a mail sent before maildev listens waits for its retry); `ready` resolves when
 * both ports answer and rejects with one line if maildev does not start.
 */
export async function startMailCatcher(env, { timeoutMs = 60_000, defaults } = {}) {
  if (env.SMTP_URL) return null;
  const ports = await mailCatcherPorts(defaults);
  const child = spawn(
    process.execPath,
    [
      MAILDEV_BIN,
      '--smtp',
      String(ports.smtp),
      '--ip',
      HOST,
      '--web',
      String(ports.web),
      '--web-ip',
      HOST,
      '--max-emails',
      '500',
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  child.on('exit', () => (exited = true));
  const stop = () =>
    new Promise((resolve) => {
      if (exited || child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  process.once('exit', () => {
    if (!exited) child.kill('SIGKILL');
  });
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (!((await listening(ports.smtp)) && (await listening(ports.web)))) {
      if (exited || Date.now() > deadline) {
        await stop();
        const why =
          stderr.trim().split('\n').find(Boolean) ??
          (exited ? 'it exited' : `not listening after ${timeoutMs / 1000} s`);
        throw new Error(
          `The mail catcher (maildev) did not start on ${HOST}:${ports.smtp}/${ports.web} (${why}): set SMTP_URL to an SMTP server instead`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  ready.catch(() => undefined);
  return {
    smtpUrl: `smtp://${HOST}:${ports.smtp}`,
    webUrl: `http://localhost:${ports.web}`,
    note: ports.note,
    ready,
    stop,
  };
}
