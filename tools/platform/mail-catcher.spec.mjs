// The catcher `npm start` runs when SMTP_URL is unset: maildev answers SMTP and its web page, a second
// one on the same machine takes the next free pair of ports (and says so), and SMTP_URL set runs none.
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from './mail-catcher.mjs';
import { portIsFree } from './ports.mjs';

const running = [];
afterAll(async () => {
  for (const catcher of running) await catcher.stop();
});

/** A pair of free ports below the ephemeral range, different per run. */
async function freePair() {
  for (let smtp = 21000 + (process.pid % 400) * 8; smtp < 30000; smtp += 8)
    if ((await portIsFree(smtp, '127.0.0.1')) && (await portIsFree(smtp + 1, '127.0.0.1')))
      if ((await portIsFree(smtp + 4, '127.0.0.1')) && (await portIsFree(smtp + 5, '127.0.0.1')))
        return { smtp, web: smtp + 4 };
  throw new Error('no free ports');
}

describe('startMailCatcher', () => {
  it('runs none when SMTP_URL is set', async () => {
    expect(await startMailCatcher({ SMTP_URL: 'smtp://mail.example.org:587' })).toBeNull();
  });

  it('catches mail, and a second one takes the next free ports', async () => {
    const defaults = await freePair();
    const first = await startMailCatcher({}, { defaults });
    running.push(first);
    await first.ready;
    expect(first).toMatchObject({
      smtpUrl: `smtp://127.0.0.1:${defaults.smtp}`,
      webUrl: `http://localhost:${defaults.web}`,
      note: undefined,
    });
    const transport = createTransport(first.smtpUrl);
    const info = await transport.sendMail({
      from: 'AV Pass <no-reply@avpass.local>',
      to: 'staff@partner.test',
      subject: 'Statement',
      text: 'Ready.',
    });
    expect(info.accepted).toEqual(['staff@partner.test']);
    const page = await fetch(`http://127.0.0.1:${defaults.web}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);

    const second = await startMailCatcher({}, { defaults });
    running.push(second);
    await second.ready;
    expect(second.smtpUrl).toBe(`smtp://127.0.0.1:${defaults.smtp + 1}`);
    expect(second.note).toMatch(/are in use .*: using \d+\/\d+ instead/);
  });
});
