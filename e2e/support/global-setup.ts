import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../../libs/platform/src/testing/test-database';
import { TwilioStandIn } from '../../libs/platform/src/testing/twilio-standin';
import { startSmtpSpool, type SmtpSpool } from './mail';

// The whole platform, built, as separate processes — the same launcher as `npm start` — on its own
// database, NATS namespace and port (one per shard when `npm test` runs the files as shards side by side).
let stop: (() => Promise<void>) | null = null;
let database: TestDatabase | null = null;
let smtp: SmtpSpool | null = null;
let mailSpool: string | null = null;
let twilio: TwilioStandIn | null = null;
/** The number the platform sends SMS from (the stand-in checks it is E.164). */
const SMS_FROM = '+15005550006';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };
/**
 * The member pass's secret (issue 43): a test's own, so a till test can sign the code a phone showed
 * 2 minutes ago (a screenshot) with the keys the platform derives from it.
 */
export const E2E_MEMBER_PASS_SECRET = 'e2e-member-pass-secret-0123456789abcdef';

export async function setup(project: TestProject): Promise<void> {
  // @ts-expect-error tools/platform.mjs is plain JavaScript
  const { startPlatform } = await import('../../tools/platform.mjs');
  database = await createTestDatabase();
  const port = String(await freePort());
  // The platform's mail goes to a real SMTP server here, which spools it where the test files read it
  // (e2e/support/mail.ts), instead of the maildev `npm start` runs.
  mailSpool = mkdtempSync(join(tmpdir(), 'avpass-e2e-mail-'));
  smtp = await startSmtpSpool(mailSpool);
  // Its SMS go to a local stand-in that speaks Twilio's Messages API; test files read its inbox over HTTP.
  twilio = await TwilioStandIn.start();
  const natsNamespace = `e2e_${randomBytes(4).toString('hex')}`;
  const platform = await startPlatform({
    // Eleven processes starting at once on a shared 2-core machine can take over a minute; slow is not broken.
    readyTimeoutMs: 180_000,
    env: {
      DATABASE_URL: database.url,
      NATS_NAMESPACE: natsNamespace,
      PORT: port,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      MEMBER_PASS_SECRET: E2E_MEMBER_PASS_SECRET,
      DATA_DIR: `/tmp/avpass-e2e-${port}`,
      LOG_LEVEL: 'warn',
      // Below the form's own ceiling (1000), so a refusal only the server makes can be seen.
      BULK_MAX_QUANTITY: '500',
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      // The link in a mail opens this platform's web app.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: SMS_FROM,
      TWILIO_API_URL: twilio.url,
    },
    onLine: (text: string) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  stop = platform.stop;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  // A test that plays another service's outbox (a finished month's events, issue 39) publishes here.
  project.provide('nats', { url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', namespace: natsNamespace });
  project.provide('mailSpool', mailSpool);
  project.provide('twilio', { url: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken });
}

/** A port free now, chosen by the system (two shards side by side must not pick the same one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function teardown(): Promise<void> {
  await stop?.();
  await smtp?.stop();
  await twilio?.stop();
  // E2E_KEEP_DATABASE=1 keeps what the run left (its audit trail, its mail, say) for a look afterwards.
  if (process.env.E2E_KEEP_DATABASE) console.log(`e2e database kept: ${database?.url}; mail: ${mailSpool}`);
  else {
    await database?.drop();
    if (mailSpool) rmSync(mailSpool, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    nats: { url: string; namespace: string };
    /** The directory the platform's mail is spooled to, as .eml files (read it with MailSpool). */
    mailSpool: string;
    /** The Twilio stand-in the platform sends SMS to (read its inbox with SmsInbox). */
    twilio: { url: string; accountSid: string; authToken: string };
  }
}
