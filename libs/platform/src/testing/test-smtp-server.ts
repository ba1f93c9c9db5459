import { simpleParser, type AddressObject, type Source } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor, type WaitForOptions } from './wait-for';

/** One mail the test server accepted, parsed (mailparser). */
export interface CaughtMail {
  /** The envelope's recipients (RCPT TO), as the server accepted them. */
  recipients: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  headers: Map<string, unknown>;
  attachments: { filename: string | undefined; contentType: string; content: Buffer }[];
}

/** Whether `bytes` start as a PDF file does (`%PDF-`). */
export const isPdf = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? '').filter(Boolean),
  );

/** One mail as the server received it (`source`: its raw message), parsed; `recipients`: the envelope's. */
export async function parseMail(source: Source, recipients: string[]): Promise<CaughtMail> {
  const parsed = await simpleParser(source);
  return {
    recipients,
    from: addresses(parsed.from)[0] ?? '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || null,
    messageId: parsed.messageId ?? null,
    headers: parsed.headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/**
 * A real SMTP server in the test's process (smtp-server on a free port of 127.0.0.1, no TLS, no
 * authentication needed) that keeps every mail it accepts, parsed: give `url` to the app as SMTP_URL
 * and wait for what it sends. It can refuse recipients (a 550 for each, as a server that does not know
 * them) to test retries and failures.
 */
export class TestSmtpServer {
  readonly mail: CaughtMail[] = [];
  /** Recipients refused with 550 while this says so. */
  private refusing: ((address: string) => boolean) | undefined;

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<TestSmtpServer> {
    const caught: { by?: TestSmtpServer } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (caught.by?.refusing?.(address.address)) {
          const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected`) as Error & {
            responseCode: number;
          };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        parseMail(
          stream,
          session.envelope.rcptTo.map((r) => r.address),
        )
          .then((mail) => {
            caught.by?.mail.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    caught.by = new TestSmtpServer(server, (server.server.address() as AddressInfo).port);
    return caught.by;
  }

  /** The SMTP_URL that reaches this server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuse (550) the recipients `which` matches, until called again with undefined. */
  refuseRecipients(which: ((address: string) => boolean) | undefined): void {
    this.refusing = which;
  }

  /** The mails accepted for `address` so far. */
  mailTo(address: string): CaughtMail[] {
    return this.mail.filter((m) => m.recipients.includes(address));
  }

  /** Waits for the first accepted mail that `match` accepts (default: any), and returns it. */
  waitForMail(match: (mail: CaughtMail) => boolean = () => true, options: WaitForOptions = {}) {
    return waitFor(() => this.mail.find(match), {
      message: 'a mail arrived at the test SMTP server',
      ...options,
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
