import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail, type CaughtMail } from '../../libs/platform/src/testing/test-smtp-server';
import { waitFor, type WaitForOptions } from '../../libs/platform/src/testing/wait-for';

// The mail the end-to-end platform sends (issue 39): the global setup runs a real SMTP server and gives
// its URL to the platform as SMTP_URL; the server writes each mail it accepts to a spool directory as an
// .eml file (one file per mail, renamed into place whole), and the test files, in their own workers,
// read and parse them (mailparser) with `MailSpool`. A spooled file opens in any mail client too.

/** The first line of each spooled file: the envelope's recipients (RCPT TO); the raw message follows. */
const ENVELOPE = 'X-Envelope-To: ';

/** The SMTP server of the e2e platform (global setup): `url` for SMTP_URL, and `stop`. */
export interface SmtpSpool {
  url: string;
  stop(): Promise<void>;
}

/** Starts a real SMTP server on a free port of 127.0.0.1 that spools every mail it accepts into `dir`. */
export async function startSmtpSpool(dir: string): Promise<SmtpSpool> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', callback);
      stream.once('end', () => {
        try {
          const name = join(dir, String(++received).padStart(6, '0'));
          const envelope = `${ENVELOPE}${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n`;
          writeFileSync(`${name}.tmp`, Buffer.concat([Buffer.from(envelope), ...chunks]));
          renameSync(`${name}.tmp`, `${name}.eml`);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The mail the e2e platform has sent so far, read from the spool directory (`inject('mailSpool')`). */
export class MailSpool {
  private readonly parsed = new Map<string, CaughtMail>();

  constructor(private readonly dir: string) {}

  /** Every mail accepted so far, oldest first. */
  async all(): Promise<CaughtMail[]> {
    const files = readdirSync(this.dir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
    for (const file of files)
      if (!this.parsed.has(file)) {
        const raw = readFileSync(join(this.dir, file));
        const end = raw.indexOf('\r\n');
        const recipients = raw.subarray(ENVELOPE.length, end).toString('utf8').split(', ').filter(Boolean);
        this.parsed.set(file, await parseMail(raw.subarray(end + 2), recipients));
      }
    return files.map((file) => this.parsed.get(file)!);
  }

  /** The mails accepted for `address` so far. */
  async mailTo(address: string): Promise<CaughtMail[]> {
    return (await this.all()).filter((mail) => mail.recipients.includes(address));
  }

  /** Waits (polling, until the deadline) for the first accepted mail that `match` accepts, and returns it. */
  waitForMail(match: (mail: CaughtMail) => boolean, options: WaitForOptions = {}): Promise<CaughtMail> {
    return waitFor(async () => (await this.all()).find(match), {
      message: 'a mail arrived at the e2e SMTP server',
      intervalMs: 200,
      ...options,
    });
  }
}
