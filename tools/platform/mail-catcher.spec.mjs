// The catcher `npm start` runs when SMTP_URL is unset: maildev answers SMTP and its web page, ports
// taken (a second AV Pass on the machine) move it to the next free pair (and it says so), and SMTP_URL
// set runs none.
import { createServer } from 'node:net';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { mailCatcherPorts, startMailCatcher } from './mail-catcher.mjs';
import { portIsFree } from './ports.mjs';

const cleanups = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Two pairs of free ports below the ephemeral range (smtp, smtp + 1; web, web + 1), different per run. */
async function freePairs() {
  for (let smtp = 21000 + (process.pid % 400) * 8; smtp < 30000; smtp += 8) {
    const ports = [smtp, smtp + 1, smtp + 4, smtp + 5];
    let free = true;
    for (const port of ports) free = free && (await portIsFree(port, '127.0.0.1'));
    if (free) return { smtp, web: smtp + 4 };
  }
  throw new Error('no free ports');
}

describe('the mail catcher', () => {
  it('runs none when SMTP_URL is set', async () => {
    expect(await startMailCatcher({ SMTP_URL: 'smtp://mail.example.org:587' })).toBeNull();
  });

  it('takes the next free pair of ports when its own are taken, and says so', async () => {
    const defaults = await freePairs();
    const taken = createServer().listen(defaults.web, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const ports = await mailCatcherPorts(defaults);
    expect(ports).toMatchObject({ smtp: defaults.smtp + 1, web: defaults.web + 1 });
    expect(ports.note).toMatch(/are in use .*: using \d+\/\d+ instead/);
  });

  // maildev takes a few seconds to load on a quiet box, many more on a busy one.
  it('catches mail and shows it on its web page', { timeout: 120_000 }, async () => {
    const defaults = await freePairs();
    const catcher = await startMailCatcher({}, { defaults });
    cleanups.push(() => catcher.stop());
    expect(catcher).toMatchObject({
      smtpUrl: `smtp://127.0.0.1:${defaults.smtp}`,
      webUrl: `http://localhost:${defaults.web}`,
      note: undefined,
    });
    await catcher.ready;
    const info = await createTransport(catcher.smtpUrl).sendMail({
      from: 'AV Pass <no-reply@avpass.local>',
      to: 'staff@partner.test',
      subject: 'Statement',
      text: 'Ready.',
    });
    expect(info.accepted).toEqual(['staff@partner.test']);
    const page = await fetch(`http://127.0.0.1:${defaults.web}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  });
});
