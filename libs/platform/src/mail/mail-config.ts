import { MAIL_JOB_RETRY } from '@avpass/contracts';
import { z } from 'zod';

/** Where mail goes when nothing is set: maildev's SMTP port on this machine (`npm start` runs one). */
export const LOCAL_SMTP_URL = 'smtp://127.0.0.1:1025';
export const LOCAL_MAIL_FROM = 'AV Pass <no-reply@avpass.local>';

/** `Name <address>` or a bare address, one line; the address part checked. */
const mailbox = z
  .string()
  .trim()
  .refine(
    (value) => /^(?:[^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value),
    'must be an address like no-reply@example.org or "AV Pass <no-reply@example.org>"',
  );

const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return /^smtps?:$/.test(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a URL like smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465');

/**
 * The mail settings of a service that sends mail (libs/platform/src/mail), to spread into its config
 * schema: `serviceEnvSchema.extend({ ...mailEnvShape, … })`. Unset or blank settings take the local
 * defaults (maildev, which `npm start` runs and points SMTP_URL at).
 */
export const mailEnvShape = {
  /** The SMTP server: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), user and password in the URL. */
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), smtpUrl.default(LOCAL_SMTP_URL)),
  /** The sender of every mail, e.g. "AV Pass <no-reply@avpass.example>". */
  MAIL_FROM: z.preprocess((v) => (v === '' ? undefined : v), mailbox.default(LOCAL_MAIL_FROM)),
  /** Attempts to send one mail before it is marked failed, and the first retry's delay (doubling). */
  MAIL_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(MAIL_JOB_RETRY.attempts),
  MAIL_JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(MAIL_JOB_RETRY.backoff.delay),
  /**
   * A mail still queued this long after its job was queued gets its job again (a job lost with Redis,
   * or never queued while Redis was away); the sweep looks this often too.
   */
  MAIL_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Mails one instance sends at once. Each makes its attachments in the service's process (a statement's
   * PDF: tens of MB of heap for thousands of lines), so it bounds the service's memory.
   */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
};

export const mailEnvSchema = z.object(mailEnvShape);

/**
 * Which part of the mail path a process runs: `all` records, queues and sends (one process); `relay`
 * records mail and queues its jobs but sends nothing (an API process whose mail is sent by workers
 * apart, e.g. STATEMENTS_MODE=api); `worker` only sends (renders attachments, talks SMTP).
 */
export type MailRole = 'all' | 'relay' | 'worker';
export type MailConfig = z.infer<typeof mailEnvSchema>;
